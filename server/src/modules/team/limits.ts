/**
 * Spending limits of team accounts, in integer minor units (pence, cents): pure functions, tested
 * at their edges (limits.test.ts). Exactly at a limit is within it.
 */
import type { TeamRole } from '@wholesale/contract';
import { SHIPPING_TIME_ZONE } from '../../domain/delivery-promise.js';

export interface BuyerLimits {
  role: TeamRole;
  orderLimitMinor: number | null;
  monthlyBudgetMinor: number | null;
}

export interface LimitCheck {
  needsApproval: boolean;
  /** The first limit the order is over; null: within both. */
  reason: 'orderLimit' | 'budget' | null;
  /** The budget less what was spent this month, never below 0; null: no budget. */
  budgetRemainingMinor: number | null;
}

/**
 * Whether an order of `orderMinor` needs approval. Only a buyer's limits apply: approvers and
 * account admins approve orders themselves, and finance and viewers do not order.
 */
export function checkLimits(limits: BuyerLimits, spentMinor: number, orderMinor: number): LimitCheck {
  const applies = limits.role === 'buyer';
  const budget = applies ? limits.monthlyBudgetMinor : null;
  const budgetRemainingMinor = budget === null ? null : Math.max(0, budget - spentMinor);
  const orderLimit = applies ? limits.orderLimitMinor : null;
  const reason =
    orderLimit !== null && orderMinor > orderLimit
      ? 'orderLimit'
      : budget !== null && spentMinor + orderMinor > budget
        ? 'budget'
        : null;
  return { needsApproval: reason !== null, reason, budgetRemainingMinor };
}

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHIPPING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UTC instant at which UK clocks read 00:00 on the 1st of `year`-`month` (month 1-12). */
function ukMonthStart(year: number, month: number): Date {
  const guess = Date.UTC(year, month - 1, 1);
  // UK time is UTC or UTC+1; the 1st of a month is never a change-over day.
  const p = Object.fromEntries(ukParts.formatToParts(new Date(guess)).map((x) => [x.type, x.value]));
  const offsetHours = p.day === '01' ? Number(p.hour) : 0;
  return new Date(guess - offsetHours * 3_600_000);
}

/**
 * The calendar month a budget counts, in the supplier's time zone (as the order cut-off is read):
 * [from, to) as ISO instants, comparable with orders' `created_at`.
 */
export function budgetMonth(now: Date): { from: string; to: string } {
  const p = Object.fromEntries(ukParts.formatToParts(now).map((x) => [x.type, x.value]));
  const year = Number(p.year);
  const month = Number(p.month);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return {
    from: ukMonthStart(year, month).toISOString(),
    to: ukMonthStart(next.year, next.month).toISOString(),
  };
}
