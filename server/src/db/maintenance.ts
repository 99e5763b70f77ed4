/**
 * Whole-database utilities for the demo seed and the CLIs: is the database empty, empty it, and
 * refresh the planner's statistics after a bulk load.
 */
import { sql } from 'kysely';
import type { DbHandle } from './client.js';
import type { Database } from './types.js';

/** Every data table, children before parents, so deleting in this order never breaks a foreign key. */
export const DATA_TABLES = [
  'counters',
  'payment_invoices',
  'payments',
  'idempotency_keys',
  'one_time_tokens',
  'refresh_tokens',
  'favourites',
  'basket_lines',
  'baskets',
  'order_tracking',
  'order_lines',
  'orders',
  'invoice_lines',
  'invoices',
  'product_images',
  'inbound_deliveries',
  'multibuy_tiers',
  'product_prices',
  'account_discounts',
  'products',
  'product_ranges',
  'product_types',
  'statements',
  'delivery_addresses',
  'users',
  'accounts',
  'settings',
] as const satisfies readonly (keyof Database)[];

/** True when the database has no accounts yet (what `npm start` seeds on). */
export async function isEmpty(handle: DbHandle): Promise<boolean> {
  const row = await handle.db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Delete every row of every data table, keeping the schema and the migration's reference data
 * (countries). Ids start again from 1. On SQLite the FTS index follows through its triggers.
 */
export async function resetDatabase(handle: DbHandle): Promise<void> {
  if (handle.engine === 'postgres') {
    await sql`truncate table ${sql.join(DATA_TABLES.map((t) => sql.table(t)))} restart identity cascade`.execute(
      handle.db,
    );
    return;
  }
  await handle.db.transaction().execute(async (trx) => {
    for (const table of DATA_TABLES) await trx.deleteFrom(table).execute();
    await sql`delete from sqlite_sequence where name in (${sql.join([...DATA_TABLES])})`.execute(trx);
  });
}

/** Fresh statistics, so the first queries (and benchmarks) after a bulk load get good plans. */
export async function refreshStatistics(handle: DbHandle): Promise<void> {
  if (handle.engine === 'postgres') await sql`analyze`.execute(handle.db);
  else {
    await sql`pragma analysis_limit = 1000`.execute(handle.db);
    await sql`analyze`.execute(handle.db);
  }
}
