import type { Kysely } from 'kysely';

/**
 * Where a basket line came from (price-break nudges): a line copied from an order keeps
 * that order's number, and the quantity and unit price on it, so the basket can mark lines whose
 * price (at that quantity) has changed since. All null for lines added any other way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('basket_lines').addColumn('copied_from_order', 'text').execute();
  await db.schema.alterTable('basket_lines').addColumn('ordered_unit_price_e5', 'bigint').execute();
  await db.schema.alterTable('basket_lines').addColumn('ordered_quantity', 'integer').execute();
}
