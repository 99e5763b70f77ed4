// Checkout notices, in a module of their own so that the web app's start-up chunk
// (which carries messages.ts) does not carry them; they load with their screens.
/** Our wording, additions to the spec (docs/spec-deviations.md). */
export const CHECKOUT_MSG = {
  /** A purchase order the account used before: a warning, the order can still be placed. */
  purchaseOrderReused: (purchaseOrder: string, orderNumber: string) =>
    `PO ${purchaseOrder} was used on ${orderNumber}. You can still place this order; change the purchase order if it should be new.`,
} as const;
