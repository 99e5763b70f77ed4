import type { Kysely } from 'kysely';

/**
 * Named counters (the next order number). Allocating is one UPDATE of one row, which serialises
 * concurrent orders on both engines: a row lock on PostgreSQL, the single writer on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
}
