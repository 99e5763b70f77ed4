import { sql, type Kysely } from 'kysely';
import type { Engine } from '../client.js';
import { CHANGES_CHANNEL } from '../change-feed.js';

/**
 * PostgreSQL: every change to the rows a server keeps in memory for a page of products
 * (modules/products/page-facts.ts) is announced on one LISTEN/NOTIFY channel as it commits, made by
 * whichever process (a server, the admin CLI, the ERP's own SQL). Topics:
 * - `catalogue`: products, their prices, multi-buy tiers and inbound deliveries (once per statement);
 * - `terms`: an account's pricing terms (currency, discounts, VAT, carriage, proforma, on stop);
 * - `favourites:<user id>`: one user's favourites (per row; a truncate says `favourites`).
 * PostgreSQL sends a transaction's notifications at its commit, one of each payload.
 * SQLite has no notifications: nothing to do (its servers read the file on every page).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  const channel = sql.lit(CHANGES_CHANNEL);
  await sql`create function notify_portal_change() returns trigger language plpgsql as $$
    begin perform pg_notify(${channel}, tg_argv[0]); return null; end $$`.execute(db);
  await sql`create function notify_favourites_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then perform pg_notify(${channel}, 'favourites:' || old.user_id);
      else perform pg_notify(${channel}, 'favourites:' || new.user_id);
      end if;
      if tg_op = 'UPDATE' and old.user_id <> new.user_id then
        perform pg_notify(${channel}, 'favourites:' || old.user_id);
      end if;
      return null;
    end $$`.execute(db);

  const termsColumns = sql`currency_code, vat_rate_bp, carriage_minor, carriage_free_over_minor, discount_bp, is_proforma, on_stop`;
  const statementTriggers = [
    ['products', 'catalogue', sql`insert or delete or update or truncate`],
    ['product_prices', 'catalogue', sql`insert or delete or update or truncate`],
    ['multibuy_tiers', 'catalogue', sql`insert or delete or update or truncate`],
    ['inbound_deliveries', 'catalogue', sql`insert or delete or update or truncate`],
    ['accounts', 'terms', sql`insert or delete or update of ${termsColumns} or truncate`],
    ['account_discounts', 'terms', sql`insert or delete or update or truncate`],
    ['favourites', 'favourites', sql`truncate`],
  ] as const;
  for (const [table, topic, events] of statementTriggers) {
    await sql`create trigger ${sql.id(`${table}_notify_change`)} after ${events} on ${sql.table(table)}
      for each statement execute function notify_portal_change(${sql.lit(topic)})`.execute(db);
  }
  await sql`create trigger favourites_notify_row_change after insert or delete or update on favourites
    for each row execute function notify_favourites_change()`.execute(db);
}
