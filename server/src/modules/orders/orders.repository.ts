import { DECLINED, ORDER_LOCKED_STATUSES, WITHDRAWN, type CurrencyCode } from '@wholesale/contract';
import type { ExpressionBuilder, Insertable } from 'kysely';
import { insertInBatches, insertReturningIds } from '../../db/batches.js';
import type { Db } from '../../db/client.js';
import type { Database, OrderLinesTable, OrdersTable, OrderTrackingTable } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

const orderColumns = [
  'orders.id',
  'orders.order_number',
  'orders.reference',
  'orders.status',
  'orders.location',
  'orders.ordered_date',
  'orders.despatch_date',
  'orders.currency_code',
  'orders.amount_minor',
  'orders.vat_minor',
  'orders.total_minor',
  'orders.address_reference',
  'orders.delivery_name',
  'orders.delivery_address1',
  'orders.delivery_address2',
  'orders.delivery_city',
  'orders.delivery_county',
  'orders.delivery_postcode',
  'orders.delivery_country',
  'orders.erp_reference',
  'orders.shipment_preference',
  'orders.cancelled_at',
  'orders.cancelled_by',
  'orders.cancelled_by_name',
  'orders.user_id',
  'orders.decline_reason',
] as const;

/** Who placed (or submitted), approved and declined an order: the names of the account's users. */
const byNames = (eb: ExpressionBuilder<Database, 'orders'>) => [
  eb.selectFrom('users').select('users.name').whereRef('users.id', '=', 'orders.user_id').as('placed_by_name'),
  eb
    .selectFrom('users')
    .select('users.name')
    .whereRef('users.id', '=', 'orders.approved_by_user_id')
    .as('approved_by_name'),
  eb
    .selectFrom('users')
    .select('users.name')
    .whereRef('users.id', '=', 'orders.declined_by_user_id')
    .as('declined_by_name'),
];

const lineColumns = [
  'order_lines.order_id',
  'order_lines.line_no',
  'order_lines.type',
  'order_lines.product_id',
  'order_lines.item_no',
  'order_lines.description',
  'order_lines.quantity',
  'order_lines.quantity_shipped',
  'order_lines.location',
  'order_lines.unit',
  'order_lines.unit_price_e5',
  'order_lines.line_discount_bp',
  'order_lines.total_minor',
] as const;

/** The only place order SQL lives. Every query is scoped to one account. */
export function ordersRepository(db: Db) {
  /**
   * "Open orders": the account's orders, where Shipped ones are kept only while recent (despatched,
   * or failing that ordered, on or after `shippedSince`) so their tracking stays at hand without the
   * list growing for ever, and Cancelled ones as long after their recorded cancellation (so the
   * buyer sees what happened to them; ones cancelled before it was recorded are not listed).
   */
  const openOrdersOf = (accountId: number, shippedSince: string) =>
    db
      .selectFrom('orders')
      .where('orders.account_id', '=', accountId)
      .where((eb) =>
        eb.or([
          eb('orders.status', 'not in', ['Shipped', 'Cancelled', DECLINED, WITHDRAWN]),
          eb.and([
            eb('orders.status', '=', 'Shipped'),
            eb(eb.fn.coalesce('orders.despatch_date', 'orders.ordered_date'), '>=', shippedSince),
          ]),
          eb.and([eb('orders.status', '=', 'Cancelled'), eb('orders.cancelled_at', '>=', shippedSince)]),
          // Orders that ended before approval stay listed as long, so the buyer sees why.
          eb.and([eb('orders.status', 'in', [DECLINED, WITHDRAWN]), eb('orders.updated_at', '>=', shippedSince)]),
        ]),
      );

  return {
    /** The open orders, newest first, each with whether it has tracking numbers. */
    listOpenOrders(accountId: number, shippedSince: string) {
      return openOrdersOf(accountId, shippedSince)
        .select(orderColumns)
        .select(byNames)
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('order_tracking')
                .select('order_tracking.id')
                .whereRef('order_tracking.order_id', '=', 'orders.id'),
            )
            .as('has_tracking'),
        )
        .orderBy('orders.ordered_date', 'desc')
        .orderBy('orders.id', 'desc')
        .execute();
    },

    /** The lines of every open order, in one query. */
    listOpenOrderLines(accountId: number, shippedSince: string) {
      return db
        .selectFrom('order_lines')
        .select(lineColumns)
        .where('order_lines.order_id', 'in', openOrdersOf(accountId, shippedSince).select('orders.id'))
        .orderBy('order_lines.order_id')
        .orderBy('order_lines.line_no')
        .execute();
    },

    /** One order of the account, whatever its status; another account's number finds nothing. */
    findOrder(accountId: number, orderNumber: string) {
      return db
        .selectFrom('orders')
        .select(orderColumns)
        .select(byNames)
        .where('orders.account_id', '=', accountId)
        .where('orders.order_number', '=', orderNumber)
        .executeTakeFirst();
    },

    orderLines(orderId: number) {
      return db
        .selectFrom('order_lines')
        .select(lineColumns)
        .where('order_lines.order_id', '=', orderId)
        .orderBy('order_lines.line_no')
        .execute();
    },

    async trackingIds(orderId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('order_tracking')
        .select('tracking_id')
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.tracking_id);
    },

    /**
     * Cancels in one statement, only while the status still allows it and the account is not
     * proforma; a concurrent status change either happens before (and this updates nothing) or after.
     * Returns whether a row changed.
     */
    async cancelIfAllowed(accountId: number, orderId: number, by: { userId: number; name: string }): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('orders')
        .set({
          status: 'Cancelled',
          updated_at: now,
          cancelled_at: now,
          cancelled_by: 'customer',
          cancelled_by_user_id: by.userId,
          cancelled_by_name: by.name,
        })
        .where('id', '=', orderId)
        .where('account_id', '=', accountId)
        .where('status', 'not in', [...ORDER_LOCKED_STATUSES])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('accounts')
                .select('accounts.id')
                .where('accounts.id', '=', accountId)
                .where('accounts.is_proforma', '=', 1),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Bulk inserts of order history (the demo seed); orders answer their ids by order number. */
    insertOrders: (rows: readonly Insertable<OrdersTable>[]) => insertReturningIds(db, 'orders', rows, 'order_number'),
    insertOrderLines: (rows: readonly Insertable<OrderLinesTable>[]) => insertInBatches(db, 'order_lines', rows),
    insertTracking: (rows: readonly Insertable<OrderTrackingTable>[]) => insertInBatches(db, 'order_tracking', rows),

    /** The name of a user of the account (who cancelled); another account's user finds nothing. */
    async userName(accountId: number, userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['name', 'username'])
        .where('id', '=', userId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row ? row.name.trim() || row.username : undefined;
    },

    account(accountId: number) {
      return db
        .selectFrom('accounts')
        .select([
          'id',
          'name',
          'customer_number',
          'currency_code',
          'is_proforma',
          'address1',
          'address2',
          'city',
          'county',
          'postcode',
          'country',
        ])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    /**
     * Products still sold in a currency (active and priced), found by id or by item number, for
     * copying an order into the basket.
     */
    async sellableProducts(productIds: number[], itemNumbers: string[], currency: CurrencyCode) {
      if (productIds.length === 0 && itemNumbers.length === 0) return [];
      return db
        .selectFrom('products')
        .innerJoin('product_prices', (join) =>
          join.onRef('product_prices.product_id', '=', 'products.id').on('product_prices.currency_code', '=', currency),
        )
        .select(['products.id', 'products.item_number'])
        .where('products.active', '=', 1)
        .where((eb) => {
          const ors = [];
          if (productIds.length) ors.push(eb('products.id', 'in', productIds));
          if (itemNumbers.length) ors.push(eb('products.item_number', 'in', itemNumbers));
          return eb.or(ors);
        })
        .execute();
    },
  };
}
export type OrdersRepository = ReturnType<typeof ordersRepository>;
