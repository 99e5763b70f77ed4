import {
  DELIVERY_MSG,
  QUANTITY_MAX,
  QUICK_MSG,
  QUICK_ORDER_SUGGESTIONS,
  quickOrderAddable,
  toShortDate,
  type AddQuickOrderResponse,
  type QuickOrderCheck,
  type QuickOrderLineInput,
  type QuickOrderRequest as QuickOrderLines,
  type QuickOrderLineResult,
} from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import type { Repos } from '../../db/repos.js';
import { priceLine } from '../../domain/pricing.js';
import { coveringDate, splitAcrossDeliveries } from '../../domain/delivery-promise.js';
import { e5ToAmount } from '../../domain/money.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import type { BasketService, Caller } from '../basket/basket.service.js';
import { termsFor, type PricingRepository } from '../pricing/pricing.repository.js';
import type { CatalogueIndex } from '../products/catalogue-index.js';
import type { QuickOrderRepository } from './quick-order.repository.js';
import type { DeliveryService } from '../delivery/delivery.service.js';

const WHOLE = /^\d+$/;
const THOUSANDS = /^\d{1,3}(,\d{3})+$/;

/** Lines with the same code (any case, trimmed) as one: their rows, and the quantity they add up to. */
interface Group {
  rows: number[];
  code: string;
  /** The sum when every part is a whole number, else the first part that is not. */
  quantity: string;
}

/** Merges lines of the same code; blank lines (no code, no quantity) are left out. */
export function mergeLines(lines: readonly QuickOrderLineInput[]): Group[] {
  const groups = new Map<string, Group & { parts: string[] }>();
  lines.forEach((l, row) => {
    const code = l.itemNumber.trim();
    const qty = l.quantity.trim();
    if (!code && !qty) return;
    const key = code.toLowerCase();
    const g = groups.get(key);
    if (g) {
      g.rows.push(row);
      g.parts.push(qty);
    } else groups.set(key, { rows: [row], code, quantity: qty, parts: [qty] });
  });
  return [...groups.values()].map(({ rows, code, parts }) => {
    const bad = parts.find((p) => !WHOLE.test(p));
    const quantity = bad ?? String(parts.reduce((sum, p) => sum + Number(p), 0));
    return { rows, code, quantity };
  });
}

export interface QuickOrderDeps {
  quickOrder: Repos<QuickOrderRepository>;
  /** The pricing read model (modules/pricing). */
  pricing: Pick<PricingRepository, 'accountTerms'>;
  /** The same catalogue index as search (modules/products). */
  index: CatalogueIndex;
  basket: Pick<BasketService, 'mergeLines'>;
  delivery: Pick<DeliveryService, 'dueIn'>;
}

/**
 * Quick Order: every line a buyer pasted or uploaded checked in one request, and the valid ones
 * added to the basket in one change. Scoped to the caller's account and currency.
 */
export function quickOrderService({ quickOrder, pricing, index, basket, delivery }: QuickOrderDeps) {
  /**
   * The lines merged and their codes found in the in-memory catalogue index. Outside any
   * transaction: the index reads the catalogue revision (and may rebuild) on its own connection.
   */
  async function resolve(caller: Caller, lines: readonly QuickOrderLineInput[]) {
    const terms = await pricing.accountTerms(caller.accountId);
    if (!terms) throw notFound();
    const groups = mergeLines(lines);
    const found = await index.findCodes(
      terms.currencyCode,
      groups.map((g) => g.code),
      QUICK_ORDER_SUGGESTIONS,
    );
    return { terms, groups, found };
  }

  /** Every line answered, from the products, tiers and due-in schedules (read inside `trx` when given). */
  async function check({ terms, groups, found }: Awaited<ReturnType<typeof resolve>>, trx?: Db) {
    const currency = terms.currencyCode;
    const ids = found.flatMap((f) => (f.id === undefined ? [] : [f.id]));
    const suggested = found.flatMap((f) => f.nearest);
    const repo = trx ? quickOrder.over(trx) : quickOrder.base;
    const [products, tiers, dueIn] = await Promise.all([
      repo.products([...new Set([...ids, ...suggested])], currency),
      repo.tiers(ids, currency),
      delivery.dueIn(ids, trx),
    ]);
    const byId = new Map(products.map((p) => [p.id, p]));
    const productIds: (number | undefined)[] = [];
    const results = groups.map((g, k): QuickOrderLineResult => {
      const f = found[k]!;
      const p = f.id === undefined ? undefined : byId.get(f.id);
      productIds.push(p?.id);
      const base = {
        rows: g.rows,
        itemNumber: p?.item_number ?? g.code,
        quantity: g.quantity,
        description: p?.description ?? null,
        stock: p ? p.stock : null,
        unitPrice: null,
        dueDate: null,
        suggestions: [] as string[],
      };
      if (!p)
        return {
          ...base,
          status: 'unknown',
          message: g.code ? QUICK_MSG.unknownCode(g.code) : QUICK_MSG.missingCode,
          suggestions: f.nearest.flatMap((id) => {
            const s = byId.get(id);
            return s ? [s.item_number] : [];
          }),
        };
      if (!p.active) return { ...base, status: 'discontinued', message: QUICK_MSG.discontinued };
      if (p.list_price_e5 === null) return { ...base, status: 'notSold', message: QUICK_MSG.notSold(currency) };
      const q = WHOLE.test(g.quantity) ? Number(g.quantity) : 0;
      // "1,000" reaches the server only where the browser could not tell a thousands separator from a
      // field separator (a comma-separated line): ask, do not guess 1 or 1000.
      if (THOUSANDS.test(g.quantity))
        return { ...base, status: 'badQuantity', message: QUICK_MSG.thousandsUnclear(g.quantity) };
      if (q < 1) return { ...base, status: 'badQuantity', message: QUICK_MSG.notWhole };
      if (q > QUANTITY_MAX) return { ...base, status: 'badQuantity', message: QUICK_MSG.aboveLimit(QUANTITY_MAX) };
      const unitPrice = e5ToAmount(
        priceLine(p.list_price_e5, termsFor(terms, p.product_type_id), tiers.get(p.id) ?? [], q).unitPriceE5,
      );
      if (q > p.stock) {
        const schedule = dueIn.get(p.id) ?? [];
        const date = coveringDate(p.stock, q, schedule);
        const stock = Math.max(0, p.stock);
        const { due } = splitAcrossDeliveries(p.stock, 0, q, schedule);
        return {
          ...base,
          unitPrice,
          status: 'short',
          dueDate: date ? toShortDate(date) : null,
          message:
            due.length > 1
              ? QUICK_MSG.stockShortSplit(stock, DELIVERY_MSG.split(0, due))
              : date
                ? QUICK_MSG.stockShortDue(stock, toShortDate(date))
                : QUICK_MSG.stockShortNoDate(stock),
        };
      }
      return { ...base, unitPrice, status: 'ready', message: QUICK_MSG.ready };
    });
    const ready = results.filter((r) => quickOrderAddable(r.status)).length;
    return { check: { lines: results, ready, invalid: results.length - ready } satisfies QuickOrderCheck, productIds };
  }

  return {
    /** POST /quick-order/check */
    async checkQuickOrder(caller: Caller, { lines }: QuickOrderLines): Promise<QuickOrderCheck> {
      return (await check(await resolve(caller, lines))).check;
    },

    /**
     * POST /quick-order/add: checks every line again (nothing the browser says is trusted) and adds
     * the valid ones in one transaction: one basket revision. A line already in the basket gets the
     * quantity added to it; one that would pass the quantity limit so is not added. Refused whole
     * (400) when no line is valid or the new lines would not fit in the basket.
     */
    async addQuickOrder(caller: Caller, { lines }: QuickOrderLines): Promise<AddQuickOrderResponse> {
      const resolved = await resolve(caller, lines);
      let notAdded: QuickOrderLineResult[] = [];
      const merged = await basket.mergeLines(caller, async (trx) => {
        const { check: checked, productIds } = await check(resolved, trx);
        const addable = checked.lines.flatMap((r, k) =>
          quickOrderAddable(r.status) ? [{ result: r, productId: productIds[k]!, quantity: Number(r.quantity) }] : [],
        );
        notAdded = checked.lines.filter((r) => !quickOrderAddable(r.status));
        if (addable.length === 0) throw badRequest(QUICK_MSG.nothingToAdd);
        return addable;
      });
      for (const a of merged.overLimit)
        notAdded.push({ ...a.result, status: 'badQuantity', message: QUICK_MSG.aboveLimit(QUANTITY_MAX) });
      return { added: merged.added, revision: merged.revision, notAdded };
    },
  };
}
export type QuickOrderService = ReturnType<typeof quickOrderService>;
