import { describe, expect, it } from 'vitest';
import { carriageMinor, discountPriceE5, priceLine, tierFor, totals } from './pricing.js';
import { amountToE5, amountToMinor, divRound, e5ToAmount, lineTotalMinor, minorToAmount } from './money.js';

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
