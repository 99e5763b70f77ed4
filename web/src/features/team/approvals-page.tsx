import {
  APPROVED_AWAITING_PAYMENT,
  CURRENCY_SYMBOLS,
  DECLINE_REASON_MAX,
  TEAM_MSG,
  formatMoney,
  formatUnitPrice,
  type ApprovalSummary,
  type ReviewApprovalResponse,
} from '@wholesale/contract';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { useSearchParams } from '../../lib/router';
import {
  useApproveOrderMutation,
  useDeclineOrderMutation,
  useListApprovalsQuery,
  useReviewApprovalQuery,
} from './team-api';
import { messageOf } from './messages';
import { RoleGate } from '../../components/role-gate';

const submitted = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');

/** The order as approving would place it, with Approve and Decline (a reason is required). */
function Review({ review }: { review: ReviewApprovalResponse }) {
  const id = useId();
  const symbol = CURRENCY_SYMBOLS[review.currencyCode];
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [approve, approving] = useApproveOrderMutation();
  const [decline, declining] = useDeclineOrderMutation();
  const busy = approving.isLoading || declining.isLoading;

  const onApprove = async () => {
    setError(undefined);
    try {
      const done = await approve({ orderNumber: review.orderNumber, amount: review.currentTotal }).unwrap();
      // A card-paying account's order is placed when its buyer pays for it.
      toast.success(
        done.status === APPROVED_AWAITING_PAYMENT
          ? TEAM_MSG.approvedToPayToast(review.orderNumber)
          : TEAM_MSG.approvedToast(review.orderNumber),
      );
    } catch (err) {
      setError(messageOf(err) ?? 'Unable to approve this order');
    }
  };
  const onDecline = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!reason.trim()) {
      setError(TEAM_MSG.reasonRequired);
      return;
    }
    try {
      await decline({ orderNumber: review.orderNumber, reason }).unwrap();
      toast.success(TEAM_MSG.declinedToast(review.orderNumber));
    } catch (err) {
      setError(messageOf(err) ?? 'Unable to decline this order');
    }
  };

  return (
    <div className="mt-3 space-y-3">
      {review.pricesChanged && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {TEAM_MSG.pricesChangedNote}
        </p>
      )}
      <ul className="divide-y divide-slate-100 text-sm" aria-label={`Lines of ${review.orderNumber}`}>
        {review.lines.map((l) => (
          <li key={l.itemNo} className="flex flex-wrap justify-between gap-2 py-2">
            <span className="min-w-0">
              <span className="font-medium">{l.itemNo}</span> {l.description} × {l.quantity}
              {l.stock !== null && <span className="block text-slate-600">In stock now: {l.stock}</span>}
              {l.priceChanged && (
                <span className="block text-amber-900">
                  {TEAM_MSG.priceChanged(
                    formatUnitPrice(l.submittedPrice, symbol),
                    l.currentPrice === null ? 'no longer sold' : formatUnitPrice(l.currentPrice, symbol),
                  )}
                </span>
              )}
            </span>
            <span className="font-medium">{formatMoney(l.total, symbol)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Total to place: <span className="font-semibold">{formatMoney(review.currentTotal, symbol)}</span>
        {review.pricesChanged && <> (submitted at {formatMoney(review.submittedTotal, symbol)})</>}
      </p>
      {review.cannotApproveReason && <p className="text-sm text-slate-800">{review.cannotApproveReason}</p>}
      <div className="flex flex-wrap items-end gap-3">
        <Button onClick={onApprove} disabled={busy || !review.canApprove}>
          {approving.isLoading ? TEAM_MSG.approving : `${TEAM_MSG.approve} ${review.orderNumber}`}
        </Button>
      </div>
      <form onSubmit={onDecline} className="space-y-2" aria-label={`Decline ${review.orderNumber}`}>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
          {TEAM_MSG.declineReason}
        </label>
        <textarea
          id={`${id}-reason`}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm"
          rows={2}
          maxLength={DECLINE_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button type="submit" variant="danger" disabled={busy}>
          {declining.isLoading ? TEAM_MSG.declining : `${TEAM_MSG.decline} ${review.orderNumber}`}
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function ReviewLoader({ orderNumber }: { orderNumber: string }) {
  const { data, isFetching, error } = useReviewApprovalQuery(orderNumber, { refetchOnMountOrArgChange: true });
  if (isFetching && !data) return <Spinner label={`Loading ${orderNumber}`} />;
  if (!data) return <p role="alert">{messageOf(error) ?? 'Unable to retrieve this order'}</p>;
  return <Review review={data} />;
}

function ApprovalItem({ a, open, onToggle }: { a: ApprovalSummary; open: boolean; onToggle: () => void }) {
  const symbol = CURRENCY_SYMBOLS[a.currencyCode];
  const panel = useId();
  return (
    <li className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-brand-900">Order {a.orderNumber}</h2>
          <p className="text-sm text-slate-700">
            PO {a.reference} · {TEAM_MSG.placedBy} {a.placedBy} · {submitted(a.submittedAt)}
          </p>
          <p className="text-sm text-slate-700">
            {a.lines} {a.lines === 1 ? 'line' : 'lines'} · {formatMoney(a.totalAmount, symbol)}
          </p>
        </div>
        <Button variant="secondary" aria-expanded={open} aria-controls={panel} onClick={onToggle}>
          {open ? 'Hide' : 'Review'} <span className="sr-only">order {a.orderNumber}</span>
        </Button>
      </div>
      <div id={panel}>{open && <ReviewLoader orderNumber={a.orderNumber} />}</div>
    </li>
  );
}

/** Approvals (approvers and account admins): orders over a buyer's limits, oldest first. */
function ApprovalsScreen() {
  const [params] = useSearchParams();
  const [openOrder, setOpenOrder] = useState<string | null>(params.get('order'));
  const { data, isLoading, error } = useListApprovalsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div>
      <PageHeading title={TEAM_MSG.approvalsHeading} />
      {isLoading ? (
        <div className="flex justify-center py-12 text-brand-700">
          <Spinner label="Loading approvals" size="lg" />
        </div>
      ) : !data ? (
        <p role="alert">{messageOf(error) ?? 'Unable to retrieve the approvals'}</p>
      ) : data.approvals.length === 0 ? (
        <p>{TEAM_MSG.noApprovals}</p>
      ) : (
        <ul className="space-y-4" aria-label={TEAM_MSG.approvalsHeading}>
          {data.approvals.map((a) => (
            <ApprovalItem
              key={a.orderNumber}
              a={a}
              open={openOrder === a.orderNumber}
              onToggle={() => setOpenOrder(openOrder === a.orderNumber ? null : a.orderNumber)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** For the approvers and account admins only (RoleGate); anyone else at its address is told their role does not allow it. */
export function ApprovalsPage() {
  return (
    <RoleGate needs="approve">
      <ApprovalsScreen />
    </RoleGate>
  );
}
