import { APPROVED_AWAITING_PAYMENT, MSG, PAYING_ROLES, TEAM_MSG, type OpenOrder, type User } from '@wholesale/contract';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/spinner';
import { cx } from '../../lib/cx';
import { may } from '../../lib/session';
import { useNavigate, useSearchParams } from '../../lib/router';
import { errorMessage, usePayApprovedOrderMutation } from './orders-api';

/** Where the browser goes to pay (a seam for tests: jsdom cannot navigate). */
export const paymentRedirect = { go: (url: string) => window.location.assign(url) };

/**
 * Whether the screens offer Pay now: a card-paying account's order approved and awaiting payment,
 * to the buyer who submitted it, an account admin or finance (the server refuses anyone else).
 */
export const mayPayOrder = (order: OpenOrder, user: User | null | undefined): boolean =>
  order.status === APPROVED_AWAITING_PAYMENT && (order.placedByMe || may(user, PAYING_ROLES));

/** Pay now: starts the card payment of the approved total and goes to the payment page. */
export function PayNowButton({ orderNumber, className }: { orderNumber: string; className?: string }) {
  const [pay] = usePayApprovedOrderMutation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const res = await pay(orderNumber).unwrap();
      paymentRedirect.go(res.payment_Checkout_Url);
    } catch (err) {
      setBusy(false);
      toast.error(errorMessage(err) ?? MSG.cannotConfirmOrder);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={TEAM_MSG.payNowFor(orderNumber)}
      className={cx(
        'inline-flex items-center gap-2 rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-emerald-800 disabled:opacity-70',
        className,
      )}
    >
      {busy && <Spinner decorative size="sm" />}
      {busy ? TEAM_MSG.startingPayment : TEAM_MSG.payNow}
    </button>
  );
}

type Outcome = 'paid' | 'declined' | 'cancelled';

/**
 * Back on Open Orders from paying for an approved order (?payment=paid|declined|cancelled&order=..):
 * says how it went, read once and then dropped from the address so a reload does not repeat it.
 */
export function PaymentReturnNotice() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [returned] = useState(() => {
    const outcome = params.get('payment');
    const orderNumber = params.get('order');
    return (outcome === 'paid' || outcome === 'declined' || outcome === 'cancelled') && orderNumber
      ? { outcome: outcome as Outcome, orderNumber }
      : null;
  });
  useEffect(() => {
    if (returned) void navigate('/open-orders', { replace: true });
  }, [returned, navigate]);
  if (!returned) return null;
  const { outcome, orderNumber } = returned;
  if (outcome === 'paid')
    return (
      <p
        role="status"
        className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-950"
      >
        {TEAM_MSG.orderPaid(orderNumber)}
      </p>
    );
  if (outcome === 'declined')
    return (
      <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        <p className="font-semibold">{MSG.cannotConfirmOrder}</p>
        <p className="text-sm">{TEAM_MSG.orderPaymentDeclined(orderNumber)}</p>
      </div>
    );
  return (
    <div role="status" className="mb-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-slate-800">
      <p className="font-semibold">{MSG.paymentCancelledTitle}</p>
      <p className="text-sm">{TEAM_MSG.orderPaymentCancelled(orderNumber)}</p>
    </div>
  );
}
