/**
 * The one pricing module (architecture.md): basket, checkout, order placement, copy order, seed
 * data and invoices all price through these functions. Pure; no I/O.
 */
import { lineTotalMinor, mulDivRound, percentOfMinor } from './money.js';

export interface PriceTerms {
  /** The account's discount in basis points for this product's type (or its default). */
  discountBp: number;
}

export interface Tier {
  minimumQuantity: number;
  priceE5: number;
}

/** discountPrice: list price less the account's discount, to 5 decimals. */
export function discountPriceE5(listPriceE5: number, terms: PriceTerms): number {
  return mulDivRound(listPriceE5, 10_000 - terms.discountBp, 10_000);
}

/** The multi-buy tier that applies to a quantity: the one with the highest minimum reached. */
export function tierFor(tiers: readonly Tier[], quantity: number): Tier | undefined {
  let best: Tier | undefined;
  for (const t of tiers)
    if (quantity >= t.minimumQuantity && (!best || t.minimumQuantity > best.minimumQuantity)) best = t;
  return best;
}

export interface LinePrice {
  unitPriceE5: number;
  /** Discount against list price, in basis points (for 'discountPercentage' / 'Disc %'). */
  discountBp: number;
  totalMinor: number;
}

/** Price one line: the better of the account discount price and the multi-buy tier price. */
export function priceLine(listPriceE5: number, terms: PriceTerms, tiers: readonly Tier[], quantity: number): LinePrice {
  const discounted = discountPriceE5(listPriceE5, terms);
  const tier = tierFor(tiers, quantity);
  const unitPriceE5 = tier && tier.priceE5 < discounted ? tier.priceE5 : discounted;
  const discountBp = listPriceE5 > 0 ? mulDivRound(listPriceE5 - unitPriceE5, 10_000, listPriceE5) : 0;
  return { unitPriceE5, discountBp, totalMinor: lineTotalMinor(unitPriceE5, quantity) };
}

export interface CarriageTerms {
  carriageMinor: number;
  /** Goods at or above this total ship free; 0 means carriage always applies. */
  freeOverMinor: number;
}

/** The carriage charge for a basket's goods total; none for an empty basket. */
export function carriageMinor(goodsMinor: number, lineCount: number, terms: CarriageTerms): number {
  if (lineCount === 0) return 0;
  if (terms.freeOverMinor > 0 && goodsMinor >= terms.freeOverMinor) return 0;
  return terms.carriageMinor;
}

export interface Totals {
  goodsMinor: number;
  carriageMinor: number;
  /** amount: goods plus carriage, before VAT. */
  amountMinor: number;
  vatMinor: number;
  totalMinor: number;
}

/** Totals of priced lines: VAT at the account's rate on goods and carriage. */
export function totals(lineTotalsMinor: readonly number[], carriage: CarriageTerms, vatRateBp: number): Totals {
  const goodsMinor = lineTotalsMinor.reduce((a, b) => a + b, 0);
  const c = carriageMinor(goodsMinor, lineTotalsMinor.length, carriage);
  const amountMinor = goodsMinor + c;
  const vatMinor = percentOfMinor(amountMinor, vatRateBp);
  return { goodsMinor, carriageMinor: c, amountMinor, vatMinor, totalMinor: amountMinor + vatMinor };
}
