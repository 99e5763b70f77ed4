import { UNPLACED_STATUSES } from '@wholesale/contract';
import type { Db } from '../../db/client.js';

/** The Today screen's counts and newest rows: read-only SQL over orders, payments, accounts, webhooks, mail. */
export function todayRepository(db: Db) {
  const count = (n: { n: number | string | bigint } | undefined) => Number(n?.n ?? 0);
  return {
    async ordersPlacedOn(date: string, limit: number) {
      // Orders never placed (awaiting approval or payment, declined, withdrawn) are not orders placed.
      const base = db
        .selectFrom('orders')
        .where('orders.ordered_date', '=', date)
        .where('orders.status', 'not in', [...UNPLACED_STATUSES]);
      const [n, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .innerJoin('accounts', 'accounts.id', 'orders.account_id')
          .select([
            'orders.order_number',
            'orders.created_at',
            'orders.total_minor',
            'orders.currency_code',
            'orders.status',
            'accounts.customer_number',
            'accounts.name',
          ])
          .orderBy('orders.created_at', 'desc')
          .orderBy('orders.id', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return { count: count(n), rows };
    },

    /** Proforma orders waiting: a card payment for an order still pending and not yet expired. */
    async ordersWaiting(now: string, limit: number) {
      const base = db
        .selectFrom('payments')
        .where('payments.purpose', '=', 'order')
        .where('payments.status', '=', 'pending')
        .where((eb) => eb.or([eb('payments.expires_at', 'is', null), eb('payments.expires_at', '>', now)]));
      const [n, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .innerJoin('accounts', 'accounts.id', 'payments.account_id')
          .select([
            'payments.reference',
            'payments.created_at',
            'payments.amount_minor',
            'payments.currency_code',
            'accounts.customer_number',
            'accounts.name',
          ])
          .orderBy('payments.created_at', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return { count: count(n), rows };
    },

    async accountsOnStop(limit: number) {
      const base = db.selectFrom('accounts').where('on_stop', '=', 1).where('disabled', '=', 0);
      const [n, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .select(['customer_number', 'name', 'balance_minor', 'credit_limit_minor'])
          .orderBy('customer_number')
          .limit(limit)
          .execute(),
      ]);
      return { count: count(n), rows };
    },

    async failedWebhookDeliveries(limit: number) {
      const base = db.selectFrom('webhook_deliveries').where('webhook_deliveries.status', '=', 'failed');
      const [n, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
          .innerJoin('outbox_events', 'outbox_events.seq', 'webhook_deliveries.event_seq')
          .select([
            'webhook_deliveries.id',
            'webhook_deliveries.endpoint_id',
            'webhook_deliveries.attempts',
            'webhook_deliveries.last_status',
            'webhook_deliveries.last_error',
            'webhook_deliveries.next_attempt_at',
            'webhook_deliveries.created_at',
            'webhook_endpoints.url',
            'outbox_events.type',
          ])
          .orderBy('webhook_deliveries.id', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return { count: count(n), rows };
    },

    async failedMail(limit: number) {
      const base = db.selectFrom('mail_outbox').where('status', 'in', ['failed', 'unsendable']);
      const [n, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .select(['id', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'next_attempt_at'])
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return { count: count(n), rows };
    },
  };
}
export type TodayRepository = ReturnType<typeof todayRepository>;
