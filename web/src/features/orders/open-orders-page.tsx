import {
  APPROVAL_STATUSES,
  TEAM_MSG,
  MSG,
  OPEN_ORDERS_PAGE_SIZE,
  ORDER_MSG,
  ORDER_STATUSES,
  formatMoney,
  orderListLocation,
  type OpenOrder,
} from '@wholesale/contract';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { OrderConfirmationDialog } from '../../components/order-confirmation-dialog';
import { cx } from '../../lib/cx';
import { revealAndFocus } from '../../lib/focus';
import { roleOf, selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { OrderStatusBadge } from './order-status-badge';
import {
  DEFAULT_SORT,
  NO_FILTERS,
  filterOrders,
  nextSort,
  pageCount,
  pageOf,
  sortOrders,
  type OrderFilters,
  type SortKey,
  type SortState,
} from './order-list';
import { useListOpenOrdersQuery } from './orders-api';
import { TrackingDialog } from './tracking-dialog';
import { mayPayOrder, PayNowButton, PaymentReturnNotice } from './pay-approved-order';

/** The statuses an order of the list can have, for the status filter (with those of approval). */
const STATUSES = [...ORDER_STATUSES, ...APPROVAL_STATUSES] as const;

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'orderNumber', label: 'Order No' },
  { key: 'reference', label: 'Customer Ref' },
  { key: 'orderedDate', label: 'Order Date' },
  { key: 'despatchDate', label: 'Dispatch Date' },
  { key: 'location', label: 'Location' },
  { key: 'status', label: 'Status' },
  { key: 'invoiceTotal', label: 'Invoice Total', numeric: true },
];

export const enquiryHref = (orderNumber: string) => `/open-order-enquiry?order=${encodeURIComponent(orderNumber)}`;

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className={cx('size-4', direction ? 'text-brand-700' : 'text-slate-400')}
    >
      {direction !== 'desc' && <path d="M10 4 6 9h8z" opacity={direction === 'asc' ? 1 : 0.6} />}
      {direction !== 'asc' && <path d="m10 16 4-5H6z" opacity={direction === 'desc' ? 1 : 0.6} />}
    </svg>
  );
}

/**
 * Open Orders (/open-orders): search, sortable table, pagination at 20, tracking dialog and the
 * order-placed dialog (spec section 2).
 */
export function OpenOrdersPage() {
  const user = useAppSelector(selectUser);
  const symbol = user?.currencySymbol ?? '£';
  const { data: all, isLoading } = useListOpenOrdersQuery();
  // Team accounts: a buyer sees their own orders first, and may show the whole account's.
  const isBuyer = roleOf(user) === 'buyer';
  const [mineOnly, setMineOnly] = useState(isBuyer);
  const scopeId = useId();
  const data = useMemo(() => (all && mineOnly ? all.filter((o) => o.placedByMe) : all), [all, mineOnly]);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const statusId = useId();
  const filter = (change: Partial<OrderFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };
  const filtered = filters.status !== '' || filters.from !== '' || filters.to !== '';
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [tracking, setTracking] = useState<string | null>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  // A new page starts at the list's top (the pager is below the list; the next page may be
  // shorter): the order count just above it comes into view and takes focus, which would otherwise
  // fall to <body> when the pressed pager button is disabled (first or last page).
  const changePage = (p: number) => {
    setPage(p);
    requestAnimationFrame(() => {
      if (countRef.current) revealAndFocus(countRef.current);
    });
  };

  const rows = useMemo(
    () => sortOrders(filterOrders(data ?? [], search, filters), sort),
    [data, search, filters, sort],
  );
  const pages = pageCount(rows.length, OPEN_ORDERS_PAGE_SIZE);
  const current = Math.min(page, pages);
  const visible = pageOf(rows, current, OPEN_ORDERS_PAGE_SIZE);
  const money = (n: number) => formatMoney(n, symbol);

  const actions = (o: OpenOrder) => (
    <div className="flex items-center justify-end gap-2">
      {/* An order awaiting payment is not placed yet: paying is what to do, not tracking. */}
      {mayPayOrder(o, user) ? (
        <PayNowButton orderNumber={o.orderNumber} />
      ) : o.isTrackingAvailable ? (
        <button
          type="button"
          onClick={() => setTracking(o.orderNumber)}
          aria-label={`Track order ${o.orderNumber}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Track
        </button>
      ) : (
        // No tracking numbers yet: say so instead of offering a button that can only fail.
        <span className="px-1 text-xs text-slate-600">{MSG.trackingUnavailable}</span>
      )}
      <Link
        to={enquiryHref(o.orderNumber)}
        aria-label={`View order ${o.orderNumber}`}
        className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        View
      </Link>
    </div>
  );

  let content;
  if (isLoading) {
    content = (
      <div className="flex items-center gap-3 py-10 text-slate-700">
        <Spinner decorative /> <span role="status">Loading open orders...</span>
      </div>
    );
  } else if (!data) {
    // (A refetch that failed keeps the list on screen; the connection notice says why.)
    content = (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        {MSG.openOrdersFailed}
      </p>
    );
  } else if (rows.length === 0) {
    content = (
      <p className="rounded-md border border-slate-200 bg-white px-4 py-6 text-center text-slate-700">
        {data.length === 0
          ? 'You have no open orders.'
          : filtered
            ? 'No orders match the search and filters.'
            : `No orders match "${search.trim()}".`}
      </p>
    );
  } else {
    content = (
      <>
        <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">
              Open orders, sorted by {COLUMNS.find((c) => c.key === sort.key)?.label}{' '}
              {sort.direction === 'asc' ? 'ascending' : 'descending'}
            </caption>
            <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
              <tr>
                {COLUMNS.map((c) => {
                  const active = sort.key === c.key;
                  return (
                    <th
                      key={c.key}
                      scope="col"
                      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                      className={cx('px-3 py-2', c.numeric && 'text-right')}
                    >
                      <button
                        type="button"
                        onClick={() => {
                          setSort((s) => nextSort(s, c.key));
                          setPage(1);
                        }}
                        className={cx(
                          'inline-flex items-center gap-1 uppercase hover:text-brand-800',
                          c.numeric && 'flex-row-reverse',
                        )}
                      >
                        {c.label}
                        <SortIcon direction={active ? sort.direction : null} />
                      </button>
                    </th>
                  );
                })}
                <th scope="col" className="px-3 py-2">
                  {TEAM_MSG.placedBy}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {visible.map((o) => (
                <tr key={o.orderNumber} className="hover:bg-slate-50">
                  <td className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">{o.orderNumber}</td>
                  <td className="px-3 py-2">{o.reference}</td>
                  <td className="px-3 py-2 tabular-nums">{o.orderedDate}</td>
                  <td className="px-3 py-2 tabular-nums">{o.despatchDate ?? ''}</td>
                  <td className="px-3 py-2">{orderListLocation(o.location)}</td>
                  <td className="px-3 py-2">
                    <OrderStatusBadge status={o.status} />
                    {o.cancellation && (
                      <span className="mt-1 block text-xs text-slate-700">
                        {ORDER_MSG.cancelledShort(o.cancellation)}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right font-medium tabular-nums">{money(o.invoiceTotal)}</td>
                  <td className="px-3 py-2">
                    {o.placedBy ?? ''}
                    {o.approvedBy && (
                      <span className="block text-xs text-slate-700">
                        {TEAM_MSG.approvedBy} {o.approvedBy}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">{actions(o)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="md:hidden">
          <label className="mb-3 flex items-center justify-between gap-3 text-sm text-slate-800">
            Sort by
            <select
              value={`${sort.key}:${sort.direction}`}
              onChange={(e) => {
                const [key, direction] = e.target.value.split(':') as [SortKey, 'asc' | 'desc'];
                setSort({ key, direction });
                setPage(1);
              }}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
            >
              {COLUMNS.flatMap((c) => [
                <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
                  {c.label} (descending)
                </option>,
                <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
                  {c.label} (ascending)
                </option>,
              ])}
            </select>
          </label>
          <ul aria-label="Open orders" className="space-y-3">
            {visible.map((o) => (
              <li key={o.orderNumber} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                  <div>
                    <p className="font-semibold whitespace-nowrap text-slate-900">{o.orderNumber}</p>
                    <p className="text-sm text-slate-700">{o.reference}</p>
                  </div>
                  <OrderStatusBadge status={o.status} />
                </div>
                {o.cancellation && (
                  <p className="mt-2 text-sm text-slate-700">{ORDER_MSG.cancelledNote(o.cancellation)}</p>
                )}
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  {(
                    [
                      ['Order Date', o.orderedDate],
                      ['Dispatch Date', o.despatchDate ?? '\u2013'],
                      ['Location', orderListLocation(o.location)],
                      ['Invoice Total', money(o.invoiceTotal)],
                      [TEAM_MSG.placedBy, o.placedBy ?? '\u2013'],
                      ...(o.approvedBy ? ([[TEAM_MSG.approvedBy, o.approvedBy]] as const) : []),
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
                <div className="mt-3">{actions(o)}</div>
              </li>
            ))}
          </ul>
        </div>

        <div className="mt-4">
          <Pagination page={current} pageCount={pages} onPageChange={changePage} label="Open orders pages" />
        </div>
      </>
    );
  }

  return (
    <div>
      <PageHeading title="Open Orders" />
      <PaymentReturnNotice />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <TextField
          label="Search orders"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          placeholder="Order no, item code, reference or date"
          className="w-full sm:w-80"
        />
        <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
          {isBuyer && (
            <div>
              <label htmlFor={scopeId} className="block text-sm font-medium text-slate-800">
                Show
              </label>
              <select
                id={scopeId}
                value={mineOnly ? 'mine' : 'account'}
                onChange={(e) => {
                  setMineOnly(e.target.value === 'mine');
                  setPage(1);
                }}
                className="mt-1 block h-[42px] rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
              >
                <option value="mine">{TEAM_MSG.myOrders}</option>
                <option value="account">{TEAM_MSG.accountOrders}</option>
              </select>
            </div>
          )}
          <div>
            <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
              Order status
            </label>
            <select
              id={statusId}
              value={filters.status}
              onChange={(e) => filter({ status: e.target.value })}
              className="mt-1 block h-[42px] rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
            >
              <option value="">All statuses</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Ordered from"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => filter({ from: e.target.value })}
            className="w-40"
          />
          <TextField
            label="Ordered to"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => filter({ to: e.target.value })}
            className="w-40"
          />
          {filtered && (
            <button
              type="button"
              onClick={() => filter(NO_FILTERS)}
              className="py-2 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              Clear filters
            </button>
          )}
        </div>
        {data && (
          <p ref={countRef} className="scroll-mt-4 text-sm text-slate-700" aria-live="polite">
            {rows.length} {rows.length === 1 ? 'order' : 'orders'}
          </p>
        )}
      </div>
      {content}
      <TrackingDialog orderNumber={tracking} onClose={() => setTracking(null)} />
      {/* The order-placed dialog: opens on ?confirmorder=success and removes the parameter itself. */}
      <OrderConfirmationDialog />
    </div>
  );
}
