import type { Kysely } from 'kysely';

/**
 * Leases for work that one server of several does at a time (modules/periodic/): a row per named
 * piece of work, held by one process until `expires_at` (ISO text, like every timestamp here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
