import { INTEGRATION_MSG } from '@wholesale/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

/**
 * Attempts in flight at once to one endpoint, across all servers: a slow or dead receiver holds at
 * most this many of a dispatcher's slots; an endpoint whose last attempt failed gets one.
 */
export const ENDPOINT_CONCURRENCY = 2;
export const FAILING_ENDPOINT_CONCURRENCY = 1;

export interface NewOutboxEvent {
  eventId: string;
  type: string;
  accountId: number | null;
  payload: string;
  createdAt: string;
  /** The one API client the event is about (only its feed and endpoints get it); none: every client's. */
  clientId?: number | null;
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
          client_id: e.clientId ?? null,
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return Number(row.seq);
    },

    /** The feed of one client: the portal's events and those about the client itself. */
    eventsAfter(after: number, limit: number, clientId: number | null) {
      return db
        .selectFrom('outbox_events')
        .selectAll()
        .where('seq', '>', after)
        .where((eb) =>
          clientId === null
            ? eb('client_id', 'is', null)
            : eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]),
        )
        .orderBy('seq')
        .limit(limit)
        .execute();
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
        .leftJoin('users as approver', 'approver.id', 'orders.approved_by_user_id')
        .selectAll('orders')
        .select([
          'accounts.customer_number',
          'accounts.name as account_name',
          'users.username',
          'users.name as user_name',
          'users.email as user_email',
          'approver.username as approver_username',
          'approver.name as approver_name',
          'approver.email as approver_email',
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
          // Enabling by hand clears why the portal disabled it, and starts its failure clock afresh.
          ...(patch.enabled !== undefined
            ? {
                enabled: patch.enabled ? 1 : 0,
                disabled_reason: patch.enabled ? null : INTEGRATION_MSG.webhookDisabled.byClient,
              }
            : {}),
          ...(patch.enabled === true ? { failing_since: null } : {}),
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

    /**
     * Every enabled endpoint of a live client (of one client when given): an event is queued for
     * each one subscribed to it.
     */
    enabledEndpoints(clientId?: number | null) {
      return db
        .selectFrom('webhook_endpoints')
        .leftJoin('api_clients', 'api_clients.id', 'webhook_endpoints.client_id')
        .select(['webhook_endpoints.id', 'webhook_endpoints.client_id', 'webhook_endpoints.event_types'])
        .where('webhook_endpoints.enabled', '=', 1)
        .where('api_clients.revoked_at', 'is', null)
        .$if(clientId != null, (q) => q.where('webhook_endpoints.client_id', '=', clientId as number))
        .execute();
    },

    /** An attempt failed: the endpoint's run of failures starts now unless it has already; when it began. */
    async markEndpointFailing(id: number, now: string): Promise<string> {
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: now })
        .where('id', '=', id)
        .where('failing_since', 'is', null)
        .execute();
      const row = await db
        .selectFrom('webhook_endpoints')
        .select('failing_since')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.failing_since ?? now;
    },

    /** An attempt succeeded: the endpoint is healthy again. */
    async markEndpointHealthy(id: number): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', id)
        .where('failing_since', 'is not', null)
        .execute();
    },

    /** Disables an enabled endpoint (the dispatcher's automatic reasons); false if it was not enabled. */
    async disableIfEnabled(id: number, reason: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_reason: reason, updated_at: now })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    // ---- the operator's view (admin CLI): every client's endpoints --------------------------

    allEndpoints(clientName?: string) {
      return db
        .selectFrom('webhook_endpoints as e')
        .innerJoin('api_clients as c', 'c.id', 'e.client_id')
        .select((eb) => [
          'e.id',
          'e.url',
          'e.event_types',
          'e.enabled',
          'e.disabled_reason',
          'e.failing_since',
          'c.name as client_name',
          'c.revoked_at as client_revoked_at',
          eb
            .selectFrom('webhook_deliveries as d')
            .select((x) => x.fn.countAll<number | string>().as('n'))
            .whereRef('d.endpoint_id', '=', 'e.id')
            .where('d.status', '=', 'pending')
            .as('pending'),
        ])
        .$if(clientName !== undefined, (q) => q.where('c.name', '=', clientName as string))
        .orderBy('c.name')
        .orderBy('e.id')
        .execute();
    },

    async deleteEndpointById(id: number): Promise<boolean> {
      const r = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** False if there is no such endpoint. */
    async disableEndpoint(id: number, reason: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_reason: reason, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** One endpoint's deliveries, newest first by default, with their events: the staff back office's log. */
    async deliveryLog(
      endpointId: number,
      q: {
        status?: 'pending' | 'delivered' | 'failed' | undefined;
        /** Only this delivery. */
        id?: number | undefined;
        sort: 'createdAt' | 'nextAttemptAt' | 'attempts';
        direction: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const base = db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('outbox_events as o', 'o.seq', 'd.event_seq')
        .where('d.endpoint_id', '=', endpointId)
        .$if(q.status !== undefined, (b) => b.where('d.status', '=', q.status!))
        .$if(q.id !== undefined, (b) => b.where('d.id', '=', q.id!));
      const column = { createdAt: 'd.created_at', nextAttemptAt: 'd.next_attempt_at', attempts: 'd.attempts' } as const;
      const [total, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select([
            'd.id',
            'd.status',
            'd.attempts',
            'd.next_attempt_at',
            'd.last_status',
            'd.last_error',
            'd.delivered_at',
            'd.created_at',
            'o.event_id',
            'o.type',
          ])
          .orderBy(column[q.sort], q.direction)
          .orderBy('d.id', q.direction)
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
      ]);
      return { total: Number(total.n), rows };
    },

    deliveryOfEndpoint(endpointId: number, deliveryId: number) {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', deliveryId)
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirst();
    },

    endpointById(id: number) {
      return db.selectFrom('webhook_endpoints').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
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
            }),
          )
          .execute();
      }
    },

    /**
     * Pending deliveries that are due and not leased, to enabled endpoints of live clients, each
     * endpoint's oldest first and no more of one endpoint than its free slots (ENDPOINT_CONCURRENCY
     * less the attempts to it in flight on any server). Every endpoint's first before anyone's
     * second, so a busy endpoint does not crowd out the others.
     */
    async dueDeliveries(now: string, limit: number): Promise<{ id: number; endpoint_id: number }[]> {
      const cap = sql`(case when e.failing_since is null then ${sql.lit(ENDPOINT_CONCURRENCY)} else ${sql.lit(FAILING_ENDPOINT_CONCURRENCY)} end)`;
      // `busy`: attempts in flight per endpoint, counted once; endpoints at their cap drop out
      // before the window numbers each remaining endpoint's due deliveries.
      const r = await sql<{ id: number | string; endpoint_id: number }>`
        with busy as (
          select endpoint_id, count(*) as n from webhook_deliveries
          where status = 'pending' and leased_until >= ${now}
          group by endpoint_id
        )
        select id, endpoint_id from (
          select d.id, d.endpoint_id, d.event_seq,
            row_number() over (partition by d.endpoint_id order by d.event_seq) as rn,
            ${cap} - coalesce(b.n, 0) as free
          from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id
          left join api_clients c on c.id = e.client_id
          left join busy b on b.endpoint_id = d.endpoint_id
          where d.status = 'pending' and d.next_attempt_at <= ${now}
            and (d.leased_until is null or d.leased_until < ${now})
            and e.enabled = 1 and c.revoked_at is null
            and ${cap} > coalesce(b.n, 0)
        ) due
        where rn <= free
        order by rn, event_seq
        limit ${limit}`.execute(db);
      return r.rows.map((row) => ({ id: Number(row.id), endpoint_id: Number(row.endpoint_id) }));
    },

    /**
     * Takes the lease on one delivery: one atomic conditional UPDATE, so of several servers that
     * saw it due, exactly one gets it (and another only once the lease has run out). It first locks
     * the endpoint's row (a no-op write) so that servers count its attempts in flight one after
     * another: the endpoint's concurrency holds across servers. Nothing is claimed for a disabled
     * endpoint or a revoked client.
     */
    async claim(id: number, endpointId: number, holder: string, now: string, leasedUntil: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_endpoints')
          .set((eb) => ({ enabled: eb.ref('enabled') }))
          .where('id', '=', endpointId)
          .execute();
        const r = await trx
          .updateTable('webhook_deliveries')
          .set({ leased_until: leasedUntil, lease_holder: holder })
          .where('id', '=', id)
          .where('endpoint_id', '=', endpointId)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]))
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('webhook_endpoints as e')
                .leftJoin('api_clients as c', 'c.id', 'e.client_id')
                .select('e.id')
                .where('e.id', '=', endpointId)
                .where('e.enabled', '=', 1)
                .where('c.revoked_at', 'is', null),
            ),
          )
          .where(
            sql<boolean>`(select count(*) from webhook_deliveries l
              where l.endpoint_id = ${endpointId} and l.status = 'pending' and l.leased_until >= ${now})
              < (select case when failing_since is null then ${sql.lit(ENDPOINT_CONCURRENCY)} else ${sql.lit(FAILING_ENDPOINT_CONCURRENCY)} end
                 from webhook_endpoints where id = ${endpointId})`,
          )
          .executeTakeFirst();
        return Number(r.numUpdatedRows) === 1;
      });
    },

    /** A claimed delivery with its event and endpoint. */
    deliveryToSend(id: number) {
      return db
        .selectFrom('webhook_deliveries')
        .innerJoin('outbox_events', 'outbox_events.seq', 'webhook_deliveries.event_seq')
        .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
        .leftJoin('api_clients', 'api_clients.id', 'webhook_endpoints.client_id')
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
          'webhook_endpoints.client_id',
          'webhook_endpoints.failing_since',
          'api_clients.revoked_at as client_revoked_at',
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

    /** Gives a claimed delivery back untried (its endpoint was disabled meanwhile). */
    async releaseLease(id: number, holder: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ leased_until: null, lease_holder: null })
        .where('id', '=', id)
        .where('lease_holder', '=', holder)
        .execute();
    },

    deliveriesOf(eventSeq: number) {
      return db.selectFrom('webhook_deliveries').selectAll().where('event_seq', '=', eventSeq).orderBy('id').execute();
    },
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;
