import { sql, type SqlBool } from 'kysely';
import type { CustomerSortKey, SortDirection, StaffOrderSortKey } from '@wholesale/contract/staff';
import type { Db } from '../../db/client.js';
import type { ValueSource } from '../../db/types.js';
import { likeEscape } from '../products/catalogue-index.js';

/** `%text%` for a case-insensitive `like` on a lower-cased column (the same on both engines). */
const containing = (text: string) => `%${likeEscape(text.toLowerCase())}%`;

export interface Paging<K extends string> {
  page: number;
  pageSize: number;
  sort: K;
  direction: SortDirection;
}

const CUSTOMER_SORT_COLUMNS = {
  customerNumber: 'accounts.customer_number',
  name: 'accounts.name',
  postcode: 'accounts.postcode',
  balance: 'accounts.balance_minor',
  creditLimit: 'accounts.credit_limit_minor',
} as const satisfies Record<CustomerSortKey, string>;

const ORDER_SORT_COLUMNS = {
  orderedDate: 'orders.ordered_date',
  orderNumber: 'orders.order_number',
  customerNumber: 'accounts.customer_number',
  status: 'orders.status',
  total: 'orders.total_minor',
} as const satisfies Record<StaffOrderSortKey, string>;

/**
 * The staff back office's reads across every account (search, an account's page, every order) and
 * the credit limit and on-stop staff set. Staff see every account: their role, checked by the staff
 * guard before a method runs, is the scope.
 */
export function backOfficeRepository(db: Db) {
  return {
    async searchCustomers(
      filter: { q?: string | undefined; onStop?: boolean | undefined },
      p: Paging<CustomerSortKey>,
    ) {
      let base = db.selectFrom('accounts');
      if (filter.q) {
        const like = containing(filter.q);
        // A postcode is matched with and without its space ("BS1 6AA", "bs16aa").
        const compact = containing(filter.q.replace(/\s+/g, ''));
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(accounts.customer_number)`, 'like', sql`${like} escape '\\'`),
            eb(sql`lower(accounts.name)`, 'like', sql`${like} escape '\\'`),
            eb(sql`replace(lower(accounts.postcode), ' ', '')`, 'like', sql`${compact} escape '\\'`),
            eb.exists(
              eb
                .selectFrom('users')
                .select(sql`1`.as('one'))
                .whereRef('users.account_id', '=', 'accounts.id')
                .where(
                  sql<SqlBool>`(lower(users.username) like ${like} escape '\\' or lower(users.name) like ${like} escape '\\' or lower(users.email) like ${like} escape '\\')`,
                ),
            ),
          ]),
        );
      }
      if (filter.onStop !== undefined) base = base.where('accounts.on_stop', '=', filter.onStop ? 1 : 0);
      const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select((eb) => [
          'accounts.customer_number',
          'accounts.name',
          'accounts.postcode',
          'accounts.city',
          'accounts.currency_code',
          'accounts.balance_minor',
          'accounts.credit_limit_minor',
          'accounts.on_stop',
          'accounts.is_proforma',
          'accounts.disabled',
          eb
            .selectFrom('users')
            .select((u) => u.fn.countAll<number | string>().as('n'))
            .whereRef('users.account_id', '=', 'accounts.id')
            .as('users'),
        ])
        .orderBy(CUSTOMER_SORT_COLUMNS[p.sort], p.direction)
        .orderBy('accounts.customer_number', p.direction)
        .limit(p.pageSize)
        .offset((p.page - 1) * p.pageSize)
        .execute();
      return { total: Number(total.n), rows };
    },

    accountByNumber: (customerNumber: string) =>
      db.selectFrom('accounts').selectAll().where('customer_number', '=', customerNumber).executeTakeFirst(),

    deliveryAddresses: (accountId: number) =>
      db
        .selectFrom('delivery_addresses')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('reference')
        .execute(),

    usersOf: (accountId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'username', 'name', 'email', 'job_title', 'disabled', 'password_hash'])
        .where('account_id', '=', accountId)
        .orderBy('username')
        .execute(),

    recentOrders: (accountId: number, n: number) =>
      db
        .selectFrom('orders')
        .select(['order_number', 'reference', 'status', 'ordered_date', 'total_minor'])
        .where('account_id', '=', accountId)
        .orderBy('ordered_date', 'desc')
        .orderBy('id', 'desc')
        .limit(n)
        .execute(),

    recentInvoices: (accountId: number, n: number) =>
      db
        .selectFrom('invoices')
        .select(['document_number', 'document_type', 'posting_date', 'due_date', 'original_minor', 'remaining_minor'])
        .where('account_id', '=', accountId)
        .orderBy('posting_date', 'desc')
        .orderBy('id', 'desc')
        .limit(n)
        .execute(),

    /** Sets the credit limit and/or on-stop as the portal's (not the ERP's) values. */
    async setCredit(
      accountId: number,
      change: { creditLimitMinor?: number | undefined; onStop?: boolean | undefined },
      now: string,
    ): Promise<void> {
      const portal: ValueSource = 'portal';
      await db
        .updateTable('accounts')
        .set({
          ...(change.creditLimitMinor === undefined
            ? {}
            : {
                credit_limit_minor: change.creditLimitMinor,
                credit_limit_source: portal,
                credit_limit_changed_at: now,
              }),
          ...(change.onStop === undefined
            ? {}
            : { on_stop: change.onStop ? 1 : 0, on_stop_source: portal, on_stop_changed_at: now }),
        })
        .where('id', '=', accountId)
        .execute();
    },

    // ---- customer users ----

    userById: (userId: number) =>
      db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select([
          'users.id',
          'users.account_id',
          'users.username',
          'users.name',
          'users.email',
          'users.job_title',
          'users.disabled',
          'users.password_hash',
          'users.created_at',
          'users.password_changed_at',
          'accounts.customer_number',
          'accounts.name as account_name',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst(),

    // ---- orders ----

    async listOrders(
      filter: {
        status?: string | undefined;
        customerNumber?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
        q?: string | undefined;
      },
      p: Paging<StaffOrderSortKey>,
    ) {
      let base = db.selectFrom('orders').innerJoin('accounts', 'accounts.id', 'orders.account_id');
      if (filter.status) base = base.where('orders.status', '=', filter.status);
      if (filter.customerNumber) base = base.where('accounts.customer_number', '=', filter.customerNumber);
      if (filter.from) base = base.where('orders.ordered_date', '>=', filter.from);
      if (filter.to) base = base.where('orders.ordered_date', '<=', filter.to);
      if (filter.q) {
        const like = containing(filter.q);
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(orders.order_number)`, 'like', sql`${like} escape '\\'`),
            eb(sql`lower(orders.reference)`, 'like', sql`${like} escape '\\'`),
          ]),
        );
      }
      const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'orders.order_number',
          'accounts.customer_number',
          'accounts.name as account_name',
          'orders.reference',
          'orders.status',
          'orders.ordered_date',
          'orders.currency_code',
          'orders.total_minor',
        ])
        .orderBy(ORDER_SORT_COLUMNS[p.sort], p.direction)
        .orderBy('orders.id', p.direction)
        .limit(p.pageSize)
        .offset((p.page - 1) * p.pageSize)
        .execute();
      return { total: Number(total.n), rows };
    },

    orderByNumber: (orderNumber: string) =>
      db
        .selectFrom('orders')
        .innerJoin('accounts', 'accounts.id', 'orders.account_id')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .selectAll('orders')
        .select(['accounts.customer_number', 'accounts.name as account_name', 'users.username as placed_by'])
        .where('orders.order_number', '=', orderNumber)
        .executeTakeFirst(),

    orderLines: (orderId: number) =>
      db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute(),

    orderTracking: (orderId: number) =>
      db
        .selectFrom('order_tracking')
        .select(['tracking_id', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),

    payment: (paymentId: string) =>
      db
        .selectFrom('payments')
        .select(['id', 'status', 'amount_minor', 'created_at'])
        .where('id', '=', paymentId)
        .executeTakeFirst(),

    /** The emails about an order (acknowledgement, despatch, cancellation), oldest first. */
    orderMails: (accountId: number, orderNumber: string) =>
      db
        .selectFrom('mail_outbox')
        .select(['kind', 'status', 'created_at', 'sent_at'])
        .where('account_id', '=', accountId)
        .where('kind', 'like', 'order.%')
        .where(sql<SqlBool>`payload like ${`%"orderNumber":${JSON.stringify(orderNumber)}%`}`)
        .orderBy('id')
        .execute(),
  };
}
export type BackOfficeRepository = ReturnType<typeof backOfficeRepository>;
