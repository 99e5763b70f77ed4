/**
 * The payment port (architecture.md, Payments): what a feature that takes a card payment needs from
 * a payment provider, and what a provider needs from the feature. Interfaces only: the port knows
 * none of its users and no provider.
 *
 * `PaymentGateway.createPayment` records a pending payment of an amount the feature computed on the
 * server and answers the hosted page the browser goes to. What happens when a payment completes is
 * its purpose's: a `PurposeHandler`, one per `PaymentPurpose`, implemented by the feature (checkout's
 * order-payment.ts, invoice payments' invoice-payment.ts). compose.ts builds the provider (the
 * sandbox, sandbox.ts) with the registry of purposes handed in, and hands the gateway to the
 * checkout and invoice-payment services; tests may hand them another (a fake). A registry without a
 * handler for a purpose does not compile.
 */
import type { CurrencyCode } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import type { Payment } from '../../db/types.js';

export type PaymentPurpose = Payment['purpose'];
export type PaymentOutcome = 'approved' | 'declined';
/** How the customer left the hosted page: a card outcome, or without paying. */
export type ReturnOutcome = PaymentOutcome | 'cancelled';

export interface PurposeHandler {
  /** Runs exactly once per payment, inside the transaction that marks it approved. */
  onApproved(trx: Db, payment: Payment): Promise<void>;
  onDeclined?(trx: Db, payment: Payment): Promise<void>;
  /**
   * Asked just before the card is charged: why this payment can no longer be taken (the basket
   * changed, the account went on stop, the invoice was paid meanwhile), or undefined when it can.
   */
  recheck?(payment: Payment): Promise<string | undefined>;
  /**
   * Where the browser goes after the hosted page (portal-relative path, e.g. '/open-orders?confirmorder=success').
   * cancelled: the customer left without paying (Cancel and return, an expired or withdrawn link).
   */
  returnUrl(payment: Payment, outcome: ReturnOutcome): string;
}

/** For each purpose, its handler: what a provider is built with (compose.ts). */
export type PaymentPurposes = { readonly [P in PaymentPurpose]: PurposeHandler };

export interface CreatePaymentInput {
  accountId: number;
  userId: number;
  purpose: PaymentPurpose;
  /** Computed on the server by the caller; never taken from the client. */
  amountMinor: number;
  currencyCode: CurrencyCode;
  reference: string;
  description: string;
  /** Whatever the purpose's onApproved needs later (stored as JSON in payments.payload). */
  payload: unknown;
  invoices?: { invoiceId: number; amountMinor: number }[];
  /** What is paid for when it is not invoices, e.g. 'basket:12:7' (a basket revision). */
  subject?: string;
}

/** What a feature that takes a card payment needs from the payment provider. */
export interface PaymentGateway {
  /**
   * Starts a pending payment and answers where to send the browser (the provider's hosted page).
   * At most one payment is live per subject (basket revision) and per invoice.
   */
  createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }>;
}
