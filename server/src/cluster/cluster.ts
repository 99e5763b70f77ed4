/**
 * Several portal servers on one PostgreSQL and Redis behind Debian's nginx: started, restarted in
 * turn, killed, stopped. Used by `npm run cluster` (cli.ts), the cluster test and bench/cluster.ts.
 *
 * nginx runs as the current user with a configuration written from deploy/nginx.conf into a prefix
 * directory of its own (pid, logs and temp paths under it): `nginx -c <conf> -p <prefix>`.
 * A planned restart drains a server with SIGTERM (it refuses new connections, which nginx then sends
 * to another server, and finishes the requests it has) and starts it again; an unplanned death
 * (SIGKILL) is handled by nginx's passive checks and retries too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathOf, routes } from '@wholesale/contract';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf');

export interface ClusterOptions {
  /** Number of servers (default 3). */
  servers?: number;
  /** nginx's port (default: a free one). */
  port?: number;
  databaseUrl: string;
  redisUrl: string;
  /** Where nginx's config, pid, logs and the shared DATA_DIR (secrets) go. */
  dir: string;
  /** How a server is run: the compiled bundle (npm run cluster) or the sources through tsx (tests). */
  entry?: { command: string; args: string[] };
  /** Extra environment for every server. */
  env?: NodeJS.ProcessEnv;
  /** Each server's output, line by line (default: dropped). */
  log?: (server: number, line: string) => void;
  nginx?: string;
}

export interface ClusterServer {
  index: number;
  port: number;
  child: ChildProcess;
  exited: Promise<number | string>;
}

export const SOURCE_ENTRY = { command: process.execPath, args: ['--import', 'tsx', 'server/src/main.ts'] };

/** nginx's binary, or undefined: NGINX_BIN, then PATH, then /usr/sbin/nginx. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    env.NGINX_BIN,
    ...(env.PATH ?? '').split(':').map((d) => d && path.join(d, 'nginx')),
    '/usr/sbin/nginx',
  ];
  return candidates.find((c): c is string => !!c && fs.existsSync(c) && isExecutable(c));
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** What the cluster needs and the machine lacks, as sentences for the operator (empty when nothing). */
export function missingForCluster(env: NodeJS.ProcessEnv = process.env): string[] {
  const missing: string[] = [];
  if (!findNginx(env))
    missing.push('nginx: not found (Debian: apt-get install -y nginx-light; or set NGINX_BIN to its path)');
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? ''))
    missing.push(
      'DATABASE_URL: servers share one PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/portal)',
    );
  if (!/^rediss?:\/\//.test(env.REDIS_URL ?? ''))
    missing.push('REDIS_URL: servers share rate limits through Redis (e.g. redis://127.0.0.1:6379)');
  return missing;
}

export function renderNginxConfig(
  template: string,
  opts: { prefix: string; listen: string; servers: { port: number; down?: boolean }[] },
) {
  const upstream = opts.servers
    .map((s) => `server 127.0.0.1:${s.port} max_fails=1 fail_timeout=2s${s.down ? ' down' : ''};`)
    .join('\n    ');
  return template
    .replaceAll('{{PREFIX}}', opts.prefix)
    .replaceAll('{{LISTEN}}', opts.listen)
    .replaceAll('{{SERVERS}}', upstream);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until GET url answers 200, or throws after `ms` (or when `gone` settles first). */
export async function waitReady(url: string, ms: number, gone?: Promise<unknown>): Promise<void> {
  let dead = false;
  void gone?.then(() => (dead = true));
  const until = Date.now() + ms;
  for (;;) {
    if (dead) throw new Error(`exited before ${url} answered 200`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > until)
      throw new Error(`${url} did not answer 200 within ${ms} ms (last: ${status || 'no answer'})`);
    await sleep(100);
  }
}

export class Cluster {
  readonly servers: ClusterServer[] = [];
  readonly prefix: string;
  readonly conf: string;
  port = 0;
  private nginxBin: string;
  private nginx?: ChildProcess;
  private dataDir: string;

  constructor(private opts: ClusterOptions) {
    const bin = opts.nginx ?? findNginx();
    if (!bin) throw new Error(missingForCluster({ ...process.env, NGINX_BIN: undefined })[0]);
    this.nginxBin = bin;
    this.prefix = path.resolve(opts.dir, 'nginx');
    this.conf = path.join(this.prefix, 'nginx.conf');
    this.dataDir = path.resolve(opts.dir, 'data');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the servers (they migrate and seed once between them), waits for them, then nginx. */
  async start(): Promise<void> {
    for (const d of ['logs', 'temp']) fs.mkdirSync(path.join(this.prefix, d), { recursive: true });
    this.ensureSecrets();
    this.port = this.opts.port ?? (await freePort());
    const n = this.opts.servers ?? 3;
    for (let i = 0; i < n; i++) this.servers.push(await this.spawn(i, await freePort()));
    await Promise.all(this.servers.map((s) => this.waitServer(s)));
    this.writeConfig();
    const test = spawnSync(this.nginxBin, ['-t', '-q', '-c', this.conf, '-p', this.prefix], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx rejects ${this.conf}: ${test.stderr}`);
    this.nginx = spawn(this.nginxBin, ['-c', this.conf, '-p', this.prefix, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let err = '';
    this.nginx.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    await waitReady(
      `${this.url}${pathOf(routes.getLiveness)}`,
      10_000,
      new Promise((r) => this.nginx?.once('exit', r)),
    ).catch((e: Error) => {
      throw new Error(`nginx did not start: ${e.message} ${err}`);
    });
  }

  /** Signing secrets shared by every server (tokens signed by one are checked by all). */
  private ensureSecrets() {
    fs.mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dataDir, 'secrets.json');
    if (fs.existsSync(file)) return;
    const secrets = {
      jwtSecret: randomBytes(48).toString('base64url'),
      paymentSecret: randomBytes(48).toString('base64url'),
    };
    fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }

  private async spawn(index: number, port: number): Promise<ClusterServer> {
    const entry = this.opts.entry ?? SOURCE_ENTRY;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_OPTIONS: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: this.opts.databaseUrl,
      REDIS_URL: this.opts.redisUrl,
      DATA_DIR: this.dataDir,
      TRUSTED_PROXIES: 'loopback',
      // Time for nginx to learn from the 503s to reads that this server is going (app.ts).
      SHUTDOWN_DELAY_MS: '1500',
      ...this.opts.env,
    };
    // A process group of its own: a Ctrl-C at the terminal reaches the controller only, which then
    // stops nginx and drains each server once.
    const child = spawn(entry.command, entry.args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const log = this.opts.log;
    for (const stream of [child.stdout, child.stderr]) {
      let buf = '';
      stream?.on('data', (c: Buffer) => {
        buf += c.toString();
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          log?.(index, buf.slice(0, nl));
          buf = buf.slice(nl + 1);
        }
      });
    }
    const exited = new Promise<number | string>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
    );
    return { index, port, child, exited };
  }

  private waitServer(s: ClusterServer) {
    return waitReady(`http://127.0.0.1:${s.port}${pathOf(routes.getReadiness)}`, 240_000, s.exited).catch(
      (e: Error) => {
        throw new Error(`server ${s.index} (port ${s.port}): ${e.message}`);
      },
    );
  }

  private writeConfig() {
    const template = fs.readFileSync(NGINX_TEMPLATE, 'utf8');
    fs.writeFileSync(
      this.conf,
      renderNginxConfig(template, { prefix: this.prefix, listen: `127.0.0.1:${this.port}`, servers: this.servers }),
    );
  }

  /**
   * A planned restart of server `i`: SIGTERM (it stops accepting, finishes its requests, exits 0),
   * started again on the same port, waited for until ready. nginx needs no reload: a refused
   * connection sends the request to another server (a POST too, since it was never sent), and the
   * server is tried again after fail_timeout. (Taking it out with `nginx -s reload` instead makes
   * nginx's old workers close the clients' kept connections, which clients see as failures.)
   * Returns its exit code.
   */
  async restart(i: number): Promise<number | string> {
    const s = this.servers[i];
    if (!s) throw new Error(`no server ${i}`);
    s.child.kill('SIGTERM');
    const code = await s.exited;
    const next = await this.spawn(i, s.port);
    this.servers[i] = next;
    await this.waitServer(next);
    return code;
  }

  /** An unplanned death: SIGKILL, nothing drained; nginx's passive checks route around it. */
  async kill(i: number): Promise<void> {
    const s = this.servers[i];
    if (!s) throw new Error(`no server ${i}`);
    s.child.kill('SIGKILL');
    await s.exited;
  }

  /** Starts a killed server again on its port (it rejoins nginx's upstream by itself). */
  async revive(i: number): Promise<void> {
    const s = this.servers[i];
    if (!s) throw new Error(`no server ${i}`);
    const next = await this.spawn(i, s.port);
    this.servers[i] = next;
    await this.waitServer(next);
  }

  /** nginx stops (quit: finishes its requests), then every server drains. */
  async stop(): Promise<void> {
    if (this.nginx && this.nginx.exitCode === null) {
      spawnSync(this.nginxBin, ['-c', this.conf, '-p', this.prefix, '-s', 'quit']);
      const gone = await Promise.race([
        new Promise((r) => this.nginx?.once('exit', () => r(true))),
        sleep(10_000).then(() => false),
      ]);
      if (!gone) this.nginx.kill('SIGKILL');
    }
    for (const s of this.servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await Promise.race([Promise.all(this.servers.map((s) => s.exited)), sleep(30_000)]);
    for (const s of this.servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  }
}
