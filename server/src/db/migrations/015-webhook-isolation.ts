import type { Kysely } from 'kysely';

/**
 * Webhook endpoints that fail, and events meant for one API client:
 * - `webhook_endpoints.failing_since`: when the endpoint's current run of failed attempts began
 *   (null after a success); failing for 3 days disables it (webhook-dispatcher.ts).
 * - `outbox_events.client_id`: null for the portal's own events (every client's feed); set for an
 *   event about one client's endpoints (`webhook_endpoint.disabled`), which only that client sees.
 * Same DDL on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('failing_since', 'text').execute();
  await db.schema.alterTable('outbox_events').addColumn('client_id', 'integer').execute();
}
