/**
 * The 'order' payment purpose (proforma checkout): a proforma order exists as placed only after
 * the gateway confirmed its payment. Two kinds of payment: a basket revision paid at checkout, and
 * an order approved over the buyer's limits ('Approved – awaiting payment') paid from Open Orders.
 * Handed to the payment provider by compose.ts (the registry of purposes, payments/gateway.ts).
 */
import {
  APPROVED_AWAITING_PAYMENT,
  type CurrencyCode,
  DEFAULT_SHIPMENT_PREFERENCE,
  type ShipmentPreference,
  SERVER_MSG,
} from '@wholesale/contract';
import type { Totals } from '../../domain/pricing.js';
import type { DeliveryDetails } from './checkout.repository.js';
import { announcePlacedOrder, type PlaceOrder, type PlacedLine } from './order-placement.js';
import type { PurposeHandler } from '../payments/gateway.js';
import type { Repos } from '../../db/repos.js';
import type { CheckoutRepository } from './checkout.repository.js';
import type { PricingRepository } from '../pricing/pricing.repository.js';
import { recordPaymentApproved } from '../events/outbox.js';
import { recordPaymentReceipt } from '../mail/mail-outbox.js';
import { todayIso } from '../../lib/time.js';
import type { Db } from '../../db/client.js';
import type { Payment } from '../../db/types.js';

/** The subject of a proforma payment: one basket revision is paid for at most once. */
export const basketSubject = (basketId: number, revision: number) => `basket:${basketId}:${revision}`;

/** What a proforma payment stores: the basket revision paid for, priced, with its delivery details. */
export interface OrderPaymentPayload {
  basketId: number;
  revision: number;
  currencyCode: CurrencyCode;
  delivery: DeliveryDetails;
  lines: PlacedLine[];
  totals: Totals;
  /** The ship choice made at review; absent in payments started before it existed. */
  shipmentPreference?: ShipmentPreference;
}

/** The subject of an approved order's payment: one order is paid for at most once. */
export const approvedOrderSubject = (orderNumber: string) => `order:${orderNumber}`;

/** What an approved order's payment stores: only which order (its amount is the order's approved total). */
export interface ApprovedOrderPaymentPayload {
  kind: 'approvedOrder';
  orderNumber: string;
}

const approvedOrderOf = (payment: Payment): ApprovedOrderPaymentPayload | undefined => {
  const p = JSON.parse(payment.payload) as Partial<ApprovedOrderPaymentPayload>;
  return p.kind === 'approvedOrder' && typeof p.orderNumber === 'string'
    ? { kind: p.kind, orderNumber: p.orderNumber }
    : undefined;
};

/** Back on Open Orders after paying for an approved order: the page says how it went. */
export const approvedOrderReturnUrl = (orderNumber: string, outcome: 'paid' | 'declined' | 'cancelled') =>
  `/open-orders?payment=${outcome}&order=${encodeURIComponent(orderNumber)}`;

export const ORDER_PAID_RETURN_URL = '/open-orders?confirmorder=success';
export const ORDER_DECLINED_RETURN_URL = '/checkout/review-order?payment=declined';
/** The customer left the payment page without paying (Cancel and return, an expired or withdrawn link). */
export const ORDER_CANCELLED_RETURN_URL = '/checkout/review-order?payment=cancelled';

export interface OrderPaymentDeps {
  checkout: Repos<CheckoutRepository>;
  /** The account's price terms (the pricing read model). */
  pricing: Pick<PricingRepository, 'accountTerms'>;
  /** Places the paid order inside the payment's transaction (order-placement.ts). */
  placeOrder: PlaceOrder;
}

/** The handler compose.ts hands the payment provider for 'order'. */
export const orderPaymentPurpose = ({ checkout, pricing, placeOrder }: OrderPaymentDeps): PurposeHandler => ({
  async onApproved(trx, payment) {
    const approved = approvedOrderOf(payment);
    if (approved) return placePaidApprovedOrder(checkout, trx, payment, approved.orderNumber);
    const p = JSON.parse(payment.payload) as OrderPaymentPayload;
    if (p.totals.totalMinor !== Number(payment.amount_minor))
      throw new Error(`payment ${payment.id}: amount does not match its order`);
    const placed = await placeOrder(trx, {
      accountId: payment.account_id,
      userId: payment.user_id,
      currencyCode: p.currencyCode,
      basketId: p.basketId,
      revision: p.revision,
      delivery: p.delivery,
      lines: p.lines,
      totals: p.totals,
      paymentId: payment.id,
      shipmentPreference: p.shipmentPreference ?? DEFAULT_SHIPMENT_PREFERENCE,
    });
    await recordPaymentReceipt(trx, payment.id);
    await recordPaymentApproved(trx, payment, placed.orderNumber);
  },
  async recheck(payment) {
    const repo = checkout.base;
    const terms = await pricing.accountTerms(payment.account_id);
    if (!terms) return SERVER_MSG.paymentRefusal.accountGone;
    if (terms.onStop) return SERVER_MSG.paymentRefusal.accountOnStop;
    if (!terms.isProforma) return SERVER_MSG.paymentRefusal.accountOnCredit;
    const approved = approvedOrderOf(payment);
    if (approved) {
      const order = await repo.orderToPay(payment.account_id, approved.orderNumber);
      return order?.status === APPROVED_AWAITING_PAYMENT
        ? undefined
        : SERVER_MSG.paymentRefusal.orderNotAwaitingPayment;
    }
    const p = JSON.parse(payment.payload) as OrderPaymentPayload;
    if ((await repo.basketRevision(p.basketId)) !== p.revision) return SERVER_MSG.paymentRefusal.basketChanged;
    if (await repo.orderFromSource(p.basketId, p.revision)) return SERVER_MSG.paymentRefusal.basketOrdered;
    return undefined;
  },
  returnUrl: (payment, outcome) => {
    const approved = approvedOrderOf(payment);
    if (approved) return approvedOrderReturnUrl(approved.orderNumber, outcome === 'approved' ? 'paid' : outcome);
    return outcome === 'approved'
      ? ORDER_PAID_RETURN_URL
      : outcome === 'declined'
        ? ORDER_DECLINED_RETURN_URL
        : ORDER_CANCELLED_RETURN_URL;
  },
});

/**
 * An approved order's payment was approved: the order is placed now, in the payment's transaction.
 * It leaves 'Approved – awaiting payment' in one conditional statement and comes back 'Open' under a
 * new id (after the orders the ERP has read), dated today, carrying the payment; then it is
 * announced as any placed order (acknowledgement, order.placed) with the payment's receipt and
 * payment.approved. Throwing leaves the payment pending (sandbox.ts): an order withdrawn meanwhile is
 * not paid for.
 */
async function placePaidApprovedOrder(
  checkout: Repos<CheckoutRepository>,
  trx: Db,
  payment: Payment,
  orderNumber: string,
): Promise<void> {
  const repo = checkout.over(trx);
  const order = await repo.orderToPay(payment.account_id, orderNumber);
  if (!order) throw new Error(`payment ${payment.id}: no order ${orderNumber}`);
  if (Number(order.total_minor) !== Number(payment.amount_minor))
    throw new Error(`payment ${payment.id}: amount does not match order ${orderNumber}`);
  const moved = await repo.moveOrder(order.id, APPROVED_AWAITING_PAYMENT, {
    status: 'Open',
    payment_id: payment.id,
    ordered_date: todayIso(),
  });
  if (moved === undefined) throw new Error(`payment ${payment.id}: order ${orderNumber} is not awaiting payment`);
  await announcePlacedOrder(trx, orderNumber, order.address_reference);
  await recordPaymentReceipt(trx, payment.id);
  await recordPaymentApproved(trx, payment, orderNumber);
}
