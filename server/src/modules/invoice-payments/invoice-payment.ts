/**
 * The 'invoices' payment purpose: paying open account invoices online (spec section 5, Pay
 * invoices). Listed in the registry of payment purposes (payments/purposes.ts).
 *
 * The gateway runs onApproved exactly once per payment (a conditional status change, in the same
 * transaction), however often its signed callback arrives, so the amounts are applied once.
 */
import { SERVER_MSG } from '@wholesale/contract';
import type { PurposeHandler } from '../payments/gateway.js';
import type { Repos } from '../../db/repos.js';
import type { InvoicePaymentsRepository } from './invoice-payments.repository.js';
import { recordPaymentApproved } from '../events/outbox.js';
import { recordPaymentReceipt } from '../mail/mail-outbox.js';

export const INVOICES_PAID_RETURN_URL = '/account?confirminvoice=success';
export const INVOICES_DECLINED_RETURN_URL = '/account?confirminvoice=failure&payment=declined';
/** Left the hosted page without paying (Cancel and return, a withdrawn link): nothing was charged. */
export const INVOICES_CANCELLED_RETURN_URL = '/account?confirminvoice=failure&payment=cancelled';

/** How many invoices a payment settles, from what it stored (the result dialog says invoice or invoices). */
function invoiceCount(payment: { payload: string }): number {
  try {
    const docs = (JSON.parse(payment.payload) as Partial<InvoicePaymentPayload>).documentNumbers;
    return Array.isArray(docs) ? docs.length : 0;
  } catch {
    return 0;
  }
}

/** What an invoice payment stores with it, for the record (figures live in payment_invoices). */
export interface InvoicePaymentPayload {
  documentNumbers: string[];
  notes: string;
  billingAddress: unknown;
}

/** The handler compose.ts hands the payment provider for 'invoices', over this module's repository. */
export const invoicesPaymentPurpose = (invoicePayments: Repos<InvoicePaymentsRepository>): PurposeHandler => ({
  async onApproved(trx, payment) {
    const repo = invoicePayments.over(trx);
    const invoices = await repo.paymentInvoices(payment.id);
    const total = invoices.reduce((sum, i) => sum + i.amountMinor, 0);
    if (total !== Number(payment.amount_minor))
      throw new Error(`payment ${payment.id}: amount does not match its invoices`);
    for (const i of invoices) await repo.reduceRemaining(payment.account_id, i.invoiceId, i.amountMinor);
    // The account owes what it owed less the money received.
    await repo.reduceBalance(payment.account_id, Number(payment.amount_minor));
    await recordPaymentReceipt(trx, payment.id);
    await recordPaymentApproved(trx, payment, null, await repo.paymentInvoiceFigures(payment.id));
  },
  /** An invoice paid (in part) since the link was made would be paid twice: refuse the card. */
  async recheck(payment) {
    const now = await invoicePayments.base.paymentInvoicesNow(payment.id);
    const changed = now.find((i) => i.remainingMinor < i.amountMinor);
    return changed ? SERVER_MSG.paymentRefusal.invoicePaid(changed.documentNumber) : undefined;
  },
  returnUrl: (payment, outcome) => {
    if (outcome === 'declined') return INVOICES_DECLINED_RETURN_URL;
    if (outcome === 'cancelled') return INVOICES_CANCELLED_RETURN_URL;
    const n = invoiceCount(payment);
    return n > 1 ? `${INVOICES_PAID_RETURN_URL}&invoices=${n}` : INVOICES_PAID_RETURN_URL;
  },
});
