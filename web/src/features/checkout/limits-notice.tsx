import { CURRENCY_SYMBOLS, TEAM_MSG, formatMoney, type OrderLimits } from '@wholesale/contract';
import { cx } from '../../lib/cx';

/**
 * Review Order, for a buyer with spending limits: whether this order is within them (else it is
 * sent for approval, and why) and how much of the month's budget remains.
 */
export function LimitsNotice({ limits }: { limits: OrderLimits }) {
  const money = (n: number) => formatMoney(n, CURRENCY_SYMBOLS[limits.currencyCode]);
  const verdict =
    limits.reason === 'orderLimit' && limits.orderLimit !== null
      ? TEAM_MSG.overOrderLimit(money(limits.orderLimit))
      : limits.reason === 'budget' && limits.budgetRemaining !== null
        ? TEAM_MSG.overBudget(money(limits.budgetRemaining))
        : TEAM_MSG.withinLimits;
  return (
    <div
      role="status"
      data-testid="order-limits"
      className={cx(
        'rounded-md border px-3 py-2 text-sm',
        limits.needsApproval
          ? 'border-amber-300 bg-amber-50 text-amber-900'
          : 'border-green-300 bg-green-50 text-green-900',
      )}
    >
      <p className="font-medium">{verdict}</p>
      {limits.monthlyBudget !== null && limits.budgetRemaining !== null && (
        <p>{TEAM_MSG.budgetRemaining(money(limits.budgetRemaining), money(limits.monthlyBudget))}</p>
      )}
    </div>
  );
}
