import type { Kysely } from 'kysely';
import type { Engine } from '../client.js';

/**
 * `password_links`: one-time links to set a password, given to a user the ERP creates through
 * `PUT /accounts/{customerNumber}/users` (such a user has no password until then). Only the
 * SHA-256 of the token is kept; a link works once, until `expires_at`, and only for an enabled user.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('password_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_links_user').on('password_links').column('user_id').execute();
}
