import { QUANTITY_MAX, type BasketPriceBreaks, type PriceBreakLine } from '@wholesale/contract';
import { priceLine, type Tier } from '../../domain/pricing.js';
import { e5ToAmount, lineTotalMinor, minorToAmount } from '../../domain/money.js';
import { termsFor } from '../pricing/pricing.repository.js';
import type { BasketService, Caller } from './basket.service.js';

/**
 * The next multi-buy break above `quantity` worth moving to: the lowest tier minimum above it whose
 * price beats both the account's own price and the line's current price (a tier at or
 * above the account's price is no offer). Its saving is the line at that quantity at the current
 * unit price less the same line at the tier price.
 */
export function nextBreak(tiers: readonly Tier[], accountPriceE5: number, currentPriceE5: number, quantity: number) {
  const tier = tiers
    .filter(
      (t) =>
        t.minimumQuantity > quantity &&
        t.minimumQuantity <= QUANTITY_MAX &&
        t.priceE5 < accountPriceE5 &&
        t.priceE5 < currentPriceE5,
    )
    .sort((a, b) => a.minimumQuantity - b.minimumQuantity)[0];
  if (!tier) return null;
  return {
    quantity: tier.minimumQuantity,
    addQuantity: tier.minimumQuantity - quantity,
    unitPriceE5: tier.priceE5,
    savingMinor:
      lineTotalMinor(currentPriceE5, tier.minimumQuantity) - lineTotalMinor(tier.priceE5, tier.minimumQuantity),
    extraCostMinor: lineTotalMinor(tier.priceE5, tier.minimumQuantity) - lineTotalMinor(currentPriceE5, quantity),
  };
}

/**
 * Price-break nudges and copied-order price changes for the caller's basket, priced on
 * the server from the basket service's own pricing (its lines carry their tiers and account price).
 */
export function priceBreaksService(baskets: BasketService) {
  return {
    /** GET /basket/price-breaks */
    async getBasketPriceBreaks(caller: Caller): Promise<BasketPriceBreaks> {
      const priced = await baskets.price(caller);
      const copied = priced.basketId === null ? new Map<number, never>() : await baskets.copiedLines(priced.basketId);
      let totalSavingsMinor = 0;
      const lines: PriceBreakLine[] = [];
      for (const l of priced.lines) {
        const savingMinor = Math.max(0, lineTotalMinor(l.accountPriceE5, l.quantity) - l.price.totalMinor);
        totalSavingsMinor += savingMinor;
        const next = nextBreak(l.tiers, l.accountPriceE5, l.price.unitPriceE5, l.quantity);
        // Today's price at the quantity ordered then, so a change of quantity since is not a change of price.
        const origin = copied.get(l.lineId);
        const todayE5 =
          origin &&
          priceLine(l.listPriceE5, termsFor(priced.terms, l.productTypeId), l.tiers, origin.quantity).unitPriceE5;
        const priceChange =
          origin && todayE5 !== undefined && origin.unitPriceE5 !== todayE5
            ? {
                orderNumber: origin.orderNumber,
                oldUnitPrice: e5ToAmount(origin.unitPriceE5),
                newUnitPrice: e5ToAmount(todayE5),
              }
            : null;
        if (!next && savingMinor === 0 && !priceChange) continue;
        lines.push({
          lineNumber: l.lineNumber,
          itemNumber: l.itemNumber,
          nextBreak: next && {
            quantity: next.quantity,
            addQuantity: next.addQuantity,
            unitPrice: e5ToAmount(next.unitPriceE5),
            saving: minorToAmount(next.savingMinor),
            extraCost: minorToAmount(next.extraCostMinor),
          },
          savingWon: minorToAmount(savingMinor),
          priceChange,
        });
      }
      // The free-carriage nudge: only when carriage is charged now and a threshold would lift it, and
      // never on stop (nothing can be ordered, so spending more is no offer).
      const { freeOverMinor } = priced.terms.carriage;
      const { goodsMinor, carriageMinor } = priced.totals;
      const freeCarriage =
        freeOverMinor > 0 && carriageMinor > 0 && goodsMinor < freeOverMinor && !priced.terms.onStop
          ? { spendMore: minorToAmount(freeOverMinor - goodsMinor), freeOver: minorToAmount(freeOverMinor) }
          : null;
      return { revision: priced.revision, lines, totalSavings: minorToAmount(totalSavingsMinor), freeCarriage };
    },
  };
}
