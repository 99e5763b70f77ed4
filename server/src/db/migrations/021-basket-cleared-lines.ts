import type { Kysely } from 'kysely';

/**
 * Clear basket with undo: the lines a clear removed, as JSON (line numbers, products, quantities and
 * the orders and unit prices copied lines came from), with the basket revision the clear left. Undo
 * puts them back while the basket is still at that revision; any other change to the basket ends
 * the chance. Same DDL on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('baskets').addColumn('cleared_lines', 'text').execute();
}
