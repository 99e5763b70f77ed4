// The delivery promise's messages, in a module of their own so that the web
// app's start-up chunk (which carries messages.ts) does not carry them; they load with their screens.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'yyyy-mm-dd' to '12 Dec' (UK, short; the year is left out: promises are weeks ahead, not years). */
export function dayMonth(isoDate: string): string {
  const [, m, d] = isoDate.slice(0, 10).split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''}`;
}

/** 'yyyy-mm-dd' to 'Monday 15 Dec'. */
export function weekdayDayMonth(isoDate: string): string {
  const day = new Date(`${isoDate.slice(0, 10)}T12:00:00Z`).getUTCDay();
  return `${WEEKDAYS[day] ?? ''} ${dayMonth(isoDate)}`;
}

/** How an order is sent: what is in stock now and the rest when due, or everything together. */
export const SHIPMENT_PREFERENCES = ['partial', 'complete'] as const;
export type ShipmentPreference = (typeof SHIPMENT_PREFERENCES)[number];
/** The preference when the buyer does not choose (and for orders placed before it existed). */
export const DEFAULT_SHIPMENT_PREFERENCE: ShipmentPreference = 'partial';

/**
 * Delivery promise per line, the order cut-off and the ship choice (our own
 * wording, additions to the spec: docs/spec-deviations.md).
 */
export const DELIVERY_MSG = {
  heading: 'Delivery promise',
  /** Read before a line's promise where it sits in the line's description (screen readers only). */
  lineLabel: 'Delivery',
  inStock: 'In stock',
  partDue: (now: number, rest: number, date: string) => `${now} now, ${rest} due ${dayMonth(date)}`,
  partNoDate: (now: number, rest: number) => `${now} now, ${rest} no date yet`,
  due: (date: string) => `Due ${dayMonth(date)}`,
  noDate: 'No date yet',
  /** A quantity that arrives in parts: "6 now, 175 on 11 Dec, 85 on 3 Jan, 1 no date yet". */
  split: (now: number, parts: readonly { quantity: number; date: string | null }[]) =>
    [
      ...(now > 0 ? [`${now} now`] : []),
      ...parts.map((p) => (p.date ? `${p.quantity} on ${dayMonth(p.date)}` : `${p.quantity} no date yet`)),
    ].join(', '),
  cutOffToday: (time: string) => `Order by ${time} to ship today`,
  cutOffNext: (date: string) => `Order now to ship ${weekdayDayMonth(date)}`,
  choiceLegend: 'How should we send this order?',
  preference: {
    partial: 'Send what is in stock now, the rest when due',
    complete: 'Send everything together',
  } satisfies Record<ShipmentPreference, string>,
  /** The date each choice yields: the first shipment (partial) or the one shipment (complete). */
  shipsToday: 'Ships today',
  shipsOn: (date: string) => `Ships ${weekdayDayMonth(date)}`,
  firstShipsToday: 'First delivery ships today',
  firstShipsOn: (date: string) => `First delivery ships ${weekdayDayMonth(date)}`,
  restWhenDue: (date: string) => `, the rest by ${dayMonth(date)}`,
  restNoDate: ', the rest when a date is known',
  whenDatesKnown: 'No date yet',
  /** Open Order Enquiry and the order PDF. */
  choiceLabel: 'Delivery choice',
  orderLinesLabel: 'Delivery promise of the lines still to send',
  promiseUnavailable: 'Unable to get the delivery promise',
  badPreference:
    'Choose how to send the order: "partial" (what is in stock now, the rest when due) or "complete" (everything together)',
} as const;
