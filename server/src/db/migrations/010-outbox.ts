import { sql, type Kysely } from 'kysely';
import type { Engine } from '../client.js';

/**
 * ERP integration, outbound (docs/areas.md, Integration):
 * - `outbox_events`: one row per announced change, written in the change's own transaction.
 *   `seq` orders the feed. On PostgreSQL a statement trigger takes a transaction-level advisory
 *   lock before the row gets its `seq`, so events commit in `seq` order and a reader paging with
 *   `after=seq` never passes over an event that commits later with a smaller number. SQLite has one
 *   writer, which gives the same.
 * - `webhook_endpoints`: an API client's receivers; the signing secret is stored encrypted.
 * - `webhook_deliveries`: one row per (event, endpoint), leased by the server sending it.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const pgsql = engine === 'postgres';
  await db.schema
    .createTable('outbox_events')
    .$call((t) =>
      pgsql
        ? t.addColumn('seq', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_events_created_idx').on('outbox_events').column('created_at').execute();

  await db.schema
    .createTable('webhook_endpoints')
    .$call((t) =>
      pgsql
        ? t.addColumn('id', 'serial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_client_idx').on('webhook_endpoints').column('client_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .$call((t) =>
      pgsql
        ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('event_seq', 'bigint', (c) => c.notNull().references('outbox_events.seq').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('leased_until', 'text')
    .addColumn('lease_holder', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_seq', 'endpoint_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .column('endpoint_id')
    .execute();

  if (pgsql) {
    await sql`create function outbox_serialise() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock(hashtext('outbox_events')); return null; end $$`.execute(db);
    await sql`create trigger outbox_events_serialise before insert on outbox_events
      for each statement execute function outbox_serialise()`.execute(db);
  }
}
