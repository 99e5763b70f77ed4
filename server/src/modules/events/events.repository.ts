import { INTEGRATION_MSG } from '@wholesale/contract';
import type { Db } from '../../db/client.js';

export interface NewOutboxEvent {
  eventId: string;
  type: string;
  accountId: number | null;
  payload: string;
  createdAt: string;
}

export interface EndpointPatch {
  url?: string;
  eventTypes?: string;
  enabled?: boolean;
}

/** The only place the outbox, webhook endpoint and delivery SQL lives. */
export function eventsRepository(db: Db) {
  return {
    // ---- the outbox -------------------------------------------------------------------------

    async insertEvent(e: NewOutboxEvent): Promise<number> {
      const row = await db
        .insertInto('outbox_events')
        .values({
          event_id: e.eventId,
          type: e.type,
          account_id: e.accountId,
          payload: e.payload,
          created_at: e.createdAt,
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return Number(row.seq);
    },

    eventsAfter(after: number, limit: number) {
      return db.selectFrom('outbox_events').selectAll().where('seq', '>', after).orderBy('seq').limit(limit).execute();
    },

    eventById(eventId: string) {
      return db.selectFrom('outbox_events').selectAll().where('event_id', '=', eventId).executeTakeFirst();
    },

    async purgeBefore(iso: string): Promise<number> {
      const r = await db.deleteFrom('outbox_events').where('created_at', '<', iso).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    // ---- what the payloads are made of ------------------------------------------------------

    orderFacts(orderNumber: string) {
      return db
        .selectFrom('orders')
        .innerJoin('accounts', 'accounts.id', 'orders.account_id')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .selectAll('orders')
        .select([
          'accounts.customer_number',
          'accounts.name as account_name',
          'users.username',
          'users.name as user_name',
          'users.email as user_email',
        ])
        .where('orders.order_number', '=', orderNumber)
        .executeTakeFirst();
    },

    orderLines(orderId: number) {
      return db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute();
    },

    customerNumber(accountId: number) {
      return db
        .selectFrom('accounts')
        .select(['customer_number', 'name'])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    paymentInvoices(paymentId: string) {
      return db
        .selectFrom('payment_invoices')
        .innerJoin('invoices', 'invoices.id', 'payment_invoices.invoice_id')
        .select(['invoices.document_number', 'payment_invoices.amount_minor', 'invoices.remaining_minor'])
        .where('payment_invoices.payment_id', '=', paymentId)
        .orderBy('invoices.document_number')
        .execute();
    },

    // ---- webhook endpoints (every query names the API client) --------------------------------

    async insertEndpoint(e: {
      clientId: number;
      url: string;
      eventTypes: string;
      secretEnc: string;
      enabled: boolean;
      now: string;
    }): Promise<number> {
      const row = await db
        .insertInto('webhook_endpoints')
        .values({
          client_id: e.clientId,
          url: e.url,
          event_types: e.eventTypes,
          secret_enc: e.secretEnc,
          enabled: e.enabled ? 1 : 0,
          created_at: e.now,
          updated_at: e.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Locks the API client's row until the transaction ends (a no-op write: PostgreSQL's row lock,
     * SQLite's write lock), so checks of its endpoints made after it see every earlier commit.
     */
    async lockClient(clientId: number): Promise<void> {
      await db
        .updateTable('api_clients')
        .set((eb) => ({ name: eb.ref('name') }))
        .where('id', '=', clientId)
        .execute();
    },

    async countEndpoints(clientId: number): Promise<number> {
      const r = await db
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    listEndpoints(clientId: number) {
      return db.selectFrom('webhook_endpoints').selectAll().where('client_id', '=', clientId).orderBy('id').execute();
    },

    findEndpoint(clientId: number, id: number) {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async updateEndpoint(clientId: number, id: number, patch: EndpointPatch, now: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_endpoints')
        .set({
          ...(patch.url !== undefined ? { url: patch.url } : {}),
          ...(patch.eventTypes !== undefined ? { event_types: patch.eventTypes } : {}),
          // Enabling by hand clears why the portal disabled it.
          ...(patch.enabled !== undefined
            ? {
                enabled: patch.enabled ? 1 : 0,
                disabled_reason: patch.enabled ? null : INTEGRATION_MSG.webhookDisabled.byClient,
              }
            : {}),
          updated_at: now,
        })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async deleteEndpoint(clientId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('webhook_endpoints')
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Every enabled endpoint, of any client: an event is queued for each one subscribed to it. */
    enabledEndpoints() {
      return db
        .selectFrom('webhook_endpoints')
        .select(['id', 'client_id', 'event_types'])
        .where('enabled', '=', 1)
        .execute();
    },

    async disableEndpoint(id: number, reason: string, now: string): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_reason: reason, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    // ---- deliveries ------------------------------------------------------------------------------

    async insertDeliveries(eventSeq: number, endpointIds: readonly number[], now: string): Promise<void> {
      if (endpointIds.length === 0) return;
      await db
        .insertInto('webhook_deliveries')
        .values(
          endpointIds.map((endpointId) => ({
            event_seq: eventSeq,
            endpoint_id: endpointId,
            status: 'pending' as const,
            next_attempt_at: now,
            created_at: now,
          })),
        )
        .execute();
    },

    /** Queues the event again for these endpoints: a fresh series of attempts, the same event id. */
    async requeueDeliveries(eventSeq: number, endpointIds: readonly number[], now: string): Promise<void> {
      for (const endpointId of endpointIds) {
        await db
          .insertInto('webhook_deliveries')
          .values({
            event_seq: eventSeq,
            endpoint_id: endpointId,
            status: 'pending',
            next_attempt_at: now,
            created_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['event_seq', 'endpoint_id']).doUpdateSet({
              status: 'pending',
              attempts: 0,
              next_attempt_at: now,
              created_at: now,
              last_error: null,
            }),
          )
          .execute();
      }
    },

    /** Pending deliveries that are due and not leased, to enabled endpoints; oldest event first. */
    dueDeliveries(now: string, limit: number) {
      return db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
        .select('webhook_deliveries.id')
        .where('webhook_deliveries.status', '=', 'pending')
        .where('webhook_deliveries.next_attempt_at', '<=', now)
        .where((eb) =>
          eb.or([eb('webhook_deliveries.leased_until', 'is', null), eb('webhook_deliveries.leased_until', '<', now)]),
        )
        .where('webhook_endpoints.enabled', '=', 1)
        .orderBy('webhook_deliveries.event_seq')
        .limit(limit)
        .execute();
    },

    /**
     * Takes the lease on one delivery: one atomic conditional UPDATE, so of several servers that
     * saw it due, exactly one gets it (and another only once the lease has run out).
     */
    async claim(id: number, holder: string, now: string, leasedUntil: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ leased_until: leasedUntil, lease_holder: holder })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** A claimed delivery with its event and endpoint. */
    deliveryToSend(id: number) {
      return db
        .selectFrom('webhook_deliveries')
        .innerJoin('outbox_events', 'outbox_events.seq', 'webhook_deliveries.event_seq')
        .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
        .select([
          'webhook_deliveries.id',
          'webhook_deliveries.attempts',
          'webhook_deliveries.created_at as queued_at',
          'webhook_deliveries.endpoint_id',
          'outbox_events.seq',
          'outbox_events.event_id',
          'outbox_events.type',
          'outbox_events.payload',
          'outbox_events.created_at',
          'webhook_endpoints.url',
          'webhook_endpoints.secret_enc',
          'webhook_endpoints.enabled',
        ])
        .where('webhook_deliveries.id', '=', id)
        .executeTakeFirst();
    },

    /** Records an attempt's outcome, only while this server still holds the lease. */
    async finishAttempt(
      id: number,
      holder: string,
      outcome: {
        status: 'pending' | 'delivered' | 'failed';
        attempts: number;
        nextAttemptAt: string;
        lastStatus: number | null;
        lastError: string | null;
        deliveredAt: string | null;
      },
    ): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.status,
          attempts: outcome.attempts,
          next_attempt_at: outcome.nextAttemptAt,
          last_status: outcome.lastStatus,
          last_error: outcome.lastError,
          delivered_at: outcome.deliveredAt,
          leased_until: null,
          lease_holder: null,
        })
        .where('id', '=', id)
        .where('lease_holder', '=', holder)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    deliveriesOf(eventSeq: number) {
      return db.selectFrom('webhook_deliveries').selectAll().where('event_seq', '=', eventSeq).orderBy('id').execute();
    },
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;
