import { CREDIT_MSG, exceedsAvailableCredit, formatMoney } from '@wholesale/contract';
import { useGetBasketAmountQuery } from '../features/basket/basket-api';
import { useGetCreditSummaryQuery } from '../lib/credit-api';
import { cx } from '../lib/cx';
import { Link } from '../lib/router';
import { selectUser } from '../lib/session';
import { useGetSettingsQuery } from '../lib/settings-api';
import { useAppSelector } from '../lib/store-types';

const minor = (amount: number) => Math.round(amount * 100);

/** Why a credit buyer cannot order this basket now; null when nothing stands in the way. */
export type OrderStop = 'onStop' | 'overCredit' | null;

/**
 * What stops a credit (account-terms) buyer from ordering this basket: the account on stop (the
 * session's flag or the credit summary's, which is read afresh), or the order beyond the available
 * credit by the rule Place Order refuses by (contract credit.ts: the limit less the balance and the
 * orders not yet invoiced). Proforma buyers pay by card first: never stopped here.
 */
export function useOrderStop() {
  const user = useAppSelector(selectUser);
  const credit = !!user && !user.isProforma;
  const summary = useGetCreditSummaryQuery(undefined, { skip: !credit, refetchOnMountOrArgChange: true });
  const { data: amount } = useGetBasketAmountQuery(undefined, { skip: !credit });
  const s = summary.data;
  let stop: OrderStop = null;
  if (credit && (user.onStop === 'True' || s?.onStop)) stop = 'onStop';
  else if (
    credit &&
    s &&
    s.availableCredit !== null &&
    amount &&
    amount.totalAmount > 0 &&
    exceedsAvailableCredit(minor(s.creditLimit), minor(s.exposure), minor(amount.totalAmount))
  )
    stop = 'overCredit';
  return { stop, summary: s, amount, refetchCredit: summary.refetch };
}

/**
 * The ways out of a stop, as links: pay invoices (on stop, exactly the overdue ones), take lines out
 * of the basket (over credit), contact the office. `linesHref` is where the basket's lines are.
 */
export function WaysOut({
  stop,
  payHref,
  linesHref,
}: {
  stop: Exclude<OrderStop, null>;
  payHref: string;
  linesHref?: string;
}) {
  const { data: settings } = useGetSettingsQuery();
  const email = settings?.supportEmail;
  const link = 'font-semibold underline underline-offset-2 hover:no-underline';
  return (
    <div className="mt-2">
      <p className="font-semibold">{CREDIT_MSG.waysOutHeading}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 [overflow-wrap:anywhere]">
        <li>
          <Link to={payHref} className={link}>
            {CREDIT_MSG.wayPayInvoices}
          </Link>
        </li>
        {stop === 'overCredit' && linesHref && (
          <li>
            {linesHref.startsWith('#') ? (
              <a href={linesHref} className={link}>
                {CREDIT_MSG.wayRemoveLines}
              </a>
            ) : (
              <Link to={linesHref} className={link}>
                {CREDIT_MSG.wayRemoveLines}
              </Link>
            )}
          </li>
        )}
        {email && (
          <li>
            <a href={`mailto:${email}`} className={link}>
              {CREDIT_MSG.wayContact(email)}
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}

/**
 * For a credit (account-terms) buyer at the basket and Review Order: how much of the available
 * credit this order uses, and what counts against it (the balance and the orders not yet invoiced);
 * beyond it, the reason and the ways out, by the rule Place Order refuses by (contract credit.ts).
 * Proforma buyers pay by card, and an account with no credit limit set has nothing to exceed:
 * neither sees it. Nor does an account on stop (the on-stop notice is the one reason that matters,
 * with its way to pay). An addition to the spec.
 */
export function CreditUsage({ className, linesHref, id }: { className?: string; linesHref?: string; id?: string }) {
  const user = useAppSelector(selectUser);
  const { stop, summary, amount } = useOrderStop();
  if (!user || stop === 'onStop' || !summary || summary.availableCredit === null || !amount || amount.totalAmount <= 0)
    return null;

  const symbol = user.currencySymbol;
  const money = (n: number) => formatMoney(n, symbol);
  const order = money(amount.totalAmount);
  const available = money(summary.availableCredit);
  const exceeds = stop === 'overCredit';
  const share = summary.availableCredit > 0 ? Math.min(1, amount.totalAmount / summary.availableCredit) : 1;

  return (
    <div
      id={id}
      data-testid="credit-usage"
      className={cx(
        'rounded-lg border px-4 py-3 text-sm',
        exceeds ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-800',
        className,
      )}
    >
      {exceeds ? (
        <div role="alert">
          <p className="font-semibold">{CREDIT_MSG.overCredit(order, available)}</p>
          <WaysOut stop="overCredit" payHref="/account" linesHref={linesHref} />
        </div>
      ) : (
        <p role="status">{CREDIT_MSG.creditUsage(order, available)}</p>
      )}
      <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200">
        <div
          className={exceeds ? 'h-full bg-red-700' : 'h-full bg-brand-700'}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <p className="mt-2 text-slate-700" data-testid="credit-exposure">
        {CREDIT_MSG.exposureNote(money(summary.balance), money(summary.uninvoicedOrders))}
      </p>
    </div>
  );
}
