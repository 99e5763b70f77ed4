import {
  BASKET_MAX_LINES,
  MSG,
  QUANTITY_MAX,
  QUANTITY_MAX_DIGITS,
  type Basket,
  type BasketLine,
  type BasketSummary,
  SERVER_MSG,
  BASKET_MSG,
  type AddBasketLine,
  type UpdateBasketLine,
} from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { discountPriceE5, priceLine, totals, type LinePrice, type Tier, type Totals } from '../../domain/pricing.js';
import { bpToPercent, e5ToAmount, minorToAmount } from '../../domain/money.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { termsFor, type AccountTerms, type PricingRepository } from '../pricing/pricing.repository.js';
import type { Repos } from '../../db/repos.js';
import type { BasketRepository, ClearedLine } from './basket.repository.js';
import type { Caller } from '../../domain/caller.js';

export type { Caller } from '../../domain/caller.js';

export interface PricedLine {
  lineId: number;
  lineNumber: number;
  productId: number;
  productTypeId: number;
  itemNumber: string;
  description: string;
  stock: number;
  unit: string;
  quantity: number;
  listPriceE5: number;
  /** The account's own unit price before multi-buy tiers (its discounts on the list price). */
  accountPriceE5: number;
  /** The product's multi-buy tiers in the account's currency. */
  tiers: readonly Tier[];
  price: LinePrice;
  hasMultiBuyDiscount: boolean;
}

/** A basket priced on the server: the one source for the basket screen, checkout and placing an order. */
export interface PricedBasket {
  basketId: number | null;
  revision: number;
  terms: AccountTerms;
  lines: PricedLine[];
  totals: Totals;
}

export const CARRIAGE_ITEM = 'CARRIAGE';
const stockText = new Intl.NumberFormat('en-GB');

type ProductRow = {
  id: number;
  line_number: number;
  quantity: number;
  product_id: number;
  item_number: string;
  description: string;
  product_type_id: number;
  stock: number;
  unit: string;
  list_price_e5: number | null;
};

/** THE line pricing of a basket, and of an order's lines priced again (approval): today's prices and terms. */
function priceRows(terms: AccountTerms, rows: readonly ProductRow[], tiers: Map<number, Tier[]>): PricedLine[] {
  return rows.map((r): PricedLine => {
    const listPriceE5 = r.list_price_e5 ?? 0;
    const productTiers = tiers.get(r.product_id) ?? [];
    const accountPriceE5 = discountPriceE5(listPriceE5, termsFor(terms, r.product_type_id));
    return {
      lineId: r.id,
      lineNumber: r.line_number,
      productId: r.product_id,
      productTypeId: r.product_type_id,
      itemNumber: r.item_number,
      description: r.description,
      stock: r.stock,
      unit: r.unit,
      quantity: r.quantity,
      listPriceE5,
      accountPriceE5,
      tiers: productTiers,
      price: priceLine(listPriceE5, termsFor(terms, r.product_type_id), productTiers, r.quantity),
      // As the product list: only a tier below the account's own price is an offer (one at or above it saves nothing).
      hasMultiBuyDiscount: productTiers.some((t) => t.priceE5 < accountPriceE5),
    };
  });
}

export interface BasketDeps {
  baskets: Repos<BasketRepository>;
  /** The pricing read model (modules/pricing). */
  pricing: Repos<PricingRepository>;
}

export function basketService({ baskets, pricing: prices }: BasketDeps) {
  /** Prices the caller's basket with today's prices and the account's terms (inside `trx` when given). */
  async function price(caller: Caller, trx?: Db): Promise<PricedBasket> {
    const repo = trx ? baskets.over(trx) : baskets.base;
    const pricing = trx ? prices.over(trx) : prices.base;
    const terms = await pricing.accountTerms(caller.accountId);
    if (!terms) throw notFound();
    const basket = await repo.basketWithLines(caller.userId, terms.currencyCode);
    const rows = basket?.lines ?? [];
    const tiers = await pricing.tiers(
      rows.map((r) => r.product_id),
      terms.currencyCode,
    );
    const lines = priceRows(terms, rows, tiers);
    return {
      basketId: basket?.id ?? null,
      revision: basket?.revision ?? 0,
      terms,
      lines,
      totals: totals(
        lines.map((l) => l.price.totalMinor),
        terms.carriage,
        terms.vatRateBp,
      ),
    };
  }

  /**
   * Prices goods lines that are not in a basket (an order awaiting approval, priced again when it is
   * approved) exactly as a basket's lines are priced. A product no longer sold in the account's
   * currency is left out; the caller compares what came back with what it asked for.
   */
  async function priceItems(
    accountId: number,
    items: readonly { productId: number; quantity: number }[],
    trx?: Db,
  ): Promise<{ terms: AccountTerms; lines: PricedLine[]; totals: Totals }> {
    const pricing = trx ? prices.over(trx) : prices.base;
    const repo = trx ? baskets.over(trx) : baskets.base;
    const terms = await pricing.accountTerms(accountId);
    if (!terms) throw notFound();
    const products = new Map(
      (
        await repo.productsForPricing(
          items.map((i) => i.productId),
          terms.currencyCode,
        )
      ).map((p) => [p.product_id, p]),
    );
    const rows = items.flatMap((item, i) => {
      const p = products.get(item.productId);
      return p && p.list_price_e5 !== null ? [{ ...p, id: i + 1, line_number: i + 1, quantity: item.quantity }] : [];
    });
    const tiers = await pricing.tiers(
      rows.map((r) => r.product_id),
      terms.currencyCode,
    );
    const lines = priceRows(terms, rows, tiers);
    return {
      terms,
      lines,
      totals: totals(
        lines.map((l) => l.price.totalMinor),
        terms.carriage,
        terms.vatRateBp,
      ),
    };
  }

  function toView(p: PricedBasket): Basket {
    const basketLines: BasketLine[] = p.lines.map((l) => ({
      lineNumber: l.lineNumber,
      itemNumber: l.itemNumber,
      description: l.description,
      stock: stockText.format(l.stock),
      unit: l.unit,
      discountPercentage: bpToPercent(l.price.discountBp),
      discountPrice: e5ToAmount(l.price.unitPriceE5),
      totalLinePrice: minorToAmount(l.price.totalMinor),
      quantity: l.quantity,
      additionalCharge: 'False',
      hasMultiBuyDiscount: l.hasMultiBuyDiscount,
    }));
    const carriage = p.totals.carriageMinor;
    const carriageLine: BasketLine | null =
      p.lines.length === 0
        ? null
        : {
            lineNumber: 0,
            itemNumber: CARRIAGE_ITEM,
            description: carriage === 0 ? 'Carriage (free on this order)' : 'Carriage',
            stock: '',
            unit: 'EACH',
            discountPercentage: 0,
            discountPrice: minorToAmount(carriage),
            totalLinePrice: minorToAmount(carriage),
            quantity: 1,
            additionalCharge: 'True',
            hasMultiBuyDiscount: false,
          };
    return { basketLines, carriageLine, totalBasketPrice: minorToAmount(p.totals.amountMinor), revision: p.revision };
  }

  function toSummary(p: PricedBasket): BasketSummary {
    return {
      amount: minorToAmount(p.totals.amountMinor),
      totalVAT: minorToAmount(p.totals.vatMinor),
      totalAmount: minorToAmount(p.totals.totalMinor),
    };
  }

  const tooMany = () => badRequest(MSG.quantityTooLarge(QUANTITY_MAX_DIGITS));

  return {
    price,
    priceItems,
    toView,
    toSummary,

    async getBasket(caller: Caller): Promise<Basket> {
      return toView(await price(caller));
    },

    async getBasketAmount(caller: Caller): Promise<BasketSummary> {
      return toSummary(await price(caller));
    },

    /** Adds an item; the same item again adds to its existing line. */
    async addBasketLine(caller: Caller, { itemNumber, quantity }: AddBasketLine): Promise<Basket> {
      await baskets.transaction(async (repo) => {
        const basketId = await repo.ensureBasket(caller.userId, caller.accountId);
        await repo.touch(basketId);
        const product = await repo.findActiveProduct(itemNumber);
        if (!product) throw notFound(SERVER_MSG.noProduct(itemNumber));
        const existing = await repo.findLineByProduct(basketId, product.id);
        if (existing) {
          if (existing.quantity + quantity > QUANTITY_MAX) throw tooMany();
          await repo.setQuantity(existing.id, existing.quantity + quantity);
        } else {
          if ((await repo.lineCount(basketId)) >= BASKET_MAX_LINES) throw badRequest(MSG.basketFull(BASKET_MAX_LINES));
          await repo.insertLine(basketId, product.id, quantity);
        }
      });
      return toView(await price(caller));
    },

    async updateBasketLine(caller: Caller, { lineNumber, quantity }: UpdateBasketLine): Promise<Basket> {
      await baskets.transaction(async (repo) => {
        const basket = await repo.findBasket(caller.userId);
        const line = basket && (await repo.findLine(basket.id, lineNumber));
        if (!basket || !line) throw notFound(SERVER_MSG.noBasketLine(lineNumber));
        await repo.touch(basket.id);
        await repo.setQuantity(line.id, quantity);
      });
      return toView(await price(caller));
    },

    async deleteBasketLine(caller: Caller, { id: lineNumber }: { id: number }): Promise<Basket> {
      await baskets.transaction(async (repo) => {
        const basket = await repo.findBasket(caller.userId);
        const line = basket && (await repo.findLine(basket.id, lineNumber));
        if (!basket || !line) throw notFound(SERVER_MSG.noBasketLine(lineNumber));
        await repo.touch(basket.id);
        await repo.deleteLine(line.id);
      });
      return toView(await price(caller));
    },

    /**
     * Removes every line in one change and keeps them, as stored, for `undoClearBasket`. An empty
     * basket stays as it is (and keeps what an earlier clear kept).
     */
    async clearBasket(caller: Caller): Promise<Basket> {
      await baskets.transaction(async (repo) => {
        const basket = await repo.findBasket(caller.userId);
        if (!basket) return;
        await repo.touch(basket.id); // locks the row: a concurrent change waits, then ends the undo
        const { revision } = (await repo.findBasket(caller.userId))!;
        const lines = await repo.allLines(basket.id);
        if (lines.length === 0) return;
        await repo.clearLines(basket.id);
        const kept: { revision: number; lines: ClearedLine[] } = {
          revision: Number(revision),
          lines: lines.map((l) => ({
            ...l,
            ordered_unit_price_e5: l.ordered_unit_price_e5 === null ? null : Number(l.ordered_unit_price_e5),
          })),
        };
        await repo.setClearedLines(basket.id, JSON.stringify(kept));
      });
      return toView(await price(caller));
    },

    /** Puts back what the last clear removed, while the basket is as that clear left it. */
    async undoClearBasket(caller: Caller): Promise<Basket> {
      await baskets.transaction(async (repo) => {
        const basket = await repo.findBasket(caller.userId);
        if (!basket) throw conflict(BASKET_MSG.cannotUndoClear);
        await repo.touch(basket.id); // locks the row; the revision read below is one past the clear's
        const locked = (await repo.findBasket(caller.userId))!;
        const kept = locked.cleared_lines
          ? (JSON.parse(locked.cleared_lines) as { revision: number; lines: ClearedLine[] })
          : undefined;
        if (!kept || kept.revision !== Number(locked.revision) - 1) throw conflict(BASKET_MSG.cannotUndoClear);
        await repo.restoreLines(basket.id, kept.lines);
        await repo.setClearedLines(basket.id, null);
      });
      return toView(await price(caller));
    },

    /**
     * Empties the caller's basket and fills it with `lines` (copy order), inside `trx`; with
     * `keep` the basket's lines stay and an item already in it gets the quantity added.
     */
    async replaceLines(
      trx: Db,
      caller: Caller,
      lines: readonly {
        productId: number;
        quantity: number;
        origin?: { orderNumber: string; unitPriceE5: number; quantity: number };
      }[],
      { keep = false }: { keep?: boolean } = {},
    ): Promise<void> {
      const repo = baskets.over(trx);
      const basketId = await repo.ensureBasket(caller.userId, caller.accountId);
      const newProducts = new Set(lines.map((l) => l.productId));
      if (keep) {
        for (const l of lines) if (await repo.findLineByProduct(basketId, l.productId)) newProducts.delete(l.productId);
        if ((await repo.lineCount(basketId)) + newProducts.size > BASKET_MAX_LINES)
          throw badRequest(MSG.basketFull(BASKET_MAX_LINES));
      } else if (newProducts.size > BASKET_MAX_LINES) throw badRequest(MSG.basketFull(BASKET_MAX_LINES));
      await repo.touch(basketId);
      if (!keep) await repo.clearLines(basketId);
      for (const l of lines) {
        const existing = await repo.findLineByProduct(basketId, l.productId);
        if (existing) await repo.setQuantity(existing.id, Math.min(QUANTITY_MAX, existing.quantity + l.quantity));
        else await repo.insertLine(basketId, l.productId, Math.min(QUANTITY_MAX, l.quantity), l.origin);
      }
    },

    /** The caller's basket's id, made when there is none (checkout stores its delivery header on it). */
    ensureBasket: (caller: Caller): Promise<number> => baskets.base.ensureBasket(caller.userId, caller.accountId),

    /** Empties a basket whose revision was just placed as an order, inside the placing transaction. */
    async emptyPlaced(trx: Db, basketId: number): Promise<void> {
      const repo = baskets.over(trx);
      await repo.clearLines(basketId);
      await repo.touch(basketId);
    },

    /**
     * Adds lines to the caller's basket in one change (one revision), the basket row locked first, as
     * every basket change does. `pick` runs in that transaction, after the lock, and answers the lines
     * to add. A line whose item is already in the basket gets the quantity added, unless that would
     * pass the quantity limit (those come back in `overLimit`, not added). Refused whole (400) when
     * the new lines would not fit in the basket.
     */
    async mergeLines<T extends { productId: number; quantity: number }>(
      caller: Caller,
      pick: (trx: Db) => Promise<readonly T[]>,
    ): Promise<{ added: number; overLimit: T[]; revision: number }> {
      return baskets.transaction(async (repo, trx) => {
        const basketId = await repo.ensureBasket(caller.userId, caller.accountId);
        await repo.touch(basketId);
        const lines = await pick(trx);
        const { lines: existing, count } = await repo.linesForProducts(
          basketId,
          lines.map((a) => a.productId),
        );
        const inBasket = new Map(existing.map((l) => [l.product_id, l]));
        const fresh: T[] = [];
        const overLimit: T[] = [];
        let added = 0;
        for (const a of lines) {
          const line = inBasket.get(a.productId);
          if (!line) fresh.push(a);
          else if (line.quantity + a.quantity > QUANTITY_MAX) overLimit.push(a);
          else {
            await repo.setQuantity(line.id, line.quantity + a.quantity);
            added++;
          }
        }
        if (count + fresh.length > BASKET_MAX_LINES) throw badRequest(MSG.basketFull(BASKET_MAX_LINES));
        await repo.appendLines(
          basketId,
          fresh.map((a) => ({ productId: a.productId, quantity: a.quantity })),
        );
        added += fresh.length;
        const basket = await repo.findBasket(caller.userId);
        return { added, overLimit, revision: basket?.revision ?? 0 };
      });
    },

    /** The lines of a basket copied from an order, by product (the price-break nudge). */
    copiedLines: (basketId: number) => baskets.base.copiedLines(basketId),
  };
}
export type BasketService = ReturnType<typeof basketService>;
