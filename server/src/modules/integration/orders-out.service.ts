import { INTEGRATION_MSG, type OrderOut, type OrdersOutResponse } from '@wholesale/contract';
import { nowIso } from '../../lib/time.js';
import { ProblemError } from './problem.js';
import type { OrdersOutRepository } from './orders-out.repository.js';
import { deliveryFromColumns, erpDelivery } from '../../domain/address.js';

/** Minor units as an exact decimal string ("-12.30"). */
const minorText = (minor: number): string => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
/** A scaled integer (e5 prices, bp percents) as a decimal string without trailing zeros. */
const scaledText = (value: number, places: number): string => {
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 10 ** places);
  const frac = String(abs % 10 ** places)
    .padStart(places, '0')
    .replace(/0+$/, '');
  return `${value < 0 ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
};

export function ordersOutService(repo: OrdersOutRepository) {
  return {
    async listOrdersOut(
      _client: unknown,
      { after, limit }: { after?: string | undefined; limit: number },
    ): Promise<OrdersOutResponse> {
      const afterId = after === undefined ? 0 : Number(after);
      const rows = await repo.page(afterId, limit + 1);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      const lines = await repo.lines(page.map((o) => o.id));
      const byOrder = new Map<number, typeof lines>();
      for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
      const orders: OrderOut[] = page.map((o) => ({
        cursor: String(o.id),
        orderNumber: o.order_number,
        customerNumber: o.customer_number,
        placedBy: o.username ?? null,
        approvedBy: o.approved_by ?? null,
        placedAt: o.created_at,
        orderedDate: o.ordered_date,
        status: o.status,
        currency: o.currency_code,
        purchaseOrder: o.reference,
        delivery: erpDelivery(deliveryFromColumns(o)),
        lines: (byOrder.get(o.id) ?? []).map((l) => ({
          lineNo: l.line_no,
          type: l.type,
          itemNumber: l.item_no,
          description: l.description,
          quantity: l.quantity,
          unit: l.unit,
          unitPrice: scaledText(Number(l.unit_price_e5), 5),
          lineDiscountPercent: scaledText(l.line_discount_bp, 2),
          total: minorText(Number(l.total_minor)),
        })),
        totals: {
          goods: minorText(Number(o.amount_minor)),
          vat: minorText(Number(o.vat_minor)),
          total: minorText(Number(o.total_minor)),
        },
        payment: o.payment_id
          ? { reference: o.payment_id, status: o.payment_status ?? 'unknown', cardLast4: o.card_last4 ?? null }
          : null,
        erpReference: o.erp_reference ?? null,
        shipmentPreference: o.shipment_preference,
      }));
      const last = page.at(-1);
      return { orders, next: last ? String(last.id) : (after ?? null), hasMore };
    },

    /** Idempotent: the same reference again answers as the first time; a new one replaces it. */
    async acknowledgeOrder(
      _client: unknown,
      { orderNumber, erpReference }: { orderNumber: string; erpReference: string },
    ) {
      const order = await repo.byNumber(orderNumber);
      if (!order) throw new ProblemError(404, INTEGRATION_MSG.unknownOrder(orderNumber));
      if (order.erp_reference === erpReference && order.erp_acknowledged_at)
        return { orderNumber, erpReference, acknowledgedAt: order.erp_acknowledged_at };
      const now = nowIso();
      await repo.acknowledge(order.id, erpReference, now);
      return { orderNumber, erpReference, acknowledgedAt: now };
    },
  };
}
