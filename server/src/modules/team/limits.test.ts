import { describe, expect, it } from 'vitest';
import { budgetMonth, checkLimits } from './limits.js';

const buyer = { role: 'buyer' as const, orderLimitMinor: 25_000, monthlyBudgetMinor: 100_000 };

describe('checkLimits', () => {
  it('is within the per-order limit exactly at it, and over it a penny above', () => {
    expect(checkLimits(buyer, 0, 25_000)).toEqual({
      needsApproval: false,
      reason: null,
      budgetRemainingMinor: 100_000,
    });
    expect(checkLimits(buyer, 0, 25_001)).toMatchObject({ needsApproval: true, reason: 'orderLimit' });
  });

  it('is within the budget when the month reaches it exactly, and over it a penny beyond', () => {
    expect(checkLimits(buyer, 75_000, 25_000)).toMatchObject({ needsApproval: false, budgetRemainingMinor: 25_000 });
    expect(checkLimits(buyer, 75_001, 25_000)).toMatchObject({
      needsApproval: true,
      reason: 'budget',
      budgetRemainingMinor: 24_999,
    });
  });

  it('never reports a negative remaining budget', () => {
    expect(checkLimits(buyer, 120_000, 1).budgetRemainingMinor).toBe(0);
  });

  it('has no limit when none is set, and none for roles other than buyer', () => {
    expect(checkLimits({ role: 'buyer', orderLimitMinor: null, monthlyBudgetMinor: null }, 9e9, 9e9)).toEqual({
      needsApproval: false,
      reason: null,
      budgetRemainingMinor: null,
    });
    expect(checkLimits({ ...buyer, role: 'approver' }, 0, 25_001).needsApproval).toBe(false);
    expect(checkLimits({ ...buyer, role: 'admin' }, 0, 25_001).needsApproval).toBe(false);
  });
});

describe('budgetMonth (UK calendar month)', () => {
  it('starts at UK midnight on the 1st: 23:00 UTC the day before in summer time', () => {
    expect(budgetMonth(new Date('2026-07-15T12:00:00Z'))).toEqual({
      from: '2026-06-30T23:00:00.000Z',
      to: '2026-07-31T23:00:00.000Z',
    });
  });

  it('is UTC midnight in winter, and rolls into the next year in December', () => {
    expect(budgetMonth(new Date('2026-12-31T23:59:59Z'))).toEqual({
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
  });

  it('counts 23:30 UTC on 31 May as June (00:30 in the UK)', () => {
    expect(budgetMonth(new Date('2026-05-31T23:30:00Z')).from).toBe('2026-05-31T23:00:00.000Z');
  });

  it('crosses the March change-over: from UTC midnight on 1 March to 23:00 UTC on 31 March', () => {
    expect(budgetMonth(new Date('2026-03-20T10:00:00Z'))).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T23:00:00.000Z',
    });
  });
});
