/**
 * The mail outbox's SQL (migration 016) and the facts the emails are rendered from. The lease and
 * retry columns work as webhook deliveries do (events/events.repository.ts): a conditional UPDATE
 * takes one row's lease, and an outcome is recorded only while the lease is still held.
 */
import type { Db } from '../../db/client.js';
import type { MailStatus } from '../../db/types.js';

export interface NewMail {
  messageId: string;
  kind: string;
  accountId: number | null;
  userId: number | null;
  recipients: string[];
  payload: string;
  status: 'pending' | 'unsendable';
  lastError: string | null;
  now: string;
}

export function mailRepository(db: Db) {
  return {
    async insert(m: NewMail): Promise<void> {
      await db
        .insertInto('mail_outbox')
        .values({
          message_id: m.messageId,
          kind: m.kind,
          account_id: m.accountId,
          user_id: m.userId,
          recipients: JSON.stringify(m.recipients),
          payload: m.payload,
          status: m.status,
          next_attempt_at: m.now,
          last_error: m.lastError,
          created_at: m.now,
        })
        .execute();
    },

    /** Pending mail that is due and not leased, oldest first. */
    due(now: string, limit: number) {
      return db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Takes one row's lease: of several servers that saw it due, exactly one gets it. */
    async claim(id: number, holder: string, now: string, leasedUntil: string): Promise<boolean> {
      const r = await db
        .updateTable('mail_outbox')
        .set({ leased_until: leasedUntil, lease_holder: holder })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    get(id: number) {
      return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Records an attempt's outcome, only while `holder` still holds the lease. */
    async finish(
      id: number,
      holder: string,
      o: {
        status: MailStatus;
        attempts: number;
        nextAttemptAt: string;
        lastError: string | null;
        sentAt: string | null;
      },
    ): Promise<boolean> {
      const r = await db
        .updateTable('mail_outbox')
        .set({
          status: o.status,
          attempts: o.attempts,
          next_attempt_at: o.nextAttemptAt,
          last_error: o.lastError,
          sent_at: o.sentAt,
          leased_until: null,
          lease_holder: null,
        })
        .where('id', '=', id)
        .where('lease_holder', '=', holder)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Failed and unsendable mail, newest first (the admin CLI's `mail list --failed`). */
    list(filter: { failedOnly: boolean; limit: number }) {
      return db
        .selectFrom('mail_outbox')
        .select(['id', 'message_id', 'kind', 'recipients', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
        .$if(filter.failedOnly, (q) => q.where('status', 'in', ['failed', 'unsendable']))
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .execute();
    },

    /** Queues a failed or unsendable email again: a fresh series of attempts, the same Message-ID. */
    async requeue(id: number, now: string, recipients?: string[]): Promise<boolean> {
      const r = await db
        .updateTable('mail_outbox')
        .set({
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          last_error: null,
          leased_until: null,
          lease_holder: null,
          ...(recipients ? { recipients: JSON.stringify(recipients) } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', ['failed', 'unsendable'])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    // ---- facts the emails are written from ---------------------------------------------------------

    /** The user's and their account's email addresses and names. */
    userContact(userId: number) {
      return db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select([
          'users.id as user_id',
          'users.name as user_name',
          'users.username',
          'users.email as user_email',
          'users.disabled',
          'accounts.id as account_id',
          'accounts.email as account_email',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    /** An order with who placed it and the account's contact details. */
    order(orderNumber: string) {
      return db
        .selectFrom('orders')
        .innerJoin('accounts', 'accounts.id', 'orders.account_id')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .select([
          'orders.id',
          'orders.order_number',
          'orders.account_id',
          'orders.user_id',
          'orders.reference',
          'orders.status',
          'orders.ordered_date',
          'orders.despatch_date',
          'orders.currency_code',
          'orders.amount_minor',
          'orders.vat_minor',
          'orders.total_minor',
          'orders.delivery_name',
          'orders.delivery_address1',
          'orders.delivery_address2',
          'orders.delivery_city',
          'orders.delivery_county',
          'orders.delivery_country',
          'orders.delivery_postcode',
          'orders.payment_id',
          'orders.shipment_preference',
          'orders.decline_reason',
          'orders.declined_by_user_id',
          'orders.approved_by_user_id',
          'accounts.name as account_name',
          'accounts.email as account_email',
          'accounts.contact as account_contact',
          'users.name as user_name',
          'users.email as user_email',
        ])
        .where('orders.order_number', '=', orderNumber)
        .executeTakeFirst();
    },

    /** A card payment with who paid it and the account's contact details. */
    payment(paymentId: string) {
      return db
        .selectFrom('payments')
        .innerJoin('accounts', 'accounts.id', 'payments.account_id')
        .innerJoin('users', 'users.id', 'payments.user_id')
        .select([
          'payments.id',
          'payments.account_id',
          'payments.user_id',
          'payments.purpose',
          'payments.status',
          'payments.amount_minor',
          'payments.currency_code',
          'payments.reference',
          'payments.card_last4',
          'payments.completed_at',
          'accounts.name as account_name',
          'accounts.email as account_email',
          'users.name as user_name',
          'users.email as user_email',
        ])
        .where('payments.id', '=', paymentId)
        .executeTakeFirst();
    },

    /** The order a proforma payment placed. */
    orderOfPayment(paymentId: string) {
      return db.selectFrom('orders').select('order_number').where('payment_id', '=', paymentId).executeTakeFirst();
    },

    tracking: async (orderId: number) =>
      (
        await db
          .selectFrom('order_tracking')
          .select('tracking_id')
          .where('order_id', '=', orderId)
          .orderBy('id')
          .execute()
      ).map((t) => t.tracking_id),

    /** Whether the user turned this category of email off (My Details, one-click unsubscribe). */
    async optedOut(userId: number, category: string): Promise<boolean> {
      const r = await db
        .selectFrom('mail_opt_outs')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('category', '=', category)
        .executeTakeFirst();
      return r !== undefined;
    },

    optOuts: async (userId: number) =>
      (await db.selectFrom('mail_opt_outs').select('category').where('user_id', '=', userId).execute()).map(
        (r) => r.category,
      ),

    async setOptOut(userId: number, category: string, off: boolean, now: string): Promise<void> {
      if (off)
        await db
          .insertInto('mail_opt_outs')
          .values({ user_id: userId, category, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'category']).doNothing())
          .execute();
      else
        await db.deleteFrom('mail_opt_outs').where('user_id', '=', userId).where('category', '=', category).execute();
    },

    orderLines(orderId: number) {
      return db
        .selectFrom('order_lines')
        .select([
          'line_no',
          'type',
          'product_id',
          'item_no',
          'description',
          'quantity',
          'quantity_shipped',
          'unit',
          'unit_price_e5',
          'line_discount_bp',
          'total_minor',
        ])
        .where('order_id', '=', orderId)
        .orderBy('line_no')
        .execute();
    },
  };
}
export type MailRepository = ReturnType<typeof mailRepository>;
