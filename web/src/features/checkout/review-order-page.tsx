import { CreditUsage } from '../../components/credit-usage';
import { ScrollRegion } from '../../components/scroll-region';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import {
  MSG,
  formatMoney,
  paymentAddressOf,
  formatUnitPrice,
  type BasketHeader,
  type BasketLine,
  DEFAULT_SHIPMENT_PREFERENCE,
  type ShipmentPreference,
  type User,
} from '@wholesale/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { checkoutErrorState } from '../../components/checkout-error-dialog';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { useGetBasketAmountQuery, useGetBasketQuery } from '../../lib/basket-api';
import { cx } from '../../lib/cx';
import { selectUser } from '../../lib/session';
import { useGetSettingsQuery } from '../../lib/settings-api';
import {
  paymentRedirect,
  useGetBasketHeaderQuery,
  useRequestOrderPaymentMutation,
  useSubmitBasketHeaderMutation,
  useSubmitBasketMutation,
} from './checkout-api';
import { errorMessage, errorStatus, toBasketHeader } from './delivery-wire';
import { useIsNarrow } from '../../lib/use-is-narrow';
import { StepIndicator } from './step-indicator';
import { ShipmentChoice } from './shipment-choice';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className={cx('size-5 transition-transform', open && 'rotate-180')}
    >
      <path d="M5.3 7.3 10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7z" />
    </svg>
  );
}

/** A collapsible section (Headless UI Disclosure) with an optional Change link beside its title. */
function Section({
  title,
  defaultOpen,
  change,
  children,
}: {
  title: string;
  defaultOpen: boolean;
  change?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Disclosure
      as="section"
      defaultOpen={defaultOpen}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {({ open }) => (
        <>
          <div className="flex items-center justify-between gap-3 px-5 py-3">
            <h2 className="text-lg font-semibold text-brand-900">
              <DisclosureButton className="flex items-center gap-2 rounded-md text-left hover:text-brand-700">
                <Chevron open={open} />
                {title}
              </DisclosureButton>
            </h2>
            {change && (
              <Link
                to={change.to}
                aria-label={change.label}
                className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                Change
              </Link>
            )}
          </div>
          <DisclosurePanel className="border-t border-slate-200 px-5 py-4">{children}</DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}

function DeliveryDetails({ header }: { header: BasketHeader | undefined }) {
  if (!header) return <p className="text-slate-700">Loading delivery information...</p>;
  const rows: [string, string][] = [
    ['Purchase Order', header.purchaseOrder],
    ['Delivery Address', header.addressReference],
    ['Name', header.name],
    ['Address Line 1', header.address1],
    ['Address Line 2', header.address2],
    ['City', header.city],
    ['County', header.county],
    ['Country', header.country],
    ['Postcode', header.postcode],
    ['Contact', header.contact],
    ['Phone Number', header.phoneNumber],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-4 sm:block">
          <dt className="text-slate-600">{k}</dt>
          <dd className="font-medium break-words text-slate-900">{v || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewTable({ symbol }: { symbol: string }) {
  const { data, isLoading } = useGetBasketQuery();
  const narrow = useIsNarrow();
  if (isLoading) return <p role="status">{MSG.loadingBasket}</p>;
  if (!data)
    return (
      <p role="alert" className="text-red-700">
        {MSG.basketUnavailable}
      </p>
    );
  if (data.basketLines.length === 0) return <p>{MSG.basketEmpty}</p>;
  const rows: BasketLine[] = data.carriageLine ? [...data.basketLines, data.carriageLine] : data.basketLines;
  const total = formatMoney(data.totalBasketPrice, symbol);
  // Phones: a card per line with every column, as Create Orders and Basket show them (a 5-column
  // table does not fit 390 px without a sideways scroll).
  if (narrow)
    return (
      <div>
        <ul className="space-y-3" aria-label="Order lines">
          {rows.map((l) => {
            const charge = l.additionalCharge === 'True';
            return (
              <li
                key={`${l.additionalCharge}-${l.lineNumber}`}
                className={cx('rounded-lg border border-slate-200 p-4', charge ? 'bg-slate-50' : 'bg-white')}
              >
                {!charge && <p className="font-semibold text-slate-900">{l.itemNumber}</p>}
                <p className="text-sm text-slate-700">{l.description}</p>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-600">Qty</dt>
                  <dd className="text-right tabular-nums">{l.quantity}</dd>
                  <dt className="text-slate-600">Disc. Price</dt>
                  <dd className="text-right tabular-nums">{formatUnitPrice(l.discountPrice, symbol)}</dd>
                  <dt className="font-medium text-slate-800">Total</dt>
                  <dd className="text-right font-semibold tabular-nums">{formatMoney(l.totalLinePrice, symbol)}</dd>
                </dl>
              </li>
            );
          })}
        </ul>
        <p className="mt-4 flex justify-between rounded-lg bg-slate-50 px-4 py-3 font-semibold">
          <span>{MSG.totalExclVat}</span>
          <span className="tabular-nums">{total}</span>
        </p>
      </div>
    );
  return (
    <ScrollRegion label="Order lines, scrollable">
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="sr-only">Order lines</caption>
        <thead className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-2">
              Item No.
            </th>
            <th scope="col" className="px-2 py-2">
              Description
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Qty
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Disc. Price
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => (
            <tr
              key={`${l.additionalCharge}-${l.lineNumber}`}
              className={cx('border-b border-slate-100', l.additionalCharge === 'True' && 'text-slate-700')}
            >
              <td className="px-2 py-2 font-medium">{l.additionalCharge === 'True' ? '' : l.itemNumber}</td>
              <td className="px-2 py-2">{l.description}</td>
              <td className="px-2 py-2 text-right tabular-nums">{l.quantity}</td>
              <td className="px-2 py-2 text-right tabular-nums">{formatUnitPrice(l.discountPrice, symbol)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{formatMoney(l.totalLinePrice, symbol)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" colSpan={4} className="px-2 py-3 text-right">
              {MSG.totalExclVat}
            </th>
            <td className="px-2 py-3 text-right tabular-nums">{total}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

function Terms() {
  return (
    <div className="space-y-4 text-sm leading-6 text-slate-800">
      <section>
        <h3 className="font-semibold text-slate-900">Introduction</h3>
        <p>
          These terms apply to every order placed through the Wholesale Portal. By placing an order you make an offer to
          buy the goods on these terms; a contract is formed when we accept it.
        </p>
      </section>
      <section>
        <h3 className="font-semibold text-slate-900">Specification of Goods</h3>
        <p>Goods are supplied as described in the catalogue. Colours and finishes may vary slightly between batches.</p>
      </section>
      <section>
        <h3 className="font-semibold text-slate-900">Price and Payment</h3>
        <p>
          The price of the goods is the price displayed when your order is received. Prices are in Sterling or Euro
          according to your account, and VAT is added where applicable. If a price is shown in error we will contact you
          to reconfirm the order at the correct price or to cancel it.
        </p>
      </section>
      <section>
        <h3 className="font-semibold text-slate-900">Delivery</h3>
        <p>
          Title to the goods passes on delivery once payment has been received in full. Risk passes on delivery, or on
          the first attempt to deliver. Estimated delivery dates are given in the order acknowledgement email.
        </p>
      </section>
    </div>
  );
}

function Summary({ symbol }: { symbol: string }) {
  const { data } = useGetBasketAmountQuery();
  const value = (n: number | undefined) => (n === undefined ? '—' : formatMoney(n, symbol));
  return (
    <section
      aria-labelledby="review-summary-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="review-summary-title" className="text-lg font-semibold text-brand-900">
        Order Summary
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-700">Amount</dt>
          <dd className="tabular-nums">{value(data?.amount)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-700">VAT</dt>
          <dd className="tabular-nums">{value(data?.totalVAT)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>{MSG.totalInclVat}</dt>
          <dd className="tabular-nums">{value(data?.totalAmount)}</dd>
        </div>
      </dl>
    </section>
  );
}

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
export function ReviewOrderPage() {
  const user = useSelector(selectUser);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const header = useGetBasketHeaderQuery(undefined, { refetchOnMountOrArgChange: true });
  const basket = useGetBasketQuery();
  const amount = useGetBasketAmountQuery();
  const { data: settings } = useGetSettingsQuery();
  const [submitHeader] = useSubmitBasketHeaderMutation();
  const [submitBasket] = useSubmitBasketMutation();
  const [requestPayment] = useRequestOrderPaymentMutation();
  const [busy, setBusy] = useState(false);
  const [shipment, setShipment] = useState<ShipmentPreference>(DEFAULT_SHIPMENT_PREFERENCE);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
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
  const onStop = !proforma && user?.onStop === 'True';

  // Nothing stored from step 1 (a fresh visit): start there.
  useEffect(() => {
    if (header.data && !header.data.saved && !busy) void navigate('/checkout/deliveryinformation', { replace: true });
  }, [header.data, busy, navigate]);

  const ready = !!(user && header.data?.saved && basket.data && basket.data.basketLines.length > 0 && amount.data);

  async function placeOrder() {
    if (!user || !header.data || !basket.data || !amount.data) return;
    setBusy(true);
    try {
      await submitHeader(toBasketHeader(header.data)).unwrap();
      await submitBasket({
        revision: basket.data.revision,
        amount: amount.data.totalAmount,
        shipmentPreference: shipment,
      }).unwrap();
      await navigate('/open-orders?confirmorder=success');
    } catch (err) {
      const status = errorStatus(err);
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
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="space-y-4">
          <Section
            title="Delivery Information"
            defaultOpen
            change={{ to: '/checkout/deliveryinformation', label: 'Change delivery information' }}
          >
            <DeliveryDetails header={header.data} />
          </Section>
          <Section title="Review Order" defaultOpen change={{ to: '/basket', label: 'Change basket' }}>
            <ReviewTable symbol={symbol} />
          </Section>
          <ShipmentChoice value={shipment} onChange={setShipment} />
          <Section title="Terms and Conditions" defaultOpen={false}>
            <Terms />
          </Section>
        </div>
        <div className="space-y-4">
          <Summary symbol={symbol} />
          <CreditUsage />
          {onStop && (
            <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {MSG.accountOnStop(settings?.supportEmail ?? '')}
            </p>
          )}
          <p className="text-sm text-slate-700">{MSG.termsConsent}</p>
          {proforma ? (
            <Button
              className="w-full"
              disabled={!ready || busy}
              aria-busy={busy || undefined}
              onClick={() => void proceedToPayment()}
            >
              {busy && <Spinner decorative size="sm" />}
              {returnNotice ? MSG.payAgain : 'Proceed to Payment'}
            </Button>
          ) : (
            <Button
              className="w-full"
              disabled={!ready || busy || onStop}
              aria-busy={busy || undefined}
              onClick={() => void placeOrder()}
            >
              {busy && <Spinner decorative size="sm" />}
              Place Order
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
