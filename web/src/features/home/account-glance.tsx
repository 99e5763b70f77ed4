import { HOME_MSG, formatMoney, PAYING_ROLES } from '@wholesale/contract';
import { Link } from '../../lib/router';
import { PAY_OVERDUE, useGetCreditSummaryQuery } from '../../lib/credit-api';
import { may, selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { useListOpenOrdersQuery } from '../orders/orders-api';

/** How many of the newest orders the home page lists. */
const RECENT = 3;

const enquiryHref = (orderNumber: string) => `/open-order-enquiry?order=${encodeURIComponent(orderNumber)}`;

function CreditFigures({ symbol }: { symbol: string }) {
  const user = useAppSelector(selectUser);
  const { data, isError } = useGetCreditSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isError && !data) return <p className="text-sm text-slate-700">{HOME_MSG.glanceUnavailable}</p>;
  if (!data) return null;
  const overdue = data.overdue.total;
  // The way to pay it: for the roles that pay invoices only.
  const pays = may(user, PAYING_ROLES);
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="credit-glance">
      <div className="rounded-lg bg-slate-50 px-4 py-3">
        <dt className="text-sm text-slate-700">{HOME_MSG.balance}</dt>
        <dd className="text-xl font-semibold tabular-nums text-slate-900">{formatMoney(data.balance, symbol)}</dd>
      </div>
      <div className={overdue > 0 ? 'rounded-lg bg-red-50 px-4 py-3' : 'rounded-lg bg-slate-50 px-4 py-3'}>
        <dt className="text-sm text-slate-700">{HOME_MSG.overdue}</dt>
        <dd
          className={
            overdue > 0 ? 'text-xl font-semibold tabular-nums text-red-800' : 'text-xl font-semibold text-slate-900'
          }
        >
          {overdue > 0 ? formatMoney(overdue, symbol) : HOME_MSG.nothingOverdue}
        </dd>
        {overdue > 0 && pays && (
          <dd className="mt-1 text-sm">
            <Link to={PAY_OVERDUE.href} className="font-medium text-brand-700 underline underline-offset-2">
              {HOME_MSG.payOverdue}
            </Link>
          </dd>
        )}
      </div>
      <div className="rounded-lg bg-slate-50 px-4 py-3">
        <dt className="text-sm text-slate-700">{HOME_MSG.availableCredit}</dt>
        <dd className="text-xl font-semibold tabular-nums text-slate-900">
          {data.availableCredit === null ? HOME_MSG.noCreditLimit : formatMoney(data.availableCredit, symbol)}
        </dd>
      </div>
    </dl>
  );
}

function RecentOrders({ symbol }: { symbol: string }) {
  const { data, isError } = useListOpenOrdersQuery();
  if (isError && !data) return <p className="text-sm text-slate-700">{HOME_MSG.glanceUnavailable}</p>;
  if (!data) return null;
  const recent = data.slice(0, RECENT); // the server lists the newest first
  return (
    <>
      {recent.length === 0 ? (
        <p className="text-sm text-slate-700">{HOME_MSG.noOrders}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-labelledby="recent-orders-title">
          {recent.map((o) => (
            <li key={o.orderNumber} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <Link to={enquiryHref(o.orderNumber)} className="font-medium text-brand-700 underline underline-offset-2">
                {o.orderNumber}
              </Link>
              <span className="text-sm text-slate-700">{o.orderedDate}</span>
              <span className="text-sm text-slate-800">{o.status}</span>
              <span className="tabular-nums font-medium text-slate-900">{formatMoney(o.invoiceTotal, symbol)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <Link to="/open-orders" className="font-medium text-brand-700 underline underline-offset-2">
          {HOME_MSG.allOrders}
        </Link>
      </p>
    </>
  );
}

/**
 * The home page's account at a glance: for a credit account its balance, what
 * is overdue (with the way to pay it) and the credit left; for every account its newest orders.
 * A proforma account pays before its orders are processed and sees no credit figures. Loaded in a
 * chunk of its own after the home page.
 */
export function AccountGlance() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  const symbol = user.currencySymbol;
  return (
    <section
      aria-labelledby="account-glance-title"
      className="mb-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="account-glance-title" className="text-lg font-semibold text-brand-900">
        {HOME_MSG.glanceTitle}
      </h2>
      {!user.isProforma && (
        <div className="mt-3">
          <CreditFigures symbol={symbol} />
        </div>
      )}
      <h3 id="recent-orders-title" className="mt-5 font-semibold text-brand-900">
        {HOME_MSG.recentOrders}
      </h3>
      <div className="mt-1">
        <RecentOrders symbol={symbol} />
      </div>
    </section>
  );
}
