import { describe, expect, it } from 'vitest';
import { editDistance } from '../products/catalogue-index.js';
import { nextBreak } from '../basket/price-breaks.service.js';
import { coveringDate } from '../../domain/delivery-promise.js';
import { mergeLines } from './quick-order.service.js';

describe('mergeLines', () => {
  it('adds up the same code in any case, keeps the first bad quantity, drops blank lines', () => {
    expect(
      mergeLines([
        { itemNumber: ' rb-1 ', quantity: '2' },
        { itemNumber: '', quantity: '' },
        { itemNumber: 'RB-1', quantity: ' 3 ' },
        { itemNumber: 'CS-7', quantity: '1' },
        { itemNumber: 'cs-7', quantity: 'two' },
        { itemNumber: 'CS-7', quantity: '1.5' },
      ]),
    ).toEqual([
      { rows: [0, 2], code: 'rb-1', quantity: '5' },
      { rows: [3, 4, 5], code: 'CS-7', quantity: 'two' },
    ]);
  });
});

describe('coveringDate', () => {
  const schedule = [
    { quantity: 4, date: '2026-12-01' },
    { quantity: 10, date: '2026-12-20' },
  ];
  it('is the first delivery that, with the stock, covers the quantity', () => {
    expect(coveringDate(6, 10, schedule)).toBe('2026-12-01');
    expect(coveringDate(6, 11, schedule)).toBe('2026-12-20');
    expect(coveringDate(-3, 4, schedule)).toBe('2026-12-01'); // negative stock counts as none
  });
  it('is undefined when nothing due covers it', () => {
    expect(coveringDate(6, 21, schedule)).toBeUndefined();
    expect(coveringDate(0, 1, [])).toBeUndefined();
  });
});

describe('nextBreak', () => {
  const tiers = [
    { minimumQuantity: 5, priceE5: 190_000 },
    { minimumQuantity: 10, priceE5: 150_000 },
    { minimumQuantity: 50, priceE5: 120_000 },
  ];
  it("skips tiers at or above the account's price and offers the lowest minimum above the quantity", () => {
    expect(nextBreak(tiers, 180_000, 180_000, 6)).toEqual({
      quantity: 10,
      addQuantity: 4,
      unitPriceE5: 150_000,
      savingMinor: 300,
      // 10 at 1.50 against 6 at 1.80 now.
      extraCostMinor: 420,
    });
    expect(nextBreak(tiers, 180_000, 150_000, 10)).toMatchObject({
      quantity: 50,
      addQuantity: 40,
      savingMinor: 1500,
      extraCostMinor: 4500,
    });
  });
  it('offers nothing past the last tier or when no tier beats the price', () => {
    expect(nextBreak(tiers, 180_000, 120_000, 50)).toBeNull();
    expect(nextBreak(tiers, 100_000, 100_000, 1)).toBeNull();
  });
});

describe('editDistance', () => {
  it('counts edits, and stops above the bound', () => {
    expect(editDistance('rb-blk-0003', 'rb-blk-0001', 3)).toBe(1);
    expect(editDistance('rb-blk-001', 'rb-blk-0001', 3)).toBe(1);
    expect(editDistance('abc', 'abc', 0)).toBe(0);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
