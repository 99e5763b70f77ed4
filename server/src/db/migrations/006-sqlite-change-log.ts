import { sql, type Kysely } from 'kysely';
import type { Engine } from '../client.js';

/**
 * SQLite: the same changes migration 005 announces on PostgreSQL, written down instead, for the
 * SQLite change feed (db/change-feed.ts: sqliteChangeFeed) to read. SQLite has no notifications,
 * so a server looks: before using rows kept for a page it reads one number, `change_counter.seq`,
 * which every change below moves on, and only when it moved reads `change_log` (each topic with
 * the counter's value at its latest change) for what changed. Topics as in migration 005:
 * `catalogue` (products, prices, multi-buy tiers, inbound deliveries), `terms` (an account's pricing
 * columns, its discounts) and `favourites:<user id>`.
 *
 * The triggers run per row (SQLite has no statement triggers): two one-row updates by key beside
 * the row's own write, as migration 004's revision bump. A rolled-back change rolls its entries back
 * with it; changes commit one writer at a time, so the counter only grows in commit order.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql`create table change_counter (id integer primary key check (id = 1), seq integer not null)`.execute(db);
  await sql`insert into change_counter (id, seq) values (1, 0)`.execute(db);
  await sql`create table change_log (topic text primary key, seq integer not null)`.execute(db);
  await sql`insert into change_log (topic, seq) values ('catalogue', 0), ('terms', 0)`.execute(db);

  const bump = sql`update change_counter set seq = seq + 1 where id = 1;`;
  const mark = (topic: string) =>
    sql`update change_log set seq = (select seq from change_counter where id = 1) where topic = ${sql.lit(topic)};`;
  const termsColumns = sql`currency_code, vat_rate_bp, carriage_minor, carriage_free_over_minor, discount_bp, is_proforma, on_stop`;
  const tables = [
    ['products', 'catalogue', sql`update`],
    ['product_prices', 'catalogue', sql`update`],
    ['multibuy_tiers', 'catalogue', sql`update`],
    ['inbound_deliveries', 'catalogue', sql`update`],
    ['accounts', 'terms', sql`update of ${termsColumns}`],
    ['account_discounts', 'terms', sql`update`],
  ] as const;
  for (const [table, topic, update] of tables) {
    for (const [event, what] of [
      ['ai', sql`insert`],
      ['ad', sql`delete`],
      ['au', update],
    ] as const) {
      await sql`create trigger ${sql.id(`${table}_change_log_${event}`)} after ${what} on ${sql.table(table)}
        begin ${bump} ${mark(topic)} end`.execute(db);
    }
  }
  // A user's favourites: that user's topic, made when first needed.
  const markUser = (row: 'new' | 'old') =>
    sql`insert or replace into change_log (topic, seq)
      values ('favourites:' || ${sql.raw(row)}.user_id, (select seq from change_counter where id = 1));`;
  await sql`create trigger favourites_change_log_ai after insert on favourites begin ${bump} ${markUser('new')} end`.execute(
    db,
  );
  await sql`create trigger favourites_change_log_ad after delete on favourites begin ${bump} ${markUser('old')} end`.execute(
    db,
  );
  await sql`create trigger favourites_change_log_au after update on favourites
    begin ${bump} ${markUser('old')} ${markUser('new')} end`.execute(db);
}
