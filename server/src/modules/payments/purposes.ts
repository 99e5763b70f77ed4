/**
 * The registry of payment purposes: for each `PaymentPurpose` (payments.purpose), the handler that
 * runs when its payment completes (gateway.ts, `PurposeHandler`). A feature that takes a card
 * payment adds its purpose to the column type and its handler here; a purpose without a handler,
 * or a handler for no purpose, does not compile.
 */
import { orderPaymentPurpose } from '../checkout/order-payment.js';
import { invoicesPaymentPurpose } from '../invoice-payments/invoice-payment.js';
import type { PaymentPurpose, PurposeHandler } from './gateway.js';

export type PaymentPurposes = { readonly [P in PaymentPurpose]: PurposeHandler };

export const paymentPurposes: PaymentPurposes = {
  order: orderPaymentPurpose,
  invoices: invoicesPaymentPurpose,
};
