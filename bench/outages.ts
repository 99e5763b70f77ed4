/**
 * Other customers while one client holds a table locked, or while Redis stalls. The real server
 * runs in its own process; 4 customers loop over real HTTP while:
 *
 *   locked table (PostgreSQL only: TEST_DATABASE_URL): a connection of the bench holds
 *     `LOCK TABLE orders IN ACCESS EXCLUSIVE MODE` and 12 clients loop over the order list; the
 *     customers read routes that do not touch orders (GET /api/auth/me, /api/countries, /api/health).
 *     Shipped (DB_LOCK_TIMEOUT_MS=1000) against the statement timeout alone (DB_LOCK_TIMEOUT_MS=600000,
 *     what the portal did before);
 *   stalled Redis (needs Redis at 127.0.0.1:6379): REDIS_URL points at a proxy that stops passing
 *     bytes (Redis accepts, never answers); the customers log in. Shipped (REDIS_COMMAND_TIMEOUT_MS=50)
 *     against no command timeout (REDIS_COMMAND_TIMEOUT_MS=60000, the most allowed: as before within the
 *     10 s a request is given).
 *
 *   npm run bench:outages
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:outages -- --seconds=5
 *
 * Prints p50/p99/max of the customers' requests per phase, the ratio to the quiet phase's p99, and
 * their answers (a request unanswered after 10 s counts as `hung`); writes bench/.output/outages.json.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { arg, loadLine, percentile, startServer, writeOutput } from './lib.js';
import { routes, pathOf } from '@wholesale/contract';

const { openDatabase } = await import('../server/src/db/client.js');
const { migrateToLatest } = await import('../server/src/db/migrate.js');
const { insertAccount, insertUser } = await import('../server/src/test/fixtures.js');

const SECONDS = arg('seconds', 5);
const CUSTOMERS = 4;
const ABUSERS = 12;
const HUNG_MS = 10_000;

interface Phase {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  answers: Record<string, number>;
}
const results: Phase[] = [];

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(11);
console.log(`Outages: ${CUSTOMERS} customers, ${SECONDS} s per phase; a request unanswered in ${HUNG_MS} ms is 'hung'`);
console.log(loadLine());
console.log(
  `${'phase'.padEnd(66)}${'requests'.padStart(9)}${'p50'.padStart(11)}${'p99'.padStart(11)}${'max'.padStart(11)}  answers`,
);
let quietP99 = NaN;
/** One line per phase as it ends; a phase's p99 is compared with the last quiet one before it. */
function report(p: Phase) {
  if (p.name.startsWith('quiet') || p.name.includes('Redis answering')) quietP99 = p.p99;
  const answers = Object.entries(p.answers)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  console.log(
    `${p.name.padEnd(66)}${String(p.requests).padStart(9)}${ms(p.p50)}${ms(p.p99)}${ms(p.max)}  ${answers}, p99 ${(p.p99 / quietP99).toFixed(1)}x quiet`,
  );
}

/** `customers` clients loop `request` for SECONDS; their times and answers. */
async function measure(name: string, request: () => Promise<Response>, warmUp = false): Promise<Phase> {
  const times: number[] = [];
  const answers: Record<string, number> = {};
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CUSTOMERS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        let answer: string;
        try {
          const res = await request();
          await res.arrayBuffer();
          answer = String(res.status);
        } catch {
          answer = 'hung';
        }
        times.push(performance.now() - t);
        answers[answer] = (answers[answer] ?? 0) + 1;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const phase = {
    name,
    requests: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? NaN,
    answers,
  };
  if (!warmUp) {
    results.push(phase);
    report(phase);
  }
  return phase;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers, signal: AbortSignal.timeout(HUNG_MS) });

async function loginAs(base: string, username: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}${pathOf(routes.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Portal-test-1' }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

/** A TCP proxy that can stop passing bytes without closing anything. */
async function silentProxy(port: number) {
  const state = { silent: false };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(port, '127.0.0.1');
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      from.on('data', (b) => void (state.silent || to.write(b)));
      from.on('error', () => {});
      from.on('close', () => (sockets.delete(from), to.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
    s.on('connect', () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
  });

// --- A locked table (PostgreSQL) ---
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log('SKIPPED locked-table phases: PostgreSQL only, and TEST_DATABASE_URL is not set');
else {
  const name = `bench_outages_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const handle = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    await migrateToLatest(handle);
    const accountId = await insertAccount(handle.db);
    for (const u of ['customer', 'abuser']) await insertUser(handle.db, accountId, u);
    await handle.close();

    for (const [label, lockTimeout] of [
      ['shipped: lock_timeout 1 s', '1000'],
      ['before: statement timeout only', '600000'],
    ] as const) {
      const server = await startServer({
        DATABASE_URL: url.toString(),
        DB_LOCK_TIMEOUT_MS: lockTimeout,
        SEED_ON_EMPTY: 'false',
        LOG_LEVEL: 'error',
        LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      });
      try {
        const customer = await loginAs(server.base, 'customer');
        const abuser = await loginAs(server.base, 'abuser');
        const reads = [pathOf(routes.getCurrentUser), pathOf(routes.getCountries), pathOf(routes.getHealth)];
        let n = 0;
        const read = () => {
          const route = reads[n++ % reads.length]!;
          return get(`${server.base}${route}`, route === pathOf(routes.getHealth) ? {} : customer);
        };
        await measure('warm-up', read, true);
        await measure(`quiet (${label})`, read);
        const locker = new pg.Client({ connectionString: url.toString() });
        await locker.connect();
        await locker.query('begin');
        await locker.query('lock table orders in access exclusive mode');
        let stop = false;
        const abusers = Array.from({ length: ABUSERS }, async () => {
          while (!stop)
            await get(`${server.base}${pathOf(routes.listOpenOrders)}`, abuser).then(
              (r) => r.arrayBuffer(),
              () => undefined,
            );
        });
        await measure(`orders locked, ${ABUSERS} listing (${label})`, read);
        stop = true;
        await locker.query('rollback');
        await locker.end();
        await Promise.all(abusers);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// --- A stalled Redis ---
if (!(await reachable(6379))) console.log('SKIPPED stalled-Redis phases: nothing answers on 127.0.0.1:6379');
else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outages-'));
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle);
  await insertUser(handle.db, await insertAccount(handle.db), 'customer');
  await handle.close();
  for (const [label, commandTimeout] of [
    ['shipped: command timeout 50 ms', '50'],
    ['before: no command timeout (60 s)', '60000'],
  ] as const) {
    const proxy = await silentProxy(6379);
    const server = await startServer({
      DATA_DIR: dataDir,
      REDIS_URL: proxy.url,
      REDIS_COMMAND_TIMEOUT_MS: commandTimeout,
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'error',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    });
    try {
      const login = () =>
        fetch(`${server.base}${pathOf(routes.login)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'customer', password: 'Portal-test-1' }),
          signal: AbortSignal.timeout(HUNG_MS),
        });
      await measure('warm-up', login, true);
      await measure(`logins, Redis answering (${label})`, login);
      proxy.state.silent = true;
      await measure(`logins, Redis silent (${label})`, login);
    } finally {
      await server.stop();
      await proxy.close();
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

writeOutput('outages.json', { customers: CUSTOMERS, seconds: SECONDS, phases: results });
process.exit(0);
