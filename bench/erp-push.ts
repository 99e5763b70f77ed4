/**
 * The ERP pushes a catalogue: 50,000 products in pages of 1,000 through PUT
 * /api/integration/v1/products over HTTP, against the real server in its own process, on SQLite
 * and (with TEST_DATABASE_URL) PostgreSQL. Printed beside a bare insert of the same rows into the
 * same engine (Kysely, 1,000-row multi-row inserts, one transaction a page), measured in the same
 * run. Then the same 50 pages again: every item `unchanged`, nothing written. Target: the push
 * under 20 s on each engine.
 *
 * Then prices: a customer (an account and user made through PUT /accounts and .../users, the
 * password set through the user's set-password link) searches; 1,000 list prices change in one
 * PUT /prices, and the time from its answer until the customer's search shows the new prices (the
 * first, middle and last item of the thousand, asked together, again and again) is measured, ROUNDS
 * times. Printed beside a search round trip alone (nothing changed), measured in the same run.
 * Target: every round visible within 1 s of the answer.
 *
 *   npm run bench -- erp-push
 *   node --import tsx bench/erp-push.ts --products=10000
 *
 * Writes bench/.output/erp-push.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../server/src/db/client.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { arg, loadLine, startServer, writeOutput } from './lib.js';
import { integrationRoutes, pathOf, routes } from '@wholesale/contract';
import { composeStore } from '../server/src/compose.js';

const PRODUCTS = arg('products', 50_000);
const PAGE = 1_000;
const TARGET_SECONDS = 20;
const PRICE_CHANGES = Math.min(1_000, PRODUCTS);
const ROUNDS = arg('rounds', 5);
const VISIBLE_TARGET_MS = 1_000;

const item = (i: number) => ({
  itemNumber: `ERP-${String(i).padStart(6, '0')}`,
  description: `Bench roller blind ${i} ${['White', 'Charcoal', 'Ivory', 'Sage'][i % 4]} ${600 + (i % 20) * 100}mm`,
  productType: ['Roller Blinds', 'Shutters', 'Components & Spares'][i % 3] as string,
  range: `Range ${i % 40}`,
  unit: 'EACH',
  packQuantity: 1 + (i % 5),
});
const pages: ReturnType<typeof item>[][] = [];
for (let start = 0; start < PRODUCTS; start += PAGE)
  pages.push(Array.from({ length: Math.min(PAGE, PRODUCTS - start) }, (_, k) => item(start + k)));

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
  /** A fresh, migrated database: its handle, the server's environment for it, and clean-up. */
  fresh(): Promise<{ handle: DbHandle; env: Record<string, string>; drop(): Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async fresh() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-push-'));
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
      const name = `bench_erp_${randomBytes(4).toString('hex')}`;
      await adminQuery(pgUrl, `create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-push-'));
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

/** Baseline: the same rows inserted straight into the tables, a page a transaction. */
async function bareInsert(handle: DbHandle): Promise<number> {
  const db = handle.db;
  const started = performance.now();
  const type = await db
    .insertInto('product_types')
    .values({ name: 'Bare', sort: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const range = await db
    .insertInto('product_ranges')
    .values({ product_type_id: type.id, name: 'Bare', sort: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const page of pages)
    await db.transaction().execute(async (trx) => {
      for (let k = 0; k < page.length; k += 500)
        await trx
          .insertInto('products')
          .values(
            page.slice(k, k + 500).map((p) => ({
              item_number: p.itemNumber,
              description: p.description,
              product_type_id: type.id,
              range_id: range.id,
              pack_quantity: p.packQuantity,
              unit: p.unit,
              stock: 0,
              active: 1,
              search_text: `${p.itemNumber} ${p.description}`.toLowerCase(),
            })),
          )
          .execute();
    });
  return (performance.now() - started) / 1000;
}

async function push(base: string, key: string): Promise<{ seconds: number; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {};
  const started = performance.now();
  for (const page of pages) {
    const res = await fetch(`${base}${pathOf(integrationRoutes.upsertProducts)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: page }),
    });
    if (!res.ok) throw new Error(`PUT /products answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { summary: Record<string, number> };
    for (const [k, v] of Object.entries(body.summary)) statuses[k] = (statuses[k] ?? 0) + v;
  }
  return { seconds: (performance.now() - started) / 1000, statuses };
}

async function call(base: string, key: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A customer of a new GBP account with no discount, made the way an ERP makes one; its access token. */
async function newCustomer(base: string, key: string): Promise<string> {
  await call(base, key, 'PUT', pathOf(integrationRoutes.upsertAccounts), {
    items: [
      {
        customerNumber: 'BENCH-1',
        name: 'Bench Buyer Ltd',
        currency: 'GBP',
        paymentTerms: 'credit',
        invoiceAddress: { country: 'United Kingdom (Mainland)' },
      },
    ],
  });
  const users = (await call(
    base,
    key,
    'PUT',
    pathOf(integrationRoutes.upsertAccountUsers, { customerNumber: 'BENCH-1' }),
    {
      items: [{ username: 'bench.buyer', name: 'Bench Buyer' }],
    },
  )) as { results: { setPasswordLink?: { url: string } }[] };
  const token = new URL(users.results[0]?.setPasswordLink?.url ?? 'http://x/').searchParams.get('token') ?? '';
  const password = 'Bench-pass-2026';
  await call(base, '', 'POST', pathOf(routes.setPassword), { token, newPassword: password, confirmPassword: password });
  const session = (await call(base, '', 'POST', pathOf(routes.login), { username: 'bench.buyer', password })) as {
    accessToken: string;
  };
  return session.accessToken;
}

/** The customer's list price of each item (a search by its item number), all asked at once. */
async function shownPrices(base: string, token: string, itemNumbers: string[]): Promise<number[]> {
  return Promise.all(
    itemNumbers.map(async (itemNumber) => {
      const list = (await call(
        base,
        token,
        'GET',
        `${pathOf(routes.searchProducts)}?${new URLSearchParams({ searchValue: itemNumber, isSearching: 'true' }).toString()}`,
      )) as { itemNumber: string; price: number }[];
      return list.find((p) => p.itemNumber === itemNumber)?.price ?? Number.NaN;
    }),
  );
}

/**
 * 1,000 price changes in one PUT /prices, ROUNDS times: how long the answer took, and how long after
 * it the customer's search showed the new prices. Beside it, a search round trip alone.
 */
async function priceVisibility(base: string, key: string) {
  const token = await newCustomer(base, key);
  const changed = pages.flat().slice(0, PRICE_CHANGES);
  const probe = [0, Math.floor(PRICE_CHANGES / 2), PRICE_CHANGES - 1].map((i) => changed[i]!.itemNumber);
  const priceOf = (round: number, i: number) => Number((10 + round + (i % 100) / 100).toFixed(2));
  const putPrices = (round: number) =>
    call(base, key, 'PUT', pathOf(integrationRoutes.upsertPrices), {
      items: changed.map((p, i) => ({ itemNumber: p.itemNumber, currency: 'GBP', listPrice: priceOf(round, i) })),
    });
  await putPrices(0);
  await shownPrices(base, token, probe); // warm: the search has been asked before
  const baseline: number[] = [];
  for (let n = 0; n < 10; n++) {
    const t = performance.now();
    await shownPrices(base, token, probe);
    baseline.push(performance.now() - t);
  }
  // A first search (not yet cached) of three other items, nothing changed: what a search costs
  // when the catalogue changed and the cached answers no longer apply.
  const cold: number[] = [];
  const others = pages.flat().slice(PRICE_CHANGES);
  for (let n = 0; n < 5 && others.length >= 3 * (n + 1); n++) {
    const t = performance.now();
    await shownPrices(
      base,
      token,
      others.slice(3 * n, 3 * n + 3).map((p) => p.itemNumber),
    );
    cold.push(performance.now() - t);
  }
  cold.sort((a, b) => a - b);
  const rounds: { answerMs: number; visibleMs: number; polls: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const want = [0, Math.floor(PRICE_CHANGES / 2), PRICE_CHANGES - 1].map((i) => priceOf(round, i));
    const sent = performance.now();
    await putPrices(round);
    const answered = performance.now();
    let polls = 0;
    for (;;) {
      polls++;
      const got = await shownPrices(base, token, probe);
      if (got.every((g, n) => g === want[n])) break;
      if (performance.now() - answered > 30_000) throw new Error(`prices not visible after 30 s: ${got.join(', ')}`);
    }
    rounds.push({ answerMs: answered - sent, visibleMs: performance.now() - answered, polls });
  }
  baseline.sort((a, b) => a - b);
  return {
    baselineMedianMs: baseline[Math.floor(baseline.length / 2)]!,
    coldMedianMs: cold.length > 0 ? cold[Math.floor(cold.length / 2)]! : Number.NaN,
    rounds,
  };
}

console.log(`${PRODUCTS} products in pages of ${PAGE}; ${loadLine()}`);
const results: Record<string, unknown> = {};
for (const engine of engines) {
  const bare = await engine.fresh();
  const bareSeconds = await bareInsert(bare.handle);
  await bare.handle.close();
  await bare.drop();

  const target = await engine.fresh();
  const { key } = await composeStore(target.handle.db).apiKeys.createClient(
    'bench',
    'catalogue:write,prices:write,accounts:write',
  );
  await target.handle.close();
  const server = await startServer({ ...target.env, SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' });
  try {
    const first = await push(server.base, key);
    const again = await push(server.base, key);
    const line = (label: string, s: number) =>
      `${engine.name.padEnd(8)} ${label.padEnd(26)} ${s.toFixed(2).padStart(7)} s  ${(PRODUCTS / s).toFixed(0).padStart(7)} rows/s  ${(s / bareSeconds).toFixed(1).padStart(5)}x bare`;
    console.log(line('bare insert', bareSeconds));
    console.log(`${line('PUT /products (new)', first.seconds)}  ${JSON.stringify(first.statuses)}`);
    console.log(`${line('PUT /products (unchanged)', again.seconds)}  ${JSON.stringify(again.statuses)}`);
    console.log(
      `${engine.name.padEnd(8)} target: push under ${TARGET_SECONDS} s: ${first.seconds <= TARGET_SECONDS ? 'met' : 'MISSED'}`,
    );
    const prices = await priceVisibility(server.base, key);
    const worst = Math.max(...prices.rounds.map((r) => r.visibleMs));
    console.log(
      `${engine.name.padEnd(8)} ${PRICE_CHANGES} price changes, ${ROUNDS} rounds: PUT /prices answered in ${prices.rounds
        .map((r) => r.answerMs.toFixed(0))
        .join(', ')} ms; visible to the customer's search ${prices.rounds
        .map((r) => r.visibleMs.toFixed(0))
        .join(
          ', ',
        )} ms after the answer, polls ${prices.rounds.map((r) => r.polls).join(', ')} (a search alone, median: ${prices.baselineMedianMs.toFixed(0)} ms answered from the cache, ${prices.coldMedianMs.toFixed(0)} ms a first search)`,
    );
    console.log(
      `${engine.name.padEnd(8)} target: visible within ${VISIBLE_TARGET_MS} ms of the answer: ${worst <= VISIBLE_TARGET_MS ? 'met' : 'MISSED'} (worst ${worst.toFixed(0)} ms)`,
    );
    results[engine.name] = {
      priceChanges: PRICE_CHANGES,
      priceRounds: prices.rounds,
      searchAloneMedianMs: prices.baselineMedianMs,
      firstSearchMedianMs: prices.coldMedianMs,
      visibleTargetMs: VISIBLE_TARGET_MS,
      bareSeconds,
      pushSeconds: first.seconds,
      unchangedSeconds: again.seconds,
      firstStatuses: first.statuses,
      againStatuses: again.statuses,
      targetSeconds: TARGET_SECONDS,
    };
  } finally {
    await server.stop();
    await target.drop();
  }
}
writeOutput('erp-push.json', { products: PRODUCTS, page: PAGE, results });
