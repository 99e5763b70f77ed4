import { CREDIT_MSG, exceedsAvailableCredit, formatMoney } from '@wholesale/contract';
import { useGetBasketAmountQuery } from '../lib/basket-api';
import { useGetCreditSummaryQuery } from '../lib/credit-api';
import { cx } from '../lib/cx';
import { selectUser } from '../lib/session';
import { useAppSelector } from '../lib/store-types';

const minor = (amount: number) => Math.round(amount * 100);

/**
 * For a credit (account-terms) buyer at the basket and Review Order: how much of the available
 * credit this order uses, and a warning when it is more than that, by the rule Place Order refuses
 * by (contract credit.ts). Proforma buyers pay by card, and an account with no credit limit set has
 * nothing to exceed: neither sees it. Nor does an account on stop (the on-stop notice is the one
 * reason that matters, with its way to pay). Issue 27 item 3; an addition to the spec.
 */
export function CreditUsage({ className }: { className?: string }) {
  const user = useAppSelector(selectUser);
  // On stop, nothing can be placed whatever the credit: the on-stop notice says why and how to pay.
  const credit = !!user && !user.isProforma && user.onStop !== 'True';
  const { data: summary } = useGetCreditSummaryQuery(undefined, { skip: !credit, refetchOnMountOrArgChange: true });
  const { data: amount } = useGetBasketAmountQuery(undefined, { skip: !credit });
  if (!credit || !summary || summary.availableCredit === null || !amount || amount.totalAmount <= 0) return null;

  const symbol = user.currencySymbol;
  const order = formatMoney(amount.totalAmount, symbol);
  const available = formatMoney(summary.availableCredit, symbol);
  const exceeds = exceedsAvailableCredit(minor(summary.creditLimit), minor(summary.balance), minor(amount.totalAmount));
  const share = summary.availableCredit > 0 ? Math.min(1, amount.totalAmount / summary.availableCredit) : 1;

  return (
    <div
      data-testid="credit-usage"
      className={cx(
        'rounded-lg border px-4 py-3 text-sm',
        exceeds ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-800',
        className,
      )}
    >
      {exceeds ? (
        <p role="alert" className="font-semibold">
          {CREDIT_MSG.overCredit(order, available)}
        </p>
      ) : (
        <p role="status">{CREDIT_MSG.creditUsage(order, available)}</p>
      )}
      <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200">
        <div
          className={exceeds ? 'h-full bg-red-700' : 'h-full bg-brand-700'}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}
