import type { Kysely } from 'kysely';
import type { Engine } from '../client.js';

/**
 * The ERP integration API's own state:
 * - `api_clients` (a name and its scopes) and `api_keys` (several per client, so a key can be
 *   rotated: both stay valid until the old one is revoked). A key is `wpk_<key id>_<secret>`; only
 *   the SHA-256 of the whole key is stored, found by its key id.
 * - `integration_versions`: the last `sourceVersion` applied per (entity, ERP key), so older data
 *   sent late is refused as stale.
 * - `integration_idempotency`: the first answer to a POST per (client, Idempotency-Key).
 * - `orders.erp_reference`: the ERP's own reference, recorded by `POST /orders/{n}/acknowledge`.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const serial = engine === 'postgres';
  let clients = db.schema.createTable('api_clients');
  clients = serial
    ? clients.addColumn('id', 'serial', (c) => c.primaryKey())
    : clients.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await clients
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_client').on('api_keys').column('client_id').execute();

  await db.schema
    .createTable('integration_versions')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('erp_key', 'text', (c) => c.notNull())
    .addColumn('source_version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('integration_versions_pk', ['entity', 'erp_key'])
    .execute();

  await db.schema
    .createTable('integration_idempotency')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('integration_idempotency_pk', ['client_id', 'key'])
    .execute();

  await db.schema.alterTable('orders').addColumn('erp_reference', 'text').execute();
  await db.schema.alterTable('orders').addColumn('erp_acknowledged_at', 'text').execute();
}
