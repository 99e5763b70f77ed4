/** Test support: orders as the checkout and the admin command leave them in the database. */
import type { CurrencyCode } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { nowIso, todayIso } from '../../lib/time.js';

export interface FixtureLine {
  itemNo: string;
  productId?: number | null;
  type?: string;
  description?: string;
  quantity: number;
  quantityShipped?: number;
  unitPriceE5: number;
  discountBp?: number;
  location?: string;
  unit?: string;
}

export const isoDaysAgo = (days: number) =>
  new Date(Date.parse(`${todayIso()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Inserts an order with its lines (totals computed from them, VAT 20%) and tracking numbers. */
export async function insertOrder(
  db: Db,
  o: {
    accountId: number;
    orderNumber: string;
    status?: string;
    reference?: string;
    location?: string;
    orderedDaysAgo?: number;
    despatchedDaysAgo?: number | null;
    currency?: CurrencyCode;
    lines?: FixtureLine[];
    tracking?: string[];
  },
): Promise<number> {
  const lines = o.lines ?? [{ itemNo: 'RB-100', quantity: 1, unitPriceE5: 1_000_000 }];
  const lineTotal = (l: FixtureLine) => Math.round((l.unitPriceE5 * l.quantity) / 1000);
  const amount = lines.reduce((a, l) => a + lineTotal(l), 0);
  const vat = Math.round(amount * 0.2);
  const now = nowIso();
  const order = await db
    .insertInto('orders')
    .values({
      order_number: o.orderNumber,
      account_id: o.accountId,
      user_id: null,
      reference: o.reference ?? `PO-${o.orderNumber}`,
      status: o.status ?? 'Open',
      location: o.location ?? 'MAIN1',
      ordered_date: isoDaysAgo(o.orderedDaysAgo ?? 1),
      despatch_date:
        o.despatchedDaysAgo === undefined || o.despatchedDaysAgo === null ? null : isoDaysAgo(o.despatchedDaysAgo),
      currency_code: o.currency ?? 'GBP',
      amount_minor: amount,
      vat_minor: vat,
      total_minor: amount + vat,
      address_reference: 'INVOICE',
      delivery_name: 'Main Office',
      delivery_address1: '1 Test Street',
      delivery_address2: '',
      delivery_county: 'Avon',
      delivery_contact: 'Pat Tester',
      delivery_phone: '01170000000',
      delivery_city: 'Bristol',
      delivery_postcode: 'BS1 1AA',
      delivery_country: 'United Kingdom (Mainland)',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values(
      lines.map((l, i) => ({
        order_id: order.id,
        line_no: i + 1,
        type: l.type ?? 'Item',
        product_id: l.productId ?? null,
        item_no: l.itemNo,
        description: l.description ?? `Line ${l.itemNo}`,
        quantity: l.quantity,
        quantity_shipped: l.quantityShipped ?? 0,
        location: l.location ?? 'MAIN1',
        unit: l.unit ?? 'EACH',
        unit_price_e5: l.unitPriceE5,
        line_discount_bp: l.discountBp ?? 0,
        total_minor: lineTotal(l),
      })),
    )
    .execute();
  if (o.tracking?.length)
    await db
      .insertInto('order_tracking')
      .values(o.tracking.map((t) => ({ order_id: order.id, tracking_id: t, created_at: now })))
      .execute();
  return order.id;
}
