/**
 * Seed steps 4 and 5: the order history with its invoices (orders and account repositories), then
 * one open credit memo. Drafts come from orders.ts; this file numbers them and writes them.
 */
import { priceLine, totals } from '../domain/pricing.js';
import { DEMO_ACCOUNTS } from './accounts.js';
import {
  addDays,
  CREDIT_MEMO,
  INVOICE,
  LINE_TYPE_ITEM,
  makeOrder,
  settleGenerated,
  settleNamed,
  statusFor,
  weekdayDaysAgo,
  type OrderAccount,
  type OrderDraft,
  type PricedProduct,
} from './orders.js';
import type { Rng } from './random.js';
import type { SeedRun } from './run.js';

/** Orders numbered so far (SO-2xxxxx) and invoices and credits (SI-1xxxxx, SCM-1xxxxx). */
export interface DocumentCounters {
  order: number;
  invoice: number;
}

export interface SeededOrders {
  /** Each demo account's history, oldest first (the credit memo credits one of the first's). */
  namedDrafts: OrderDraft[][];
  counters: DocumentCounters;
}

/** An order to make: when, for which account, and its draft when already drawn (the demo histories). */
interface PlanItem {
  daysAgo: number;
  acc: number;
  draft?: OrderDraft;
}

/** Generated orders are drawn and written this many at a time. */
const ORDER_SLICE = 2000;

/** Step 4: the demo accounts' histories and any generated orders, with their invoices, in date order. */
export async function seedOrders(
  run: SeedRun,
  orderAccounts: readonly OrderAccount[],
  products: readonly PricedProduct[],
  orderCount: number,
): Promise<SeededOrders> {
  const orderRng = run.rng.fork(3);
  const namedDrafts = demoHistories(orderRng, orderAccounts, products, run.today);
  const plan = orderPlan(orderRng, orderAccounts, namedDrafts, orderCount, run.today);
  const counters: DocumentCounters = { order: 0, invoice: 0 };
  for (let i = 0; i < plan.length; i += ORDER_SLICE) {
    const drafts = plan.slice(i, i + ORDER_SLICE).map((item) => {
      if (item.draft) return item.draft;
      const acc = orderAccounts[item.acc] as OrderAccount;
      const draft = makeOrder(
        orderRng,
        acc,
        products,
        run.today,
        item.daysAgo,
        statusFor(orderRng, item.daysAgo, false),
      );
      settleGenerated(orderRng, draft, run.today);
      return draft;
    });
    await writeOrders(run, drafts, counters);
  }
  run.summary.orders = counters.order;
  return { namedDrafts, counters };
}

/** Each demo account's orders on the days its history names, a few cancelled, invoices settled by its policy. */
function demoHistories(
  orderRng: Rng,
  orderAccounts: readonly OrderAccount[],
  products: readonly PricedProduct[],
  today: string,
): OrderDraft[][] {
  const histories: OrderDraft[][] = [];
  DEMO_ACCOUNTS.forEach((spec, i) => {
    const acc = orderAccounts[i];
    const h = spec.history;
    if (!acc || !h) return;
    const days = [...h.recent, ...Array.from({ length: h.older }, () => orderRng.int(h.olderFrom, h.olderTo))]
      .map((d) => weekdayDaysAgo(today, d))
      .sort((a, b) => b - a);
    // The credit account cancelled a couple of orders (one a few weeks ago), the euro account one.
    const cancelled = new Set(spec.policy === 'demo' ? [4, days.length - 12] : spec.policy === 'euro' ? [6] : []);
    const drafts = days.map((d, k) =>
      makeOrder(orderRng, acc, products, today, d, cancelled.has(k) ? 'Cancelled' : statusFor(orderRng, d, true)),
    );
    settleNamed(drafts, spec.policy, today);
    histories.push(drafts);
  });
  return histories;
}

/** The demo histories and the generated orders (spread over the generated accounts), oldest first. */
function orderPlan(
  orderRng: Rng,
  orderAccounts: readonly OrderAccount[],
  namedDrafts: readonly OrderDraft[][],
  orderCount: number,
  today: string,
): PlanItem[] {
  const plan: PlanItem[] = [];
  namedDrafts.forEach((drafts, i) => {
    for (const draft of drafts) plan.push({ daysAgo: draft.daysAgo, acc: i, draft });
  });
  const extra = Math.max(0, Math.floor(orderCount) - plan.length);
  const targets =
    orderAccounts.length > DEMO_ACCOUNTS.length ? orderAccounts.length - DEMO_ACCOUNTS.length : orderAccounts.length;
  const firstTarget = orderAccounts.length - targets;
  for (let i = 0; i < extra; i++) {
    plan.push({
      daysAgo: weekdayDaysAgo(today, orderRng.int(0, 364)),
      acc: firstTarget + orderRng.int(0, targets - 1),
    });
  }
  return plan.sort((a, b) => b.daysAgo - a.daysAgo); // stable: equal days keep their order
}

/** Numbers the drafts and writes them: orders, lines and tracking, then the invoices of the invoiced. */
async function writeOrders(run: SeedRun, drafts: readonly OrderDraft[], counters: DocumentCounters): Promise<void> {
  for (const d of drafts) d.orderNumber = `SO-${200000 + ++counters.order}`;
  const orderIds = await insertOrders(run, drafts);
  await insertLinesAndTracking(run, drafts, orderIds);
  await insertInvoices(run, drafts, counters);
}

async function insertOrders({ repos }: SeedRun, drafts: readonly OrderDraft[]) {
  return repos.orders.insertOrders(
    drafts.map((d) => ({
      order_number: d.orderNumber ?? '',
      account_id: d.account.id,
      user_id: d.userId,
      reference: d.reference,
      status: d.status,
      location: d.account.spec.location,
      ordered_date: d.orderedDate,
      despatch_date: d.despatchDate,
      currency_code: d.account.spec.currency,
      amount_minor: d.amountMinor,
      vat_minor: d.vatMinor,
      total_minor: d.totalMinor,
      address_reference: d.delivery.addressReference,
      delivery_name: d.delivery.name,
      delivery_address1: d.delivery.address1,
      delivery_address2: d.delivery.address2,
      delivery_city: d.delivery.city,
      delivery_county: d.delivery.county,
      delivery_country: d.delivery.country,
      delivery_contact: d.delivery.contact,
      delivery_postcode: d.delivery.postcode,
      delivery_phone: d.delivery.phone,
      source_basket_id: null,
      source_revision: null,
      payment_id: null,
      created_at: d.createdAt,
      updated_at: d.despatchDate ? `${d.despatchDate}T16:30:00.000Z` : d.createdAt,
    })),
  );
}

async function insertLinesAndTracking(
  { repos, summary }: SeedRun,
  drafts: readonly OrderDraft[],
  orderIds: ReadonlyMap<string, number>,
) {
  const orderIdOf = (d: OrderDraft) => orderIds.get(d.orderNumber ?? '') ?? 0;
  const lines = drafts.flatMap((d) =>
    d.lines.map((l, k) => ({
      order_id: orderIdOf(d),
      line_no: k + 1,
      type: l.type,
      product_id: l.productId,
      item_no: l.itemNo,
      description: l.description,
      quantity: l.quantity,
      quantity_shipped: l.quantityShipped,
      location: d.account.spec.location,
      unit: l.unit,
      unit_price_e5: l.unitPriceE5,
      line_discount_bp: l.discountBp,
      total_minor: l.totalMinor,
    })),
  );
  await repos.orders.insertOrderLines(lines);
  summary.orderLines += lines.length;
  await repos.orders.insertTracking(
    drafts.flatMap((d) =>
      d.tracking.map((t) => ({
        order_id: orderIdOf(d),
        tracking_id: t,
        created_at: `${d.despatchDate ?? d.orderedDate}T16:30:00.000Z`,
      })),
    ),
  );
}

/** An invoice (SI-1xxxxx) per invoiced order, its lines the order's. */
async function insertInvoices({ repos }: SeedRun, drafts: readonly OrderDraft[], counters: DocumentCounters) {
  const invoiced = drafts.flatMap((d) =>
    d.invoice ? [{ doc: `SI-${100000 + ++counters.invoice}`, d, invoice: d.invoice }] : [],
  );
  const ids = await repos.accounts.insertInvoices(
    invoiced.map(({ doc, d, invoice }) => ({
      account_id: d.account.id,
      document_number: doc,
      document_type: INVOICE,
      posting_date: invoice.postingDate,
      due_date: invoice.dueDate,
      reference: d.reference,
      description: `Order ${d.orderNumber ?? ''}`,
      order_number: d.orderNumber ?? '',
      currency_code: d.account.spec.currency,
      amount_minor: d.amountMinor,
      vat_minor: d.vatMinor,
      original_minor: d.totalMinor,
      remaining_minor: invoice.remainingMinor,
    })),
  );
  await repos.accounts.insertInvoiceLines(
    invoiced.flatMap(({ doc, d }) =>
      d.lines.map((l, k) => ({
        invoice_id: ids.get(doc) ?? 0,
        line_no: k + 1,
        type: l.type,
        item_no: l.itemNo,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        unit_price_e5: l.unitPriceE5,
        line_discount_bp: l.discountBp,
        total_minor: l.totalMinor,
      })),
    ),
  );
}

/** Step 5: one open credit memo on the credit account, for goods returned from a recent shipment. */
export async function seedCreditMemo(
  { repos, today }: SeedRun,
  demo: OrderAccount | undefined,
  { namedDrafts, counters }: SeededOrders,
  products: readonly PricedProduct[],
) {
  const memo = demo && creditMemo(demo, namedDrafts[0] ?? [], products, today);
  if (!memo) return;
  const ids = await repos.accounts.insertInvoices([memo.document]);
  await repos.accounts.insertInvoiceLines([{ ...memo.line, invoice_id: ids.get(memo.document.document_number) ?? 0 }]);
  counters.invoice++;
}

/** Up to two of the dearest line of the last shipment at least 15 days old, credited at the price paid. */
function creditMemo(
  demo: OrderAccount,
  history: readonly OrderDraft[],
  products: readonly PricedProduct[],
  today: string,
) {
  const source = history.filter((d) => d.status === 'Shipped' && d.daysAgo >= 15).at(-1);
  const returned = source?.lines
    .filter((l) => l.type === LINE_TYPE_ITEM)
    .sort((a, b) => b.totalMinor - a.totalMinor)[0];
  const product = returned && products.find((p) => p.id === returned.productId);
  if (!source || !returned || !product) return undefined;
  const cur = demo.spec.currency;
  const qty = Math.min(2, returned.quantity);
  const priced = priceLine(product.list[cur], { discountBp: demo.discountFor(product.typeIndex) }, [], -qty);
  const t = totals([priced.totalMinor], { carriageMinor: 0, freeOverMinor: 0 }, demo.spec.vatRateBp);
  const posting = addDays(today, -weekdayDaysAgo(today, Math.min(10, source.daysAgo - 3)));
  return {
    document: {
      account_id: demo.id,
      document_number: `SCM-${100000 + 1}`,
      document_type: CREDIT_MEMO,
      posting_date: posting,
      due_date: posting,
      reference: source.reference,
      description: `Credit: damaged in transit, ${source.orderNumber ?? ''}`.trim(),
      order_number: source.orderNumber ?? '',
      currency_code: cur,
      amount_minor: t.amountMinor,
      vat_minor: t.vatMinor,
      original_minor: t.totalMinor,
      remaining_minor: t.totalMinor,
    },
    line: {
      line_no: 1,
      type: LINE_TYPE_ITEM,
      item_no: returned.itemNo,
      description: returned.description,
      quantity: -qty,
      unit: returned.unit,
      unit_price_e5: priced.unitPriceE5,
      line_discount_bp: priced.discountBp,
      total_minor: priced.totalMinor,
    },
  };
}
