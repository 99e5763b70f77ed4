import {
  CURRENCY_SYMBOLS,
  DELIVERY_MSG,
  MSG,
  formatMoney,
  toShortDate,
  type CancelOrderResponse,
  type CopyOrderMode,
  type CopyOrderResponse,
  type OpenOrder,
  type OpenOrderLine,
  type OrderCancellation,
  type TrackingResponse,
  SERVER_MSG,
  TEAM_MSG,
  APPROVAL_STATUSES,
  AWAITING_APPROVAL,
  type OrderNumberParams as OrderNumber,
} from '@wholesale/contract';
import { bpToPercent, e5ToAmount, minorToAmount } from '../../domain/money.js';
import { DOCUMENT_LINE_COLUMNS, documentLineCells, documentTotals } from '../../documents/document-lines.js';
import type { RenderPdf } from '../../documents/pdf-pool.js';
import { documentCompany, documentCustomer } from '../../documents/summary-pdf.js';
import { conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { todayIso } from '../../lib/time.js';
import { CARRIAGE_ITEM, type BasketService, type Caller } from '../basket/basket.service.js';
import type { SettingsService } from '../site/settings.service.js';
import type { OrdersRepository } from './orders.repository.js';
import type { Repos } from '../../db/repos.js';
import { recordOrderCancelled } from '../events/outbox.js';
import { recordOrderCancelledMail } from '../mail/mail-outbox.js';
import type { AccountCaller } from '../../domain/caller.js';

/**
 * What "open orders" means here (the spec leaves it open): every order of the account that is not
 * Cancelled, except that Shipped orders stay listed only for SHIPPED_VISIBLE_DAYS after despatch
 * (or, without a despatch date, after ordering), long enough for their tracking to be useful.
 */
export const SHIPPED_VISIBLE_DAYS = 90;

/** One answer for an unknown number and another account's number, so neither can be told apart. */
const ORDER_NOT_FOUND = SERVER_MSG.orderNotFound;

type OrderRow = NonNullable<Awaited<ReturnType<OrdersRepository['findOrder']>>>;
type LineRow = Awaited<ReturnType<OrdersRepository['orderLines']>>[number];

/** A line that stands for goods (and so can be copied), as opposed to carriage or other charges. */
const isGoodsLine = (l: LineRow) =>
  l.item_no !== CARRIAGE_ITEM && (l.product_id !== null || l.type.toLowerCase() === 'item');

function daysAgoIso(days: number, today = todayIso()): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

function toLine(l: LineRow): OpenOrderLine {
  return {
    type: l.type,
    itemNo: l.item_no,
    description: l.description,
    quantity: l.quantity,
    quantityShipped: l.quantity_shipped,
    location: l.location,
    unit: l.unit,
    unitPrice: e5ToAmount(Number(l.unit_price_e5)),
    lineDiscount: bpToPercent(l.line_discount_bp),
    total: minorToAmount(Number(l.total_minor)),
  };
}

function toOpenOrder(o: OrderRow, lines: LineRow[], hasTracking: boolean, callerId?: number): OpenOrder {
  const cancellation: OrderCancellation | null =
    o.status === 'Cancelled' && o.cancelled_at && o.cancelled_by
      ? { at: o.cancelled_at, by: o.cancelled_by, name: o.cancelled_by === 'erp' ? null : o.cancelled_by_name }
      : null;
  return {
    orderNumber: o.order_number,
    reference: o.reference,
    location: o.location,
    despatchDate: o.despatch_date ? toShortDate(o.despatch_date) : null,
    orderedDate: toShortDate(o.ordered_date),
    invoiceTotal: minorToAmount(Number(o.total_minor)),
    amount: minorToAmount(Number(o.amount_minor)),
    vatAmount: minorToAmount(Number(o.vat_minor)),
    isTrackingAvailable: hasTracking,
    status: o.status,
    totalOrderAmount: minorToAmount(lines.reduce((sum, l) => sum + Number(l.total_minor), 0)),
    openOrderLine: lines.map(toLine),
    erpReference: o.erp_reference ?? null,
    shipmentPreference: o.shipment_preference,
    deliveryAddress: {
      name: o.delivery_name,
      address1: o.delivery_address1,
      address2: o.delivery_address2,
      city: o.delivery_city,
      county: o.delivery_county,
      postcode: o.delivery_postcode,
      country: o.delivery_country,
    },
    cancellation,
    placedBy: o.placed_by_name,
    placedByMe: callerId !== undefined && o.user_id === callerId,
    approvedBy: o.approved_by_name,
    declinedBy: o.declined_by_name,
    declineReason: o.decline_reason,
  };
}

export function ordersService(orders: Repos<OrdersRepository>, settings: SettingsService, basket: BasketService) {
  const repo = orders.base;

  async function ownOrder(accountId: number, orderNumber: string): Promise<OrderRow> {
    const order = await repo.findOrder(accountId, orderNumber);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  return {
    /** One of the account's orders as stored, or undefined (the delivery promise reads it). */
    findOwnOrder: (accountId: number, orderNumber: string) => repo.findOrder(accountId, orderNumber),
    /** An order's lines as stored (the delivery promise reads them). */
    orderLines: (orderId: number) => repo.orderLines(orderId),

    /** GET /api/order: the caller's open orders with their lines, newest first. */
    async listOpenOrders(
      { accountId, userId }: AccountCaller & { userId?: number },
      _input?: unknown,
      today = todayIso(),
    ): Promise<OpenOrder[]> {
      const since = daysAgoIso(SHIPPED_VISIBLE_DAYS, today);
      const [orders, lines] = await Promise.all([
        repo.listOpenOrders(accountId, since),
        repo.listOpenOrderLines(accountId, since),
      ]);
      const byOrder = new Map<number, LineRow[]>();
      for (const l of lines) {
        const list = byOrder.get(l.order_id) ?? [];
        list.push(l);
        byOrder.set(l.order_id, list);
      }
      return orders.map((o) => toOpenOrder(o, byOrder.get(o.id) ?? [], Boolean(o.has_tracking), userId));
    },

    /** GET /api/order/{orderNumber}/track: the order's tracking numbers, oldest first; [] when none. */
    async trackOrder({ accountId }: AccountCaller, { orderNumber }: OrderNumber): Promise<TrackingResponse> {
      const order = await ownOrder(accountId, orderNumber);
      return { trackingId: await repo.trackingIds(order.id) };
    },

    /**
     * POST /api/order/{orderNumber}/copy: replaces the caller's basket with the order's goods lines
     * (mode 'add': adds them to it).
     * The basket prices them at today's prices when it is read. Items no longer sold (withdrawn, or
     * without a price in the account's currency) are reported in skippedItems; if none is still sold
     * the basket is left as it was and the call answers 409.
     */
    async copyOrder(
      caller: Caller,
      { orderNumber, mode = 'replace' }: OrderNumber & { mode?: CopyOrderMode },
    ): Promise<CopyOrderResponse> {
      return orders.transaction(async (r, trx) => {
        const order = await r.findOrder(caller.accountId, orderNumber);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        const account = await r.account(caller.accountId);
        if (!account) throw notFound();
        const goods = (await r.orderLines(order.id)).filter(isGoodsLine);
        const products = await r.sellableProducts(
          goods.flatMap((l) => (l.product_id === null ? [] : [l.product_id])),
          goods.map((l) => l.item_no),
          account.currency_code,
        );
        const byId = new Map(products.map((p) => [p.id, p.id]));
        const byItem = new Map(products.map((p) => [p.item_number, p.id]));
        const copy: {
          productId: number;
          quantity: number;
          origin: { orderNumber: string; unitPriceE5: number; quantity: number };
        }[] = [];
        const skipped: string[] = [];
        for (const l of goods) {
          const productId = (l.product_id !== null ? byId.get(l.product_id) : undefined) ?? byItem.get(l.item_no);
          if (productId === undefined || l.quantity <= 0) {
            if (!skipped.includes(l.item_no)) skipped.push(l.item_no);
          } else
            copy.push({
              productId,
              quantity: l.quantity,
              // Kept on the line so the basket can say when the price has changed since.
              origin: { orderNumber: order.order_number, unitPriceE5: Number(l.unit_price_e5), quantity: l.quantity },
            });
        }
        if (copy.length === 0) throw conflict(SERVER_MSG.nothingLeftToCopy(orderNumber));
        await basket.replaceLines(trx, caller, copy, { keep: mode === 'add' });
        return { orderNumber: order.order_number, copiedLines: copy.length, skippedItems: skipped };
      });
    },

    /**
     * POST /api/order/{orderNumber}/cancel. Refused for proforma accounts and for orders that are
     * Shipped or In Progress (section 4); the status check is part of the UPDATE itself, so a
     * concurrent status change cannot slip between check and write.
     */
    async cancelOrder({ accountId, userId }: Caller, { orderNumber }: OrderNumber): Promise<CancelOrderResponse> {
      const email = await settings.get('support.email');
      return orders.transaction(async (r, trx) => {
        const order = await r.findOrder(accountId, orderNumber);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        const account = await r.account(accountId);
        if (!account) throw notFound();
        if (account.is_proforma) throw forbidden(MSG.cancelNotAllowed(email));
        const name = (await r.userName(accountId, userId)) ?? '';
        // Who and when are recorded with the status: the list shows them, the cancellation email reads them.
        if (await r.cancelIfAllowed(accountId, order.id, { userId, name })) {
          await recordOrderCancelledMail(trx, order.order_number, userId);
          await recordOrderCancelled(trx, order.order_number);
          return { orderNumber: order.order_number, status: 'Cancelled' };
        }
        const now = await r.findOrder(accountId, orderNumber);
        if (now?.status === 'Cancelled') throw conflict(SERVER_MSG.alreadyCancelled(orderNumber));
        if (now?.status === AWAITING_APPROVAL) throw conflict(TEAM_MSG.useWithdraw);
        if (now && (APPROVAL_STATUSES as readonly string[]).includes(now.status))
          throw conflict(TEAM_MSG.alreadyDecided(orderNumber, now.status));
        throw conflict(now?.status === 'Shipped' ? MSG.cancelShipped(email) : MSG.cancelNotAllowed(email));
      });
    },

    /**
     * POST /api/order/statement-template: the order summary PDF, every figure read from the database
     * here; `render` draws it off the event loop (documents/pdf-pool.ts).
     */
    async renderOrderStatement(accountId: number, orderNumber: string, render: RenderPdf): Promise<Buffer> {
      const order = await ownOrder(accountId, orderNumber);
      const [lines, account, site] = await Promise.all([
        repo.orderLines(order.id),
        repo.account(accountId),
        settings.all(),
      ]);
      if (!account) throw notFound();
      const view = toOpenOrder(order, lines, false);
      const symbol = CURRENCY_SYMBOLS[order.currency_code];
      const money = (n: number) => formatMoney(n, symbol);
      const delivery = [
        order.delivery_name,
        order.delivery_address1,
        order.delivery_address2,
        order.delivery_city,
        order.delivery_county,
        order.delivery_postcode,
        order.delivery_country,
      ]
        .map((s) => s.trim())
        .filter(Boolean)
        .join(', ');
      return render({
        title: 'Order Summary',
        company: documentCompany(site),
        customer: documentCustomer(account),
        fields: [
          ['Order No', view.orderNumber],
          ['Order Date', view.orderedDate],
          ['Dispatch Date', view.despatchDate ?? '-'],
          ['Customer Ref', view.reference],
          ['Status', view.status],
          ['Amount', money(view.amount)],
          ['VAT', money(view.vatAmount)],
          ['Invoice Total', money(view.invoiceTotal)],
          [DELIVERY_MSG.choiceLabel, DELIVERY_MSG.preference[order.shipment_preference]],
          // Team accounts: who placed it, and who approved it when it waited for approval.
          ...(view.placedBy ? [[TEAM_MSG.placedBy, view.placedBy] as [string, string]] : []),
          ...(view.approvedBy ? [[TEAM_MSG.approvedBy, view.approvedBy] as [string, string]] : []),
        ],
        columns: DOCUMENT_LINE_COLUMNS,
        lines: view.openOrderLine.map((l) => documentLineCells(l, symbol)),
        totals: documentTotals(
          view.openOrderLine.length,
          { net: view.amount, vat: view.vatAmount, gross: view.invoiceTotal },
          symbol,
        ),
        note: delivery ? `Delivery address: ${delivery}` : undefined,
      });
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
