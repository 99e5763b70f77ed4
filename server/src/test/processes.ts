/**
 * Test helper: the server as a real process (`node --import tsx server/src/main.ts`), one process
 * per server so that a signal reaches it (not a chain through npx), with its output kept for the
 * assertion messages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pathOf, routes } from '@wholesale/contract';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
}

/** A port nothing listens on just now. */
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

/** Starts a server process with `env` over a clean environment (no DATABASE_URL or REDIS_URL unless given). */
export async function spawnServer(env: NodeJS.ProcessEnv, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS', 'PORT', 'SEED_ON_EMPTY']) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...base, HOST: '127.0.0.1', PORT: String(p), LOG_LEVEL: 'warn', SEED_ON_EMPTY: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, port: p, url: `http://127.0.0.1:${p}`, output: () => out, exited };
}

/** Waits until `GET path` answers `status` (connection errors count as not yet), or fails after `ms`. */
export async function waitForStatus(
  server: ServerProcess,
  path = pathOf(routes.getReadiness),
  status = 200,
  ms = 60_000,
): Promise<void> {
  const until = Date.now() + ms;
  let exitCode: number | string | undefined;
  void server.exited.then((c) => (exitCode = c));
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`server exited (${exitCode}) before ${path} answered ${status}:\n${server.output()}`);
    const got = await fetch(server.url + path, { signal: AbortSignal.timeout(3_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (got === status) return;
    if (Date.now() > until)
      throw new Error(`${path} did not answer ${status} within ${ms} ms (last ${got}):\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
