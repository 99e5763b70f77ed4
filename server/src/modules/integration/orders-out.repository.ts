import { APPROVAL_STATUSES } from '@wholesale/contract';
import type { Db } from '../../db/client.js';

/** SQL of orders out: orders placed in the portal (from a basket), oldest first, by id. */
export function ordersOutRepository(db: Db) {
  return {
    page: (afterId: number, limit: number) =>
      db
        .selectFrom('orders as o')
        .innerJoin('accounts as a', 'a.id', 'o.account_id')
        .leftJoin('users as u', 'u.id', 'o.user_id')
        .leftJoin('users as ap', 'ap.id', 'o.approved_by_user_id')
        .leftJoin('payments as p', 'p.id', 'o.payment_id')
        .select([
          'o.id',
          'o.order_number',
          'a.customer_number',
          'u.username',
          'ap.username as approved_by',
          'o.created_at',
          'o.ordered_date',
          'o.status',
          'o.currency_code',
          'o.reference',
          'o.address_reference',
          'o.delivery_name',
          'o.delivery_address1',
          'o.delivery_address2',
          'o.delivery_city',
          'o.delivery_county',
          'o.delivery_country',
          'o.delivery_postcode',
          'o.delivery_contact',
          'o.delivery_phone',
          'o.amount_minor',
          'o.vat_minor',
          'o.total_minor',
          'o.payment_id',
          'p.status as payment_status',
          'p.card_last4',
          'o.erp_reference',
          'o.shipment_preference',
        ])
        .where('o.source_basket_id', 'is not', null)
        // Orders in approval stay out until approved (approving gives the order a new id: team.repository.ts).
        .where('o.status', 'not in', [...APPROVAL_STATUSES])
        .where('o.id', '>', afterId)
        .orderBy('o.id')
        .limit(limit)
        .execute(),

    lines: (orderIds: readonly number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('order_lines')
            .select([
              'order_id',
              'line_no',
              'type',
              'item_no',
              'description',
              'quantity',
              'unit',
              'unit_price_e5',
              'line_discount_bp',
              'total_minor',
            ])
            .where('order_id', 'in', orderIds)
            .orderBy('order_id')
            .orderBy('line_no')
            .execute(),

    byNumber: (orderNumber: string) =>
      db
        .selectFrom('orders')
        .select(['id', 'erp_reference', 'erp_acknowledged_at'])
        .where('order_number', '=', orderNumber)
        .where('source_basket_id', 'is not', null)
        .where('status', 'not in', [...APPROVAL_STATUSES])
        .executeTakeFirst(),

    /** Records the reference once; a second acknowledge with the same one changes nothing. */
    acknowledge: (id: number, erpReference: string, now: string) =>
      db
        .updateTable('orders')
        .set({ erp_reference: erpReference, erp_acknowledged_at: now, updated_at: now })
        .where('id', '=', id)
        .execute(),
  };
}
export type OrdersOutRepository = ReturnType<typeof ordersOutRepository>;
