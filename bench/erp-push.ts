/**
 * The ERP pushes a catalogue: 50,000 products in pages of 1,000 through PUT
 * /api/integration/v1/products over HTTP, against the real server in its own process, on SQLite
 * and (with TEST_DATABASE_URL) PostgreSQL. Printed beside a bare insert of the same rows into the
 * same engine (Kysely, 1,000-row multi-row inserts, one transaction a page), measured in the same
 * run. Then the same 50 pages again: every item `unchanged`, nothing written. Target: the push
 * under 20 s on each engine.
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
import { apiKeysService } from '../server/src/modules/integration/api-keys.js';
import { arg, loadLine, startServer, writeOutput } from './lib.js';
import { integrationRoutes, pathOf } from '@wholesale/contract';

const PRODUCTS = arg('products', 50_000);
const PAGE = 1_000;
const TARGET_SECONDS = 20;

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

console.log(`${PRODUCTS} products in pages of ${PAGE}; ${loadLine()}`);
const results: Record<string, unknown> = {};
for (const engine of engines) {
  const bare = await engine.fresh();
  const bareSeconds = await bareInsert(bare.handle);
  await bare.handle.close();
  await bare.drop();

  const target = await engine.fresh();
  const { key } = await apiKeysService(target.handle.db).createClient('bench', 'catalogue:write');
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
    results[engine.name] = {
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
