// Messages of the orders screens beyond the spec (cancellation record, documents), in a module of
// their own so that the web app's start-up chunk (which carries messages.ts) does not carry them.
import { toShortDate } from './format.js';
import type { OrderCancellation } from './orders.js';

/** 'yyyy-mm-ddThh:mm...Z' to 'hh:mm' UK time. */
function ukTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** 'yyyy-mm-dd' of an instant in UK time. */
function ukDate(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(iso));
}

export const ORDER_MSG = {
  /** The cancel dialog's buttons: plain verbs, so "Cancel" can never mean "keep". */
  keepOrder: 'Keep order',
  cancelOrder: 'Cancel order',
  /**
   * Who cancelled: "by Dee Moore" (a user of the account), the supplier's order system, or its team:
   * "by jsmith of our team" when a member of staff did it in the back office.
   */
  cancelledBy: (c: OrderCancellation) =>
    c.by === 'customer'
      ? `by ${c.name ?? 'your account'}`
      : c.by === 'erp'
        ? 'by our order system'
        : c.name
          ? `by ${c.name} of our team`
          : 'by our team',
  /** "Cancelled 27/11/26 at 14:02 by Dee Moore" (UK time). */
  cancelledNote: (c: OrderCancellation) =>
    `Cancelled ${toShortDate(ukDate(c.at))} at ${ukTime(c.at)} ${ORDER_MSG.cancelledBy(c)}`,
  /** The short form for a list row or card: "27/11/26 by Dee Moore". */
  cancelledShort: (c: OrderCancellation) => `${toShortDate(ukDate(c.at))} ${ORDER_MSG.cancelledBy(c)}`,
  deliveryAddressHeading: 'Delivery address',
  trackingHeading: 'Tracking',
  /** The accessible name of a tracking link: "Track JD0001 with DPD (opens in a new tab)". */
  trackWith: (trackingId: string, carrier: string | undefined) =>
    `Track ${trackingId}${carrier ? ` with ${carrier}` : ''} (opens in a new tab)`,
  /** Copy Order when the basket already has lines: add to them, or replace them (the spec's copy). */
  copyOrderChoice: (lines: number) =>
    `Your basket has ${lines} ${lines === 1 ? 'line' : 'lines'}. Add this order to it, or replace the basket with this order?`,
  addToBasket: 'Add to basket',
  replaceBasket: 'Replace basket',
  /** The invoice PDF's title: a VAT invoice carries what UK and Irish VAT law asks of one. */
  vatInvoiceTitle: 'VAT Invoice',
  vatNumberLabel: 'VAT Reg No',
  vatAtRate: (percent: string) => `VAT at ${percent}`,
} as const;
