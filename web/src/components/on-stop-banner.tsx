import { CREDIT_MSG, MSG, formatMoney, PAYING_ROLES } from '@wholesale/contract';
import { PAY_OVERDUE, useGetCreditSummaryQuery } from '../lib/credit-api';
import { Link } from '../lib/router';
import { may, selectUser } from '../lib/session';
import { useGetSettingsQuery } from '../lib/settings-api';
import { useAppSelector } from '../lib/store-types';
import { cx } from '../lib/cx';
import { buttonClass } from './button';

/**
 * Tells a buyer whose account is on stop, where they start (Home, Basket), that orders cannot be
 * placed and whom to contact: before they spend time building an order. A
 * proforma account pays up front, so the stop does not block it (as Review Order).
 *
 * It also says why: the overdue invoices and their amount, with one action that
 * opens My Account's invoice payment with exactly those invoices selected.
 *
 * Once nothing overdue is left (the buyer has paid it), it acknowledges the payment instead: the
 * stop stays until credit control releases the account.
 *
 * `urgent` where the stop blocks what the buyer is doing (Review Order's Place Order): an alert,
 * not a status.
 */
export function OnStopBanner({ urgent = false, className = 'mb-4' }: { urgent?: boolean; className?: string }) {
  const user = useAppSelector(selectUser);
  const { data: settings } = useGetSettingsQuery();
  const onStop = !!user && !user.isProforma && user.onStop === 'True';
  const { data: credit } = useGetCreditSummaryQuery(undefined, { skip: !onStop, refetchOnMountOrArgChange: true });
  if (!onStop) return null;
  const overdue = credit?.overdue;
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      data-testid="on-stop-banner"
      className={cx('rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900', className)}
    >
      <p>{MSG.accountOnStop(settings?.supportEmail ?? '')}</p>
      {/* Everything overdue is paid: say so; the stop itself is lifted by credit control. */}
      {overdue && overdue.documentNumbers.length === 0 && (
        <p className="mt-2 font-semibold" data-testid="on-stop-paid">
          {CREDIT_MSG.onStopPaid}
        </p>
      )}
      {overdue && overdue.documentNumbers.length > 0 && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3" data-testid="on-stop-reason">
          <div className="min-w-0">
            <p className="font-semibold">
              {CREDIT_MSG.onStopReason(overdue.documentNumbers.length, formatMoney(overdue.total, user.currencySymbol))}
            </p>
            <p className="break-words">{overdue.documentNumbers.join(', ')}</p>
          </div>
          {may(user, PAYING_ROLES) && (
            <Link to={PAY_OVERDUE.href} className={buttonClass('primary', 'shrink-0')}>
              {CREDIT_MSG.payOverdue}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
