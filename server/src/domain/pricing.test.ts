import { describe, expect, it } from 'vitest';
import { carriageMinor, discountPriceE5, priceLine, tierFor, totals } from './pricing.js';
import {
  BASKET_MAX_LINES,
  CARRIAGE_MAX_MINOR,
  LIST_PRICE_MAX_E5,
  MONEY_EXACT_MAX_MINOR,
  PERCENT_MAX_BP,
  PRICE_CEILING_E5,
  QUANTITY_MAX,
} from '@wholesale/contract';
import {
  amountToE5,
  amountToMinor,
  divRound,
  e5ToAmount,
  lineTotalMinor,
  minorToAmount,
  mulDivRound,
} from './money.js';

describe('money', () => {
  it('rounds half away from zero on integers', () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(4, 2)).toBe(2);
    expect(divRound(-5, 2)).toBe(-3);
    expect(divRound(1, 3)).toBe(0);
    expect(() => divRound(1, 0)).toThrow(RangeError);
  });

  it('parses decimal text exactly', () => {
    expect(amountToMinor('0.1')).toBe(10);
    expect(amountToMinor('1234.565')).toBe(123457);
    expect(amountToE5('0.123456')).toBe(12346);
    expect(amountToE5('12')).toBe(1_200_000);
    expect(() => amountToMinor('1e3')).toThrow(RangeError);
  });

  it('turns minor units and e5 prices into display numbers', () => {
    expect(minorToAmount(123456)).toBe(1234.56);
    expect(minorToAmount(-5)).toBe(-0.05);
    expect(e5ToAmount(123)).toBe(0.00123);
    // 0.1 + 0.2 would be 0.30000000000000004 in floats; in minor units it is exact.
    expect(minorToAmount(10 + 20)).toBe(0.3);
  });

  it('prices a line to the penny', () => {
    expect(lineTotalMinor(amountToE5('0.33333'), 3)).toBe(100); // 0.99999 -> £1.00
    expect(lineTotalMinor(amountToE5('19.99'), 999_999)).toBe(1_998_998_001);
  });
});

describe('pricing', () => {
  const list = amountToE5('10.00');

  it('applies the account discount to 5 decimals', () => {
    expect(discountPriceE5(list, { discountBp: 1250 })).toBe(amountToE5('8.75'));
    expect(discountPriceE5(amountToE5('0.99999'), { discountBp: 333 })).toBe(96669);
  });

  it('chooses the highest multi-buy tier reached', () => {
    const tiers = [
      { minimumQuantity: 10, priceE5: amountToE5('9') },
      { minimumQuantity: 50, priceE5: amountToE5('8') },
    ];
    expect(tierFor(tiers, 9)).toBeUndefined();
    expect(tierFor(tiers, 10)?.minimumQuantity).toBe(10);
    expect(tierFor(tiers, 500)?.minimumQuantity).toBe(50);
  });

  it('uses the better of the discount and the tier price', () => {
    const tiers = [{ minimumQuantity: 10, priceE5: amountToE5('8.50') }];
    expect(priceLine(list, { discountBp: 1000 }, tiers, 5)).toEqual({
      unitPriceE5: amountToE5('9'),
      discountBp: 1000,
      totalMinor: 4500,
    });
    expect(priceLine(list, { discountBp: 1000 }, tiers, 10)).toEqual({
      unitPriceE5: amountToE5('8.5'),
      discountBp: 1500,
      totalMinor: 8500,
    });
    // A tier worse than the account's own price never raises it.
    expect(priceLine(list, { discountBp: 2000 }, tiers, 10).unitPriceE5).toBe(amountToE5('8'));
  });

  it('charges carriage below the free threshold only, and none on an empty basket', () => {
    const terms = { carriageMinor: 995, freeOverMinor: 25_000 };
    expect(carriageMinor(24_999, 1, terms)).toBe(995);
    expect(carriageMinor(25_000, 1, terms)).toBe(0);
    expect(carriageMinor(0, 0, terms)).toBe(0);
    expect(carriageMinor(1_000_000, 3, { carriageMinor: 995, freeOverMinor: 0 })).toBe(995);
  });

  it('adds VAT on goods and carriage, exactly', () => {
    const t = totals([1001, 2002], { carriageMinor: 995, freeOverMinor: 25_000 }, 2000);
    expect(t).toEqual({ goodsMinor: 3003, carriageMinor: 995, amountMinor: 3998, vatMinor: 800, totalMinor: 4798 });
    expect(totals([], { carriageMinor: 995, freeOverMinor: 0 }, 2300).totalMinor).toBe(0);
    // Irish VAT 23% on €100.05: 23.0115 -> 23.01
    expect(totals([10_005], { carriageMinor: 0, freeOverMinor: 0 }, 2300).vatMinor).toBe(2301);
  });
});

describe('pricing at the bounds of what the ERP may store (limits.ts)', () => {
  it('divides exactly above 2^52 and multiplies beyond the safe range when the answer fits', () => {
    expect(divRound(Number.MAX_SAFE_INTEGER, 2)).toBe(4_503_599_627_370_496);
    expect(divRound(Number.MAX_SAFE_INTEGER - 2, 2)).toBe(4_503_599_627_370_495);
    expect(mulDivRound(2 ** 52, 10_000, 10_000)).toBe(2 ** 52);
    expect(mulDivRound(-(2 ** 52) - 1, 5_000, 10_000)).toBe(-(2 ** 51) - 1);
    expect(() => mulDivRound(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });

  it('keeps the list price bound under the ceiling derived from the fullest basket', () => {
    expect(LIST_PRICE_MAX_E5).toBeLessThanOrEqual(PRICE_CEILING_E5);
    expect(MONEY_EXACT_MAX_MINOR).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('prices the largest price × the largest quantity at every discount and tier, and the fullest basket', () => {
    const bad: string[] = [];
    for (let discountBp = 0; discountBp <= PERCENT_MAX_BP; discountBp += 7) {
      for (const tiers of [[], [{ minimumQuantity: 2, priceE5: LIST_PRICE_MAX_E5 - 1 }]]) {
        const line = priceLine(LIST_PRICE_MAX_E5, { discountBp }, tiers, QUANTITY_MAX);
        const unit =
          tiers.length > 0
            ? Math.min(LIST_PRICE_MAX_E5 - 1, discountPriceE5(LIST_PRICE_MAX_E5, { discountBp }))
            : discountPriceE5(LIST_PRICE_MAX_E5, { discountBp });
        // Exact: BigInt gives the rounded product to compare with.
        const exact = (BigInt(unit) * BigInt(QUANTITY_MAX) * 2n + 1000n) / 2000n;
        if (BigInt(line.totalMinor) !== exact) bad.push(`${discountBp} bp: ${line.totalMinor} != ${exact}`);
      }
    }
    expect(bad).toEqual([]);
    const worst = priceLine(LIST_PRICE_MAX_E5, { discountBp: 0 }, [], QUANTITY_MAX).totalMinor;
    const t = totals(
      Array.from({ length: BASKET_MAX_LINES }, () => worst),
      { carriageMinor: CARRIAGE_MAX_MINOR, freeOverMinor: 0 },
      PERCENT_MAX_BP,
    );
    expect(t.totalMinor).toBe(2 * (BASKET_MAX_LINES * worst + CARRIAGE_MAX_MINOR));
    expect(t.totalMinor).toBeLessThanOrEqual(MONEY_EXACT_MAX_MINOR);
    // ...and the JSON number the customer sees carries every penny.
    expect(minorToAmount(t.totalMinor).toFixed(2).replace('.', '')).toBe(String(t.totalMinor));
  });
});
