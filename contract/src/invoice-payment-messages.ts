// Invoice payment results, in a module of their own so that the web app's start-up
// chunk (which carries messages.ts) does not carry them; they load with My Account.
/** Our wording, additions to the spec (docs/spec-deviations.md); the spec's own texts stay in MSG. */
export const INVOICE_PAY_MSG = {
  /** The spec's 'Your invoice has been paid.' for one invoice; this for more. */
  invoicesPaid: (n: number) => `Your ${n} invoices have been paid.`,
  declinedTitle: 'Payment declined',
  declined:
    'Your card was declined. No money has been taken. Your invoices and reference are kept: try again with another card.',
  cancelledTitle: 'Payment cancelled',
  cancelled: 'Nothing has been charged. Your invoices and reference are kept: pay when you are ready.',
  payAgain: 'Pay again',
} as const;
