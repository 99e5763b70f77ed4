import { CREDIT_MSG, formatMoney, type AgeingBucket } from '@wholesale/contract';
import { useEffect } from 'react';
import { cx } from '../../lib/cx';
import { PAY_OVERDUE, useGetCreditSummaryQuery } from '../../lib/credit-api';
import { useSearchParams } from '../../lib/router';

/**
 * Credit and ageing on My Account (an addition to the spec): credit limit, balance,
 * orders not yet invoiced, credit in use (the two together) and available credit,
 * and the open invoices aged by days overdue. Each bucket with invoices is a
 * button that selects exactly its invoices in the pay-invoices selection (`onSelect`).
 */
export function CreditPanel({
  symbol,
  onSelect,
}: {
  symbol: string;
  /** Absent: the user's role does not pay invoices, and the buckets select nothing. */
  onSelect?: ((documentNumbers: string[]) => void) | undefined;
}) {
  const { data, isError } = useGetCreditSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const payOverdue = searchParams.get(PAY_OVERDUE.param) === PAY_OVERDUE.value;

  // pay=overdue selects the overdue invoices once the figures are in; the parameter is then removed.
  useEffect(() => {
    if (!payOverdue || !data) return;
    onSelect?.(data.overdue.documentNumbers);
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(PAY_OVERDUE.param);
        return next;
      },
      { replace: true },
    );
  }, [payOverdue, data, onSelect, setSearchParams]);

  const money = (n: number) => formatMoney(n, symbol);
  return (
    <section
      aria-labelledby="credit-heading"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="credit-panel"
    >
      <h2 id="credit-heading" className="text-lg font-semibold text-brand-900">
        {CREDIT_MSG.panelHeading}
      </h2>
      {!data ? (
        <p className={cx('mt-2 text-sm', isError ? 'text-red-800' : 'text-slate-700')}>
          {isError ? CREDIT_MSG.creditFailed : 'Loading...'}
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
            {(
              [
                [
                  CREDIT_MSG.creditLimit,
                  data.availableCredit === null ? CREDIT_MSG.noCreditLimit : money(data.creditLimit),
                ],
                [CREDIT_MSG.balance, money(data.balance)],
                [CREDIT_MSG.uninvoicedOrders, money(data.uninvoicedOrders)],
                [CREDIT_MSG.exposure, money(data.exposure)],
                [
                  CREDIT_MSG.availableCredit,
                  data.availableCredit === null ? CREDIT_MSG.noCreditLimit : money(data.availableCredit),
                ],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-slate-700">{label}</dt>
                <dd className="font-semibold tabular-nums text-slate-900 sm:text-base">{value}</dd>
              </div>
            ))}
          </dl>
          {data.availableCredit !== null && (
            <p className="mt-2 text-sm text-slate-700">{CREDIT_MSG.availableExplained}</p>
          )}
          <ul aria-label="Ageing" className="mt-4 grid gap-2 sm:grid-cols-5">
            {data.buckets.map((bucket) => (
              <li key={bucket.key}>
                <BucketEntry bucket={bucket} money={money} onSelect={onSelect} />
              </li>
            ))}
          </ul>
          {data.unallocatedCredit.documentNumbers.length > 0 && (
            <p className="mt-3 flex flex-wrap justify-between gap-2 text-sm text-slate-700">
              {CREDIT_MSG.unallocatedCredit}
              <span className="font-semibold tabular-nums text-slate-900">{money(data.unallocatedCredit.total)}</span>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function BucketEntry({
  bucket,
  money,
  onSelect,
}: {
  bucket: AgeingBucket;
  money: (n: number) => string;
  onSelect: ((documentNumbers: string[]) => void) | undefined;
}) {
  const label = CREDIT_MSG.bucketLabel[bucket.key];
  const count = bucket.documentNumbers.length;
  const overdue = bucket.key !== 'current' && count > 0;
  // Phones: label and count on the left, the amount on the right; wider: one column. The spaces
  // between the parts keep the visible text readable as words ("... overdue £120.00 2 invoices"),
  // which the button's name contains (label in name, WCAG 2.5.3).
  const body = (
    <>
      <span className="text-xs font-medium text-slate-700">{label}</span>{' '}
      <span
        className={cx(
          'col-start-2 row-span-2 row-start-1 text-right text-base font-semibold tabular-nums',
          overdue ? 'text-red-800' : 'text-slate-900',
        )}
      >
        {money(bucket.total)}
      </span>{' '}
      <span className="col-start-1 row-start-2 text-xs text-slate-700">{CREDIT_MSG.invoiceCount(count)}</span>
    </>
  );
  const box =
    'grid h-full w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 rounded-lg border px-3 py-2 text-left sm:flex sm:flex-col sm:items-start';
  if (count === 0 || !onSelect) return <div className={cx(box, 'border-slate-200 bg-slate-50')}>{body}</div>;
  return (
    <button
      type="button"
      aria-label={CREDIT_MSG.selectBucket(label, count, money(bucket.total))}
      className={cx(
        box,
        'border-slate-300 bg-white shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50',
        overdue && 'border-red-300',
      )}
      onClick={() => onSelect(bucket.documentNumbers)}
    >
      {body}
    </button>
  );
}
