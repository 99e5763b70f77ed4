/**
 * Customers while the ERP pushes prices. One ERP client loops PUT
 * /api/integration/v1/prices with 1,000 rows, every row a new price each time, at its full budget
 * (INTEGRATION_RATE_LIMIT_PER_MINUTE, 600 a minute: a push starts at most every 100 ms), while
 * signed-in customers read their baskets (GET /api/basket, lines whose prices the ERP changes), 4
 * clients in a loop. The same customers alone first (quiet): that is the baseline, measured in the
 * same run against the same server. The real server runs compiled in its own process, on SQLite
 * and (with TEST_DATABASE_URL) PostgreSQL.
 *
 *   npm run bench:erp-contention                      # 5 s per phase
 *   node --import tsx bench/erp-contention.ts --seconds=10
 *
 * Prints per engine and phase the customers' reads, p50, p99, max and reads a second, the ratios
 * to the quiet phase, and the ERP's pushes (answers, p50 time); writes
 * bench/.output/erp-contention.json. Target: customers' p99 under push within 2x quiet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { arg, loadLine, percentile, startServer, writeOutput } from './lib.js';
import { integrationRoutes, pathOf, routes } from '@wholesale/contract';

const { openDatabase } = await import('../server/src/db/client.js');
const { migrateToLatest } = await import('../server/src/db/migrate.js');
const { insertAccount, insertUser } = await import('../server/src/test/fixtures.js');
const { composeStore } = await import('../server/src/compose.js');
type DbHandle = import('../server/src/db/client.js').DbHandle;

const SECONDS = arg('seconds', 5);
const CUSTOMERS = 4;
const ROWS = 1_000;
const BASKET_LINES = 5;
const BUDGET_PER_MINUTE = 600;
const TARGET_RATIO = 2;
const PASSWORD = 'Portal-test-1';

const items = Array.from({ length: ROWS }, (_, i) => ({
  itemNumber: `ERP-${String(i).padStart(5, '0')}`,
  description: `Bench roller blind ${i} ${['White', 'Charcoal', 'Ivory', 'Sage'][i % 4]} ${600 + (i % 20) * 100}mm`,
  productType: ['Roller Blinds', 'Shutters', 'Components & Spares'][i % 3] as string,
  range: `Range ${i % 40}`,
  unit: 'EACH',
  packQuantity: 1,
}));
/** Push `round`'s prices: every row differs from the round before. */
const priceList = (round: number) => ({
  items: items.map((p, i) => ({
    itemNumber: p.itemNumber,
    currency: 'GBP',
    listPrice: Number((10 + (round % 2) + (i % 100) / 100).toFixed(2)),
  })),
});

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Engine {
  name: 'sqlite' | 'postgres';
  fresh(): Promise<{ handle: DbHandle; env: Record<string, string>; drop(): Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async fresh() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-contention-'));
      const handle = openDatabase({ dataDir: dir });
      await migrateToLatest(handle);
      return { handle, env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl?.startsWith('postgres'))
  engines.push({
    name: 'postgres',
    async fresh() {
      const name = `bench_contention_${randomBytes(4).toString('hex')}`;
      await adminQuery(pgUrl, `create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-contention-'));
      const handle = openDatabase({ databaseUrl: url.toString(), dataDir: dir });
      await migrateToLatest(handle);
      return {
        handle,
        env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
        drop: async () => {
          await adminQuery(pgUrl, `drop database if exists ${name} with (force)`);
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  });
else console.log('PostgreSQL part skipped: TEST_DATABASE_URL is not set');

async function call(base: string, auth: Record<string, string>, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

const signIn = async (base: string, username: string) => {
  const { accessToken } = (await call(base, {}, 'POST', pathOf(routes.login), {
    username,
    password: PASSWORD,
  })) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
};

interface Phase {
  name: string;
  reads: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  pushes: Record<string, number>;
  pushP50: number;
}

async function phase(
  base: string,
  name: string,
  customers: Record<string, string>[],
  erp: Record<string, string> | undefined,
): Promise<Phase> {
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const times: number[] = [];
  const pushes: Record<string, number> = {};
  const pushTimes: number[] = [];
  const read = async (auth: Record<string, string>) => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(`${base}${pathOf(routes.getBasket)}`, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`a customer got ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  const push = async (auth: Record<string, string>) => {
    const spacing = 60_000 / BUDGET_PER_MINUTE;
    for (let round = 1; performance.now() < until; round++) {
      const t = performance.now();
      const res = await fetch(`${base}${pathOf(integrationRoutes.upsertPrices)}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(priceList(round)),
      });
      await res.arrayBuffer();
      pushes[res.status] = (pushes[res.status] ?? 0) + 1;
      pushTimes.push(performance.now() - t);
      const wait = t + spacing - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  await Promise.all([...customers.map(read), ...(erp ? [push(erp)] : [])]);
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  pushTimes.sort((a, b) => a - b);
  return {
    name,
    reads: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? NaN,
    pushes,
    pushP50: percentile(pushTimes, 50),
  };
}

async function runEngine(engine: Engine): Promise<{ quiet: Phase; pushed: Phase }> {
  const target = await engine.fresh();
  const { key } = await composeStore(target.handle.db).apiKeys.createClient('bench', 'catalogue:write,prices:write');
  for (let c = 0; c < CUSTOMERS; c++)
    await insertUser(target.handle.db, await insertAccount(target.handle.db), `buyer${c}`);
  await target.handle.close();
  const server = await startServer({
    ...target.env,
    SEED_ON_EMPTY: 'false',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    INTEGRATION_RATE_LIMIT_PER_MINUTE: String(BUDGET_PER_MINUTE),
  });
  try {
    const erp = { authorization: `Bearer ${key}` };
    await call(server.base, erp, 'PUT', pathOf(integrationRoutes.upsertProducts), { items });
    await call(server.base, erp, 'PUT', pathOf(integrationRoutes.upsertPrices), priceList(0));
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, c) => signIn(server.base, `buyer${c}`)));
    for (const [c, auth] of customers.entries())
      for (let l = 0; l < BASKET_LINES; l++)
        await call(server.base, auth, 'POST', pathOf(routes.addBasketLine), {
          itemNumber: items[(c * 97 + l * 191) % ROWS]!.itemNumber,
          quantity: 1 + l,
        });
    // Warm-up: the JIT and the caches, both sides.
    await phase(server.base, 'warm-up', customers, undefined);
    const quiet = await phase(server.base, 'quiet', customers, undefined);
    const pushed = await phase(server.base, 'ERP pushing', customers, erp);
    return { quiet, pushed };
  } finally {
    await server.stop();
    await target.drop();
  }
}

const results: Record<string, { quiet: Phase; pushed: Phase }> = {};
for (const engine of engines) results[engine.name] = await runEngine(engine);

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
console.log(
  `\nCustomers under ERP load: one client looping PUT /prices (${ROWS} changed rows) at ${BUDGET_PER_MINUTE} a minute, ${CUSTOMERS} customers reading GET /api/basket (${BASKET_LINES} lines), ${SECONDS} s per phase`,
);
console.log(loadLine());
console.log(
  `${'engine'.padEnd(10)}${'phase'.padEnd(13)}${'reads'.padStart(7)}${'reads/s'.padStart(9)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}  p50/quiet  p99/quiet  reads/s/quiet  pushes (p50)`,
);
let ok = true;
for (const [name, { quiet, pushed }] of Object.entries(results)) {
  for (const p of [quiet, pushed]) {
    const answers = Object.entries(p.pushes)
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    console.log(
      `${name.padEnd(10)}${p.name.padEnd(13)}${String(p.reads).padStart(7)}${p.perSecond.toFixed(0).padStart(9)}${ms(p.p50)}${ms(p.p99)}${ms(p.max)}  ${(p.p50 / quiet.p50).toFixed(1).padStart(8)}x  ${(p.p99 / quiet.p99).toFixed(1).padStart(8)}x  ${(p.perSecond / quiet.perSecond).toFixed(2).padStart(12)}x  ${answers ? `${answers} (${p.pushP50.toFixed(0)} ms)` : '-'}`,
    );
  }
  const ratio = pushed.p99 / quiet.p99;
  if (ratio > TARGET_RATIO) ok = false;
  console.log(
    `${name.padEnd(10)}customers' p99 under push ${ratio.toFixed(1)}x quiet: ${ratio <= TARGET_RATIO ? 'meets' : 'MISSES'} the ${TARGET_RATIO}x target`,
  );
}
writeOutput('erp-contention.json', {
  seconds: SECONDS,
  customers: CUSTOMERS,
  rows: ROWS,
  budgetPerMinute: BUDGET_PER_MINUTE,
  results,
  met: ok,
});
