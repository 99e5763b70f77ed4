import { describe, expect, it } from 'vitest';
import { ageingBucketOf, creditExposure, exceedsAvailableCredit } from './credit.js';

describe('ageingBucketOf', () => {
  it('puts each number of days overdue in its bucket, on the boundaries', () => {
    const cases: [number, string][] = [
      [-10, 'current'],
      [0, 'current'],
      [1, '1-30'],
      [30, '1-30'],
      [31, '31-60'],
      [60, '31-60'],
      [61, '61-90'],
      [90, '61-90'],
      [91, 'over-90'],
      [1000, 'over-90'],
    ];
    for (const [days, bucket] of cases) expect([days, ageingBucketOf(days)]).toEqual([days, bucket]);
  });
});

describe('exceedsAvailableCredit', () => {
  it('measures the balance and the orders not yet invoiced together', () => {
    // £1,000 limit, £400 balance, £500 of open orders: £100 left, not £600.
    const exposure = creditExposure(40_000, 50_000);
    expect(exposure).toBe(90_000);
    expect(exceedsAvailableCredit(100_000, exposure, 10_000)).toBe(false);
    expect(exceedsAvailableCredit(100_000, exposure, 10_001)).toBe(true);
  });

  it('is beyond when the order is more than limit minus exposure, to the penny', () => {
    expect(exceedsAvailableCredit(100_000, 40_000, 60_000)).toBe(false);
    expect(exceedsAvailableCredit(100_000, 40_000, 60_001)).toBe(true);
    // Balance over the limit: any order is beyond it.
    expect(exceedsAvailableCredit(100_000, 120_000, 1)).toBe(true);
  });

  it('never is when no credit limit is set (0)', () => {
    expect(exceedsAvailableCredit(0, 500_000, 9_999_999)).toBe(false);
  });
});
