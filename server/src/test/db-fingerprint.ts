/**
 * Test helper: a fingerprint of what a database holds, table by table (row count and a hash of
 * every row, ids included), to show that two ways of writing the same data wrote the same rows.
 * Values are compared as text, so SQLite and PostgreSQL give the same fingerprint for the same
 * rows; rows are sorted after reading, so no table needs an order. Password hashes are left out
 * (salted anew each time), and so are the bookkeeping tables the triggers and migrations keep.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle } from '../db/client.js';
import type { Database } from '../db/types.js';

const SKIPPED = new Set<string>(['countries', 'catalogue_revision', 'leases']);
const VOLATILE_COLUMNS = new Set(['password_hash']);

const text = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : String(v);

/** `{ table: "rows:hash" }` for every data table the types name (a hash of 16 hex digits). */
export async function databaseFingerprint(handle: DbHandle): Promise<Record<string, string>> {
  const tables = (await tableNames(handle)).filter((t) => !SKIPPED.has(t)).sort();
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = await handle.db
      .selectFrom(table as keyof Database)
      .selectAll()
      .execute();
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .filter((k) => !VOLATILE_COLUMNS.has(k))
            .sort()
            .map((k) => [k, text((row as Record<string, unknown>)[k])]),
        ),
      )
      .sort();
    const hash = createHash('sha256');
    for (const line of lines) hash.update(line).update('\n');
    out[table] = `${rows.length}:${hash.digest('hex').slice(0, 16)}`;
  }
  return out;
}

/** The tables of the application's schema (what Database names), as the engine lists them. */
async function tableNames(handle: DbHandle): Promise<string[]> {
  const listed =
    handle.engine === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(handle.db);
  return listed.rows.map((r) => r.name).filter((n) => KNOWN.has(n));
}

/** Every table of `Database` (types.ts): TypeScript refuses this list without a table added there. */
const TABLES: Record<keyof Database, true> = {
  accounts: true,
  account_discounts: true,
  users: true,
  delivery_addresses: true,
  statements: true,
  product_types: true,
  product_ranges: true,
  products: true,
  product_prices: true,
  multibuy_tiers: true,
  inbound_deliveries: true,
  product_images: true,
  favourites: true,
  baskets: true,
  basket_lines: true,
  orders: true,
  order_lines: true,
  order_tracking: true,
  invoices: true,
  invoice_lines: true,
  payments: true,
  payment_invoices: true,
  settings: true,
  countries: true,
  refresh_tokens: true,
  one_time_tokens: true,
  password_links: true,
  idempotency_keys: true,
  counters: true,
  catalogue_revision: true,
  leases: true,
  api_clients: true,
  api_keys: true,
  integration_versions: true,
  integration_idempotency: true,
  outbox_events: true,
  webhook_endpoints: true,
  webhook_deliveries: true,
  mail_outbox: true,
  mail_opt_outs: true,
  staff_users: true,
  staff_recovery_codes: true,
  staff_sessions: true,
  view_as_sessions: true,
  staff_audit: true,
};
const KNOWN = new Set<string>(Object.keys(TABLES));
