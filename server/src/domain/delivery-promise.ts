import {
  DELIVERY_MSG,
  ORDER_CUT_OFF_PATTERN,
  type LinePromise,
  type OrderCutOff,
  type ShipmentOption,
  type ShipmentPreference,
} from '@wholesale/contract';

/**
 * THE delivery promise: what stock and the due-in schedule promise for a
 * quantity, the day's order cut-off, and the date each way of sending an order yields. Quick
 * Order's "stock short, covered by the delivery due ..." and the basket, review and order enquiry
 * promises all come from here. Pure: the caller reads stock and schedules, and says what time it is.
 */

/** One expected delivery of a product: yyyy-mm-dd and how many. Schedules are earliest first. */
export interface DueIn {
  quantity: number;
  date: string;
}

/** The date of the first delivery that, with the stock, covers `quantity` (undefined: none does). */
export function coveringDate(stock: number, quantity: number, schedule: readonly DueIn[]): string | undefined {
  let have = Math.max(0, stock);
  for (const d of schedule) {
    have += d.quantity;
    if (have >= quantity) return d.date;
  }
  return undefined;
}

/** One part of a quantity still to come: how many, on which delivery (null: no delivery covers it yet). */
export interface DuePart {
  quantity: number;
  date: string | null;
}

/**
 * How the part of a quantity that stock does not cover arrives, delivery by delivery:
 * `taken` units of the product are already spoken for (by earlier lines, then stock first), and
 * what the deliveries do not cover is one undated part at the end. Every due delivery is counted,
 * so 261 against 1 in stock, 175 due 11 Dec and 85 due 3 Jan is 175 + 85 + 1 undated, not "No date yet".
 */
export function splitAcrossDeliveries(
  stock: number,
  taken: number,
  quantity: number,
  schedule: readonly DueIn[],
): { now: number; due: DuePart[] } {
  let skip = Math.max(0, taken);
  let want = Math.max(0, quantity);
  const fromStock = Math.max(0, stock);
  const usedOfStock = Math.min(skip, fromStock);
  skip -= usedOfStock;
  const now = Math.min(want, fromStock - usedOfStock);
  want -= now;
  const due: DuePart[] = [];
  for (const d of schedule) {
    if (want === 0) break;
    const left = Math.max(0, d.quantity - skip);
    skip = Math.max(0, skip - d.quantity);
    const q = Math.min(want, left);
    if (q > 0) due.push({ quantity: q, date: d.date });
    want -= q;
  }
  if (want > 0) due.push({ quantity: want, date: null });
  return { now, due };
}

export interface PromiseLine {
  lineNumber: number;
  itemNumber: string;
  productId: number;
  quantity: number;
}

export interface ProductSupply {
  stock: number;
  dueIn: readonly DueIn[];
}

/**
 * Each line's promise. Lines of the same product share its stock and deliveries cumulatively, in
 * the order given: the first line takes from stock first, and a later line's rest is due when the
 * deliveries cover every line of the product up to and including it. (The basket keeps one line per
 * item, so this matters for orders and for any caller that repeats an item.)
 */
export function promiseLines(lines: readonly PromiseLine[], supply: ReadonlyMap<number, ProductSupply>): LinePromise[] {
  const demanded = new Map<number, number>();
  return lines.map((l) => {
    const s = supply.get(l.productId) ?? { stock: 0, dueIn: [] };
    const before = demanded.get(l.productId) ?? 0;
    const upTo = before + l.quantity;
    demanded.set(l.productId, upTo);
    const stock = Math.max(0, s.stock);
    const now = Math.max(0, Math.min(l.quantity, stock - before));
    const rest = l.quantity - now;
    const base = { lineNumber: l.lineNumber, itemNumber: l.itemNumber, quantity: l.quantity, now, rest };
    if (rest === 0) return { ...base, status: 'inStock', dueDate: null, text: DELIVERY_MSG.inStock };
    const dueDate = coveringDate(stock, upTo, s.dueIn) ?? null;
    const { due } = splitAcrossDeliveries(stock, before, l.quantity, s.dueIn);
    // More than one delivery (or a delivery and an undated rest): say each part.
    if (due.length > 1)
      return { ...base, status: now > 0 ? 'part' : 'due', dueDate, text: DELIVERY_MSG.split(now, due) };
    if (now > 0)
      return {
        ...base,
        status: 'part',
        dueDate,
        text: dueDate ? DELIVERY_MSG.partDue(now, rest, dueDate) : DELIVERY_MSG.partNoDate(now, rest),
      };
    return { ...base, status: 'due', dueDate, text: dueDate ? DELIVERY_MSG.due(dueDate) : DELIVERY_MSG.noDate };
  });
}

/** Ship days are UK days: the cut-off is read in this time zone. */
export const SHIPPING_TIME_ZONE = 'Europe/London';
export const DEFAULT_CUT_OFF = '14:00';
/** hh:mm, 24-hour. */
export const CUT_OFF_PATTERN = ORDER_CUT_OFF_PATTERN;

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHIPPING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UK calendar date (yyyy-mm-dd) and time (hh:mm) at `now`. */
export function ukDateTime(now: Date): { date: string; time: string } {
  const p = Object.fromEntries(londonParts.formatToParts(now).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

const weekday = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).getUTCDay();
const isWorkingDay = (isoDate: string) => weekday(isoDate) !== 0 && weekday(isoDate) !== 6;
const nextDay = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The first working day (Monday to Friday) after `isoDate`. Bank holidays are not known here. */
export function nextWorkingDay(isoDate: string): string {
  let d = nextDay(isoDate);
  while (!isWorkingDay(d)) d = nextDay(d);
  return d;
}

/**
 * The order cut-off: an order placed before `cutOff` (hh:mm, UK time) on a working day ships that
 * day; after it, or at a weekend, it ships the next working day. A stored value that is not hh:mm
 * counts as the default.
 */
export function cutOffAt(now: Date, cutOff: string): OrderCutOff {
  const time = CUT_OFF_PATTERN.test(cutOff) ? cutOff : DEFAULT_CUT_OFF;
  const uk = ukDateTime(now);
  const shipsToday = isWorkingDay(uk.date) && uk.time < time;
  const shipDate = shipsToday ? uk.date : nextWorkingDay(uk.date);
  return {
    time,
    shipsToday,
    shipDate,
    text: shipsToday ? DELIVERY_MSG.cutOffToday(time) : DELIVERY_MSG.cutOffNext(shipDate),
  };
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The date each way of sending yields, the default ('partial') first. Partial: the first delivery
 * ships on the ship day when any line has stock now, else on the earliest due date. Complete: the
 * one delivery ships when every line is covered (not before the ship day); no date while any line
 * has none.
 */
export function shipmentOptions(lines: readonly LinePromise[], cutOff: OrderCutOff): ShipmentOption[] {
  const ship = cutOff.shipDate;
  const anyNow = lines.some((l) => l.now > 0);
  const waiting = lines.filter((l) => l.rest > 0);
  const undated = waiting.some((l) => l.dueDate === null);
  const dates = waiting.flatMap((l) => (l.dueDate ? [l.dueDate] : []));
  const latest = dates.reduce<string | null>((a, d) => (a === null ? d : later(a, d)), null);
  const earliest = dates.reduce<string | null>((a, d) => (a === null || d < a ? d : a), null);
  const onDay = (d: string) => (d === ship && cutOff.shipsToday ? 'today' : d);

  let partial: { date: string | null; dateText: string };
  if (anyNow) {
    const first = onDay(ship) === 'today' ? DELIVERY_MSG.firstShipsToday : DELIVERY_MSG.firstShipsOn(ship);
    const rest =
      waiting.length === 0 ? '' : undated ? DELIVERY_MSG.restNoDate : DELIVERY_MSG.restWhenDue(later(latest!, ship));
    partial = { date: ship, dateText: first + rest };
  } else if (earliest) {
    const first = later(earliest, ship);
    const last = undated ? null : later(latest!, ship);
    const rest = last === first ? '' : last === null ? DELIVERY_MSG.restNoDate : DELIVERY_MSG.restWhenDue(last);
    partial = {
      date: first,
      dateText: (onDay(first) === 'today' ? DELIVERY_MSG.firstShipsToday : DELIVERY_MSG.firstShipsOn(first)) + rest,
    };
  } else partial = { date: null, dateText: DELIVERY_MSG.whenDatesKnown };

  const all = undated ? null : later(latest ?? ship, ship);
  const complete = {
    date: all,
    dateText:
      all === null
        ? DELIVERY_MSG.whenDatesKnown
        : onDay(all) === 'today'
          ? DELIVERY_MSG.shipsToday
          : DELIVERY_MSG.shipsOn(all),
  };
  const label = (p: ShipmentPreference) => DELIVERY_MSG.preference[p];
  return [
    { preference: 'partial', label: label('partial'), ...partial },
    { preference: 'complete', label: label('complete'), ...complete },
  ];
}
