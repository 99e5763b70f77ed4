import { sql, type Kysely } from 'kysely';
import type { Engine } from '../client.js';

/**
 * A catalogue revision: one number that changes whenever a change to products or their currencies
 * could change a search's answer (a product added, removed, renamed, re-described, re-filed,
 * (de)activated, or given or denied a price in a currency). Stock and price changes do not touch it.
 * Servers keep search work keyed by it (modules/products/catalogue-index.ts), so a change made by
 * any process (the admin CLI's import, another server) is seen by the next search everywhere.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('catalogue_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_revision (id, revision) values (1, 1)`.execute(db);

  const productColumns = sql`item_number, description, product_type_id, range_id, active, search_text`;
  const priceColumns = sql`product_id, currency_code`;
  const bump = sql`update catalogue_revision set revision = revision + 1 where id = 1`;
  if (engine === 'postgres') {
    await sql`create function bump_catalogue_revision() returns trigger language plpgsql as $$
      begin ${bump}; return null; end $$`.execute(db);
    // Statement-level: an import of thousands of rows bumps the revision once per statement.
    for (const [table, columns] of [
      ['products', productColumns],
      ['product_prices', priceColumns],
    ] as const) {
      await sql`create trigger ${sql.id(`${table}_catalogue_revision`)}
        after insert or delete or update of ${columns} on ${sql.table(table)}
        for each statement execute function bump_catalogue_revision()`.execute(db);
    }
    return;
  }
  // SQLite triggers run per row; one UPDATE of one row each is cheap beside the row's own write.
  for (const [table, columns] of [
    ['products', productColumns],
    ['product_prices', priceColumns],
  ] as const) {
    for (const [event, what] of [
      ['ai', sql`insert`],
      ['ad', sql`delete`],
      ['au', sql`update of ${columns}`],
    ] as const) {
      await sql`create trigger ${sql.id(`${table}_catalogue_revision_${event}`)} after ${what} on ${sql.table(table)}
        begin ${bump}; end`.execute(db);
    }
  }
}
