/**
 * The 'order' payment purpose (proforma checkout): a proforma order exists as placed only after
 * the gateway confirmed its payment. Listed in the registry of payment purposes (payments/purposes.ts).
 */
import {
  type CurrencyCode,
  DEFAULT_SHIPMENT_PREFERENCE,
  type ShipmentPreference,
  SERVER_MSG,
} from '@wholesale/contract';
import type { Totals } from '../../domain/pricing.js';
import type { DeliveryDetails } from './checkout.repository.js';
import type { PlaceOrder, PlacedLine } from './order-placement.js';
import type { PurposeHandler } from '../payments/gateway.js';
import type { Repos } from '../../db/repos.js';
import type { CheckoutRepository } from './checkout.repository.js';
import type { PricingRepository } from '../pricing/pricing.repository.js';
import { recordPaymentApproved } from '../events/outbox.js';
import { recordPaymentReceipt } from '../mail/mail-outbox.js';

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
    const p = JSON.parse(payment.payload) as OrderPaymentPayload;
    const repo = checkout.base;
    const terms = await pricing.accountTerms(payment.account_id);
    if (!terms) return SERVER_MSG.paymentRefusal.accountGone;
    if (terms.onStop) return SERVER_MSG.paymentRefusal.accountOnStop;
    if (!terms.isProforma) return SERVER_MSG.paymentRefusal.accountOnCredit;
    if ((await repo.basketRevision(p.basketId)) !== p.revision) return SERVER_MSG.paymentRefusal.basketChanged;
    if (await repo.orderFromSource(p.basketId, p.revision)) return SERVER_MSG.paymentRefusal.basketOrdered;
    return undefined;
  },
  returnUrl: (_payment, outcome) =>
    outcome === 'approved'
      ? ORDER_PAID_RETURN_URL
      : outcome === 'declined'
        ? ORDER_DECLINED_RETURN_URL
        : ORDER_CANCELLED_RETURN_URL,
});
