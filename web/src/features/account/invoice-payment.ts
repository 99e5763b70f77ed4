import {
  paymentAddressOf,
  type Invoice,
  type InvoicePaymentRequest,
  type PayInvoicesForm,
  type User,
} from '@wholesale/contract';

/** The browser leaves for the hosted payment page; a seam for tests. */
export const paymentRedirect = { go: (url: string) => window.location.assign(url) };

/** The spec's POST /payment/request/invoice payload. The server re-reads every amount. */
export function invoicePaymentPayload(
  user: User,
  invoices: Invoice[],
  form: PayInvoicesForm,
  amount: number,
): InvoicePaymentRequest {
  const docs = invoices.map((i) => i.documentNumber).join(', ');
  return {
    amount,
    account_code: user.customerNumber,
    currency: user.currencyCode,
    description: form.notes?.trim() ? form.notes.trim() : `Payment of ${docs}`,
    reference: form.reference,
    billing_address: paymentAddressOf(user.contact, user),
    meta: invoices.map((i) => ({
      documentNo: i.documentNumber,
      remainingAmount: i.remainingAmount.toFixed(2),
      paymentMethod: form.method,
    })),
  };
}
