/**
 * A server whose PostgreSQL connections are lost under load (backends terminated, as a failover, a
 * restart or an idle-session killer does; a TCP connection cut) keeps running: requests that lost
 * their connection answer 503 with Retry-After, later ones are served on fresh connections, and
 * the change feed listens again. The server runs as a process of its own (server/src/main.ts),
 * reaching PostgreSQL through a TCP proxy the test can cut.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { pathOf, routes } from '@wholesale/contract';
import type { DbHandle } from './client.js';
import { FEED_APPLICATION_NAME } from './change-feed.js';
import { testEngines } from './testing.js';
import { insertAccount, insertUser } from '../test/fixtures.js';

const pgEngine = testEngines().find((e) => e.name === 'postgres');
if (!pgEngine) console.log('SKIPPED connection-loss tests: PostgreSQL only, and TEST_DATABASE_URL is not set');

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A TCP proxy to PostgreSQL whose connections can all be cut at once. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    /** Resets every connection passing through (RST, as a dropped route or a restarted proxy). */
    cut() {
      const n = sockets.size;
      for (const s of sockets) s.resetAndDestroy();
      return n;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => proxy.close(resolve));
    },
  };
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** The server under test counts its limits in process: a Redis outage is not what is tested here. */
function withoutRedis(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { REDIS_URL: _, ...rest } = env;
  return rest;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!pgEngine)('losing PostgreSQL connections under load', () => {
  let base: DbHandle;
  let dbUrl: URL;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let server: ChildProcess;
  let exited: string | undefined;
  let output = '';
  let origin: string;
  let dataDir: string;

  beforeAll(async () => {
    base = await pgEngine!.open();
    const accountId = await insertAccount(base.db);
    await insertUser(base.db, accountId, 'loss');
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(base.db)).rows[0]!.n;
    dbUrl = new URL(process.env.TEST_DATABASE_URL!);
    dbUrl.pathname = `/${name}`;
    proxy = await cuttableProxy(dbUrl);
    const through = new URL(dbUrl);
    through.host = `127.0.0.1:${proxy.port}`;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-loss-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...withoutRedis(process.env),
        NODE_ENV: 'test',
        DATABASE_URL: through.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_ON_EMPTY: 'false',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
        WEB_DIST: '/nonexistent',
        DB_ACQUIRE_TIMEOUT_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    server.on('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));
    for (const end = Date.now() + 60_000; !output.includes('serving http'); await sleep(50)) {
      if (exited || Date.now() > end) throw new Error(`server did not start (${exited ?? 'timed out'}):\n${output}`);
    }
  }, 90_000);

  afterAll(async () => {
    if (server && !exited) {
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await proxy?.close();
    await base?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function feedConnections(admin: pg.Client): Promise<number> {
    const r = await admin.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [FEED_APPLICATION_NAME],
    );
    return Number(r.rows[0]!.n);
  }

  it('answers 503 with Retry-After or 200, never dies, serves on fresh connections and listens again', async () => {
    const login = await fetch(`${origin}${pathOf(routes.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'loss', password: 'Portal-test-1' }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };

    const admin = new pg.Client({ connectionString: dbUrl.toString() });
    await admin.connect();
    try {
      // The change feed is listening before the outage.
      for (const end = Date.now() + 10_000; (await feedConnections(admin)) !== 1; await sleep(100))
        if (Date.now() > end) throw new Error('the change feed never listened');

      const codes = new Map<string, number>();
      const failures: string[] = [];
      let stop = false;
      const paths = [
        pathOf(routes.listOpenOrders),
        pathOf(routes.getCountries),
        pathOf(routes.getNotification),
        pathOf(routes.listOpenOrders),
        pathOf(routes.getCurrentUser),
      ];
      // 20 clients checking out at once: more than the pool's 10 connections.
      const clients = Array.from({ length: 20 }, async (_, i) => {
        for (let n = 0; !stop; n++) {
          const url = `${origin}${paths[(i + n) % paths.length]}`;
          try {
            const res = await fetch(url, { headers });
            await res.arrayBuffer();
            const key = String(res.status);
            codes.set(key, (codes.get(key) ?? 0) + 1);
            if (res.status === 503 && !res.headers.get('retry-after')) failures.push(`503 without Retry-After: ${url}`);
            if (res.status !== 200 && res.status !== 503) failures.push(`${res.status} for ${url}`);
          } catch (err) {
            failures.push(`${url}: ${(err as Error).message}`);
            if (exited) return;
            await sleep(50);
          }
        }
      });

      await sleep(500);
      // Three rounds of terminated backends, then two cuts of every TCP connection, under load.
      for (let round = 0; round < 3 && !exited; round++) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        await sleep(400);
      }
      let cut = 0;
      for (let round = 0; round < 2 && !exited; round++) {
        cut += proxy.cut();
        await sleep(400);
      }
      await sleep(500);
      stop = true;
      await Promise.all(clients);

      expect(exited, output).toBeUndefined();
      expect(failures.slice(0, 10), output).toEqual([]);
      expect(codes.get('200') ?? 0).toBeGreaterThan(0);
      expect(cut).toBeGreaterThan(0);

      // Served on fresh connections once the outage is over.
      for (const p of [pathOf(routes.listOpenOrders), pathOf(routes.getCountries), pathOf(routes.getHealth)]) {
        const res = await fetch(`${origin}${p}`, { headers });
        expect(res.status, p).toBe(200);
      }
      // The change feed listens again (it retries about a second after a drop).
      for (const end = Date.now() + 10_000; (await feedConnections(admin)) !== 1; await sleep(100))
        if (Date.now() > end) throw new Error('the change feed did not listen again');
      expect(exited, output).toBeUndefined();
      console.log(`connection loss under load: answers ${JSON.stringify(Object.fromEntries(codes))}`);
    } finally {
      await admin.end();
    }
  }, 60_000);
});
