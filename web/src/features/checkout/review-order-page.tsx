import { CreditUsage, useOrderStop } from '../../components/credit-usage';
import { OnStopBanner } from '../../components/on-stop-banner';
import {
  AWAITING_APPROVAL,
  TEAM_MSG,
  CHECKOUT_MSG,
  CREDIT_MSG,
  MSG,
  paymentAddressOf,
  type BasketHeader,
  DEFAULT_SHIPMENT_PREFERENCE,
  exceedsAvailableCredit,
  type ShipmentPreference,
  type User,
} from '@wholesale/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { checkoutErrorState } from '../../components/checkout-error-dialog';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { useGetBasketAmountQuery, useGetBasketQuery } from '../basket/basket-api';
import { roleOf, selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import {
  paymentRedirect,
  useGetBasketHeaderQuery,
  useRequestOrderPaymentMutation,
  useSubmitBasketHeaderMutation,
  useSubmitBasketMutation,
} from './checkout-api';
import { errorMessage, errorStatus, toBasketHeader } from './delivery-wire';
import { StepIndicator } from './step-indicator';
import { LimitsNotice } from './limits-notice';
import { useGetOrderLimitsQuery } from '../team/team-api';
import { ShipmentChoice } from './shipment-choice';

import { DeliveryDetails, ReviewTable, Section, Summary, Terms } from './review-sections';
import { RoleGate } from '../../components/role-gate';

function paymentRequestBody(user: User, header: BasketHeader, amount: number) {
  return {
    amount,
    account_code: user.customerNumber,
    currency: user.currencyCode,
    reference: header.purchaseOrder,
    description: `Order ${header.purchaseOrder}`,
    billing_address: paymentAddressOf(user.contact || user.name, user),
    shipping_address: { ...paymentAddressOf(header.contact || header.name, header), line_2: header.address2 },
  };
}

/** Checkout step 2 (/checkout/review-order): review, terms, then Place Order or Proceed to Payment (spec sections 2 and 4). */
function ReviewOrderScreen() {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const header = useGetBasketHeaderQuery(undefined, { refetchOnMountOrArgChange: true });
  const basket = useGetBasketQuery();
  const amount = useGetBasketAmountQuery();
  const [submitHeader] = useSubmitBasketHeaderMutation();
  const [submitBasket] = useSubmitBasketMutation();
  const [requestPayment] = useRequestOrderPaymentMutation();
  const [busy, setBusy] = useState(false);
  const [shipment, setShipment] = useState<ShipmentPreference>(DEFAULT_SHIPMENT_PREFERENCE);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
  const [focusReason, setFocusReason] = useState(false);
  // Back from the payment page: ?payment=declined (the card was refused) or ?payment=cancelled (left
  // without paying). Read once, then dropped from the address so a reload does not repeat it.
  const [returned] = useState(() => {
    const p = params.get('payment');
    return p === 'declined' || p === 'cancelled' ? p : null;
  });
  const [returnNotice, setReturnNotice] = useState(returned);
  useEffect(() => {
    if (returned) void navigate('/checkout/review-order', { replace: true });
  }, [returned, navigate]);

  const symbol = user?.currencySymbol ?? '£';
  const proforma = !!user?.isProforma;
  // On stop or over credit (read afresh on entry, and again when Place Order is refused): Place
  // Order is disabled with the reason beside it.
  const { stop, refetchCredit } = useOrderStop();
  const onStop = stop === 'onStop';
  useEffect(() => {
    if (focusReason && stop) document.getElementById('place-order-blocked')?.focus();
  }, [focusReason, stop]);

  // Nothing stored from step 1 (a fresh visit): start there.
  useEffect(() => {
    if (header.data && !header.data.saved && !busy) void navigate('/checkout/deliveryinformation', { replace: true });
  }, [header.data, busy, navigate]);

  const ready = !!(user && header.data?.saved && basket.data && basket.data.basketLines.length > 0 && amount.data);
  // Team accounts: a buyer's limits against this basket (others have none); refetched as the basket changes.
  const limits = useGetOrderLimitsQuery(undefined, { skip: roleOf(user) !== 'buyer' });
  const needsApproval = !!limits.data?.needsApproval;

  async function placeOrder() {
    if (!user || !header.data || !basket.data || !amount.data) return;
    setBusy(true);
    try {
      await submitHeader(toBasketHeader(header.data)).unwrap();
      const placed = await submitBasket({
        revision: basket.data.revision,
        amount: amount.data.totalAmount,
        shipmentPreference: shipment,
      }).unwrap();
      if (placed.status === AWAITING_APPROVAL) {
        // Over the buyer's limits: it waits for an approver; the enquiry says so.
        toast.success(TEAM_MSG.submittedForApproval(placed.orderNumber));
        await navigate(`/open-order-enquiry?order=${encodeURIComponent(placed.orderNumber)}`);
        return;
      }
      await navigate('/open-orders?confirmorder=success');
    } catch (err) {
      const status = errorStatus(err);
      if (status === 403) {
        // Refused for the account's credit (on stop, or over credit since the figures were read):
        // stay, with the fresh figures, the reason and Place Order disabled.
        const fresh = (await refetchCredit()).data;
        const total = Math.round(amount.data.totalAmount * 100);
        const refused =
          fresh &&
          (fresh.onStop ||
            exceedsAvailableCredit(Math.round(fresh.creditLimit * 100), Math.round(fresh.exposure * 100), total));
        if (refused) {
          setBusy(false);
          setFocusReason(true);
          return;
        }
      }
      const detail = status === 400 || status === 403 ? errorMessage(err) : undefined;
      await navigate('/basket', { state: checkoutErrorState(status === 409 ? 'updated' : 'failed', detail) });
    }
  }

  async function proceedToPayment() {
    if (!user || !header.data || !basket.data || !amount.data) return;
    setBusy(true);
    setPaymentProblem(null);
    setReturnNotice(null);
    try {
      await submitHeader(toBasketHeader(header.data)).unwrap();
      const res = await requestPayment({
        ...paymentRequestBody(user, header.data, amount.data.totalAmount),
        shipmentPreference: shipment,
      }).unwrap();
      paymentRedirect.go(res.payment_Checkout_Url);
    } catch (err) {
      setBusy(false);
      const status = errorStatus(err);
      setPaymentProblem(
        status === 409
          ? MSG.basketUpdatedDuringCheckout
          : status === 400 || status === 403
            ? (errorMessage(err) ?? '')
            : '',
      );
      toast.error(MSG.cannotConfirmOrder);
    }
  }

  return (
    <>
      <PageHeading title="Review Order" />
      <StepIndicator current={2} withPayment={proforma} />
      {returnNotice === 'declined' && (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <p className="font-semibold">{MSG.cannotConfirmOrder}</p>
          <p className="text-sm">{MSG.paymentDeclinedHelp}</p>
        </div>
      )}
      {returnNotice === 'cancelled' && (
        <div role="status" className="mb-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-slate-800">
          <p className="font-semibold">{MSG.paymentCancelledTitle}</p>
          <p className="text-sm">{MSG.paymentCancelledHelp}</p>
        </div>
      )}
      {paymentProblem !== null && (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <p className="font-semibold">{MSG.cannotConfirmOrder}</p>
          {paymentProblem && <p className="text-sm">{paymentProblem}</p>}
        </div>
      )}
      {/* Place Order comes after every choice (delivery, lines, how to send, terms) at every width; the
          summary sits beside the choices on wide screens, so the total stays in view. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="space-y-4 lg:col-start-1 lg:row-start-1">
          <Section
            title="Delivery Information"
            defaultOpen
            change={{ to: '/checkout/deliveryinformation', label: 'Change delivery information' }}
          >
            <DeliveryDetails header={header.data} />
            {header.data?.purchaseOrderUsedOn && (
              <p
                role="status"
                data-testid="po-reused"
                className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                {CHECKOUT_MSG.purchaseOrderReused(header.data.purchaseOrder, header.data.purchaseOrderUsedOn)}
              </p>
            )}
          </Section>
          <Section title="Review Order" defaultOpen change={{ to: '/basket', label: 'Change basket' }}>
            <ReviewTable symbol={symbol} promises={!onStop} />
          </Section>
          {/* On stop nothing ships: a choice of how to send it would mislead. */}
          {!onStop && <ShipmentChoice value={shipment} onChange={setShipment} />}
          <Section title="Terms and Conditions" defaultOpen={false}>
            <Terms />
          </Section>
        </div>
        <div className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Summary symbol={symbol} />
          <CreditUsage linesHref="/basket" />
          {/* On stop: why (the overdue invoices) and the way to pay them, as on Home and the basket. */}
          {onStop && <OnStopBanner urgent className="" />}
        </div>
        <div className="space-y-4 lg:col-start-1 lg:row-start-2">
          {limits.data && <LimitsNotice limits={limits.data} />}
          <p className="text-sm text-slate-700">{MSG.termsConsent}</p>
          {/* A card-paying buyer over their limits submits for approval, and pays once it is approved. */}
          {proforma && !needsApproval ? (
            <Button
              className="w-full sm:w-auto sm:min-w-64"
              disabled={!ready || busy}
              aria-busy={busy || undefined}
              onClick={() => void proceedToPayment()}
            >
              {busy && <Spinner decorative size="sm" />}
              {returnNotice ? MSG.payAgain : 'Proceed to Payment'}
            </Button>
          ) : (
            <>
              <Button
                className="w-full sm:w-auto sm:min-w-64"
                disabled={!ready || busy || !!stop}
                aria-busy={busy || undefined}
                aria-describedby={stop ? 'place-order-blocked' : undefined}
                onClick={() => void placeOrder()}
              >
                {busy && <Spinner decorative size="sm" />}
                {needsApproval ? TEAM_MSG.submitForApproval : 'Place Order'}
              </Button>
              {stop && (
                <p
                  id="place-order-blocked"
                  tabIndex={-1}
                  className="text-sm font-medium text-red-800 outline-none"
                  data-testid="place-order-blocked"
                >
                  {CREDIT_MSG.placeOrderBlocked[stop]}
                </p>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}

/** For the ordering roles only (RoleGate); anyone else at its address is told their role does not allow it. */
export function ReviewOrderPage() {
  return (
    <RoleGate needs="order">
      <ReviewOrderScreen />
    </RoleGate>
  );
}
