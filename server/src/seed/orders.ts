/**
 * Order and invoice history for the demo accounts. Every amount comes from the one pricing module
 * (priceLine, totals); this file only decides what was ordered, when, and what has been paid.
 */
import type { CurrencyCode } from '@wholesale/contract';
import { percentOfMinor } from '../domain/money.js';
import { priceLine, totals, type Tier } from '../domain/pricing.js';
import { CARRIAGE_ITEM } from '../modules/basket/basket.service.js';
import type { AccountSpec } from './accounts.js';
import type { Unit } from './catalogue.js';
import type { Rng } from './random.js';

/** Order and invoice line types; the carriage line is a 'Charge' with item number CARRIAGE. */
export const LINE_TYPE_ITEM = 'Item';
export const LINE_TYPE_CHARGE = 'Charge';
export const CARRIAGE_ITEM_NO = CARRIAGE_ITEM;
export const INVOICE = 'Invoice';
export const CREDIT_MEMO = 'Credit Memo';
export const PAYMENT_TERMS_DAYS = 30;

export interface PricedProduct {
  id: number;
  itemNumber: string;
  description: string;
  unit: Unit;
  packQuantity: number;
  typeIndex: number;
  isMotor: boolean;
  list: { GBP: number; EUR: number };
  tiers: { GBP: Tier[]; EUR: Tier[] };
}

export interface OrderAccount {
  id: number;
  spec: AccountSpec;
  userIds: number[];
  /** Discount in basis points for a product type index (type discount, else the account default). */
  discountFor: (typeIndex: number) => number;
  /** Product indexes this account orders again and again: its 'usual orders'. */
  regulars: number[];
}

export interface LineDraft {
  type: string;
  productId: number | null;
  itemNo: string;
  description: string;
  quantity: number;
  quantityShipped: number;
  unit: string;
  unitPriceE5: number;
  discountBp: number;
  totalMinor: number;
}

export interface InvoiceDraft {
  postingDate: string;
  dueDate: string;
  remainingMinor: number;
}

export interface OrderDraft {
  account: OrderAccount;
  daysAgo: number;
  userId: number;
  reference: string;
  status: 'Open' | 'In Progress' | 'Shipped' | 'Cancelled';
  orderedDate: string;
  despatchDate: string | null;
  createdAt: string;
  amountMinor: number;
  vatMinor: number;
  totalMinor: number;
  delivery: {
    addressReference: string;
    name: string;
    address1: string;
    address2: string;
    city: string;
    county: string;
    country: string;
    contact: string;
    postcode: string;
    phone: string;
  };
  lines: LineDraft[];
  tracking: string[];
  invoice: InvoiceDraft | null;
  /** Filled in when written. */
  orderNumber?: string;
}

// ---- dates (ISO yyyy-mm-dd, UTC, as lib/time.ts) ----

export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekday = (iso: string): number => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** Days ago moved back to the previous Friday when it falls on a weekend: trade orders come in on weekdays. */
export function weekdayDaysAgo(today: string, daysAgo: number): number {
  const wd = weekday(addDays(today, -daysAgo));
  return wd === 6 ? daysAgo + 1 : wd === 0 ? daysAgo + 2 : daysAgo;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

// ---- what gets ordered ----

const LINE_COUNTS = [1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8];
const JOBS = ['KITCHEN', 'BAY', 'LOUNGE', 'OFFICE', 'HOTEL', 'SCHOOL', 'SHOWROOM', 'SURGERY', 'FLATS'];
const NAMES = ['HARRIS', 'PATEL', 'MORGAN', 'DOYLE', 'COOPER', 'REID', 'SHAW', 'FOSTER', 'GRANT', 'LLOYD'];

function reference(rng: Rng): string {
  const r = rng.next();
  if (r < 0.72) return `PO-${rng.int(1000, 9999)}`;
  if (r < 0.88) return `${rng.pick(NAMES)} ${rng.pick(JOBS)}`;
  return `JOB ${rng.int(10000, 99999)}`;
}

function quantityFor(rng: Rng, p: PricedProduct, currency: CurrencyCode): number {
  const tiers = p.tiers[currency];
  if (tiers.length > 0 && rng.chance(0.35)) {
    const t = rng.pick(tiers);
    return t.minimumQuantity + (rng.chance(0.5) ? 0 : rng.int(0, t.minimumQuantity));
  }
  switch (p.unit) {
    case 'METRE':
      return rng.int(2, 45);
    case 'ROLL':
      return rng.int(1, 4);
    case 'PACK':
      return rng.int(1, 12);
    default:
      if (p.packQuantity > 1) return p.packQuantity * rng.int(1, 5);
      return p.isMotor ? rng.int(1, 6) : rng.int(1, 10);
  }
}

/** Tracking numbers in the carrier's format, e.g. JD0002219876543210. */
const trackingId = (rng: Rng): string => `JD000${rng.digits(13)}`;

export function statusFor(rng: Rng, daysAgo: number, named: boolean): OrderDraft['status'] {
  if (named) return daysAgo <= 2 ? 'Open' : daysAgo <= 9 ? 'In Progress' : 'Shipped';
  if (daysAgo < 3) return rng.chance(0.7) ? 'Open' : 'In Progress';
  if (daysAgo < 14) return rng.chance(0.4) ? 'In Progress' : 'Shipped';
  return rng.chance(0.04) ? 'Cancelled' : 'Shipped';
}

/** One order, priced through pricing.ts, with its despatch, tracking and invoice when shipped. */
export function makeOrder(
  rng: Rng,
  acc: OrderAccount,
  products: readonly PricedProduct[],
  today: string,
  daysAgo: number,
  status: OrderDraft['status'],
): OrderDraft {
  const spec = acc.spec;
  const cur = spec.currency;
  const orderedDate = addDays(today, -daysAgo);
  const shipped = status === 'Shipped';

  const count = rng.pick(LINE_COUNTS);
  const picked = new Set<number>();
  for (let guard = 0; picked.size < count && guard < count * 5; guard++) {
    const idx = acc.regulars.length > 0 && rng.chance(0.55) ? rng.pick(acc.regulars) : rng.int(0, products.length - 1);
    picked.add(idx);
  }
  const lines: LineDraft[] = [];
  for (const idx of picked) {
    const p = products[idx];
    if (!p) continue;
    const quantity = quantityFor(rng, p, cur);
    const priced = priceLine(p.list[cur], { discountBp: acc.discountFor(p.typeIndex) }, p.tiers[cur], quantity);
    lines.push({
      type: LINE_TYPE_ITEM,
      productId: p.id,
      itemNo: p.itemNumber,
      description: p.description,
      quantity,
      quantityShipped: shipped ? quantity : 0,
      unit: p.unit,
      unitPriceE5: priced.unitPriceE5,
      discountBp: priced.discountBp,
      totalMinor: priced.totalMinor,
    });
  }
  const t = totals(
    lines.map((l) => l.totalMinor),
    { carriageMinor: spec.carriageMinor, freeOverMinor: spec.carriageFreeOverMinor },
    spec.vatRateBp,
  );
  // The carriage line, as order placement writes it: always there, free above the threshold.
  const carriage = priceLine(t.carriageMinor * 1000, { discountBp: 0 }, [], 1);
  lines.push({
    type: LINE_TYPE_CHARGE,
    productId: null,
    itemNo: CARRIAGE_ITEM_NO,
    description: t.carriageMinor === 0 ? 'Carriage (free on this order)' : 'Carriage',
    quantity: 1,
    quantityShipped: shipped ? 1 : 0,
    unit: 'EACH',
    unitPriceE5: carriage.unitPriceE5,
    discountBp: 0,
    totalMinor: carriage.totalMinor,
  });

  let despatchDate: string | null = null;
  const tracking: string[] = [];
  let invoice: InvoiceDraft | null = null;
  if (shipped) {
    despatchDate = addDays(orderedDate, rng.int(1, Math.max(1, Math.min(4, daysAgo))));
    const wd = weekday(despatchDate);
    if (wd === 6 || wd === 0) despatchDate = addDays(despatchDate, wd === 6 ? 2 : 1);
    if (despatchDate > today) despatchDate = today;
    tracking.push(trackingId(rng));
    if (rng.chance(0.3)) tracking.push(trackingId(rng));
    invoice = {
      postingDate: despatchDate,
      dueDate: addDays(despatchDate, PAYMENT_TERMS_DAYS),
      remainingMinor: t.totalMinor,
    };
  }

  const address = spec.addresses.length > 0 && rng.chance(0.35) ? rng.pick(spec.addresses) : undefined;
  const delivery: OrderDraft['delivery'] = address
    ? {
        addressReference: address.reference,
        name: address.name,
        address1: address.address1,
        address2: address.address2,
        city: address.city,
        county: address.county,
        country: address.country,
        contact: spec.contact,
        postcode: address.postcode,
        phone: address.phoneNumber,
      }
    : {
        addressReference: 'INVOICE',
        name: spec.name,
        address1: spec.address1,
        address2: spec.address2,
        city: spec.city,
        county: spec.county,
        country: spec.country,
        contact: spec.contact,
        postcode: spec.postcode,
        phone: spec.phoneNumber,
      };

  return {
    account: acc,
    daysAgo,
    userId: rng.pick(acc.userIds),
    reference: reference(rng),
    status,
    orderedDate,
    despatchDate,
    createdAt: `${orderedDate}T${pad2(rng.int(7, 16))}:${pad2(rng.int(0, 59))}:${pad2(rng.int(0, 59))}.000Z`,
    amountMinor: t.amountMinor,
    vatMinor: t.vatMinor,
    totalMinor: t.totalMinor,
    delivery,
    lines,
    tracking,
    invoice,
  };
}

// ---- what has been paid ----

/** A part-paid invoice keeps 40% open. */
const partRemaining = (originalMinor: number) => percentOfMinor(originalMinor, 4000);

/** Settle one generated account's invoice at random: most past-due ones are paid. */
export function settleGenerated(rng: Rng, draft: OrderDraft, today: string): void {
  const inv = draft.invoice;
  if (!inv) return;
  if (draft.account.spec.isProforma) {
    inv.remainingMinor = 0;
    return;
  }
  const overdue = inv.dueDate < today;
  const r = rng.next();
  if (overdue) {
    const paid = draft.account.spec.onStop ? 0.6 : 0.92;
    inv.remainingMinor = r < paid ? 0 : r < paid + 0.03 ? partRemaining(draft.totalMinor) : draft.totalMinor;
  } else {
    inv.remainingMinor = r < 0.2 ? 0 : draft.totalMinor;
  }
}

/**
 * Settle a named demo account's invoices so each screen has something to show: proforma paid
 * up front; the credit account paid except its recent invoices and two overdue ones (one part
 * paid); the euro account (on stop) with four overdue invoices.
 */
export function settleNamed(drafts: readonly OrderDraft[], policy: AccountSpec['policy'], today: string): void {
  const invoiced = drafts.filter((d) => d.invoice).sort((a, b) => (a.invoice!.dueDate < b.invoice!.dueDate ? 1 : -1));
  const overdueOpen = policy === 'demo' ? 2 : policy === 'euro' ? 4 : 0;
  let pastDue = 0;
  for (const d of invoiced) {
    const inv = d.invoice!;
    if (policy === 'proforma') inv.remainingMinor = 0;
    else if (inv.dueDate >= today) inv.remainingMinor = d.totalMinor;
    else {
      pastDue++;
      inv.remainingMinor =
        pastDue > overdueOpen ? 0 : policy === 'demo' && pastDue === 2 ? partRemaining(d.totalMinor) : d.totalMinor;
    }
  }
}
