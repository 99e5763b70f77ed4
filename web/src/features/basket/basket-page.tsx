import { ScrollRegion } from '../../components/scroll-region';
import { BasketTotals } from '../../components/basket-totals';
import { CREDIT_MSG, MSG, formatMoney } from '@wholesale/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { buttonClass } from '../../components/button';
import { CheckoutErrorDialog, readCheckoutError } from '../../components/checkout-error-dialog';
import { PageHeading } from '../../components/page-heading';
import { CreditUsage, useOrderStop, type OrderStop } from '../../components/credit-usage';
import { OnStopBanner } from '../../components/on-stop-banner';
import { Spinner } from '../../components/spinner';
import { selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { useGetBasketAmountQuery, useGetBasketQuery } from './basket-api';
import { useIsNarrow } from '../../lib/use-is-narrow';
import { PriceBreaksPanel } from './price-breaks-panel';
import { DeliveryPromisePanel } from './delivery-promise-panel';
import { useLinePromises } from '../../lib/delivery-promise-api';

import { LineCard, LineRow, type Drafts, type DraftState } from './basket-line';
import { ClearBasketButton, ClearedNotice } from './clear-basket';
import { FreeCarriageNudge } from './free-carriage-nudge';
import { RoleGate } from '../../components/role-gate';

function OrderSummary({ symbol, stop }: { symbol: string; stop: OrderStop }) {
  const { data, isLoading, isError } = useGetBasketAmountQuery();
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:ml-auto md:w-96"
    >
      <h2 id="order-summary-title" className="text-lg font-semibold text-brand-900">
        Order Summary
      </h2>
      {isLoading ? (
        <div className="py-4 text-brand-700">
          <Spinner label="Loading order summary" />
        </div>
      ) : (
        <BasketTotals summary={data} symbol={symbol} />
      )}
      {isError && !data && <p className="mt-2 text-sm text-red-700">{MSG.basketUnavailable}</p>}
      {!stop && <FreeCarriageNudge symbol={symbol} />}
      {stop ? (
        // On stop or over credit, the buyer is stopped here, with the reason and the ways out above
        // (the on-stop notice, or the credit notice), not after filling in delivery at Place Order.
        <p
          className="mt-5 rounded-md bg-slate-100 px-3 py-2 text-sm font-medium text-slate-800"
          data-testid="checkout-blocked"
        >
          {CREDIT_MSG.checkoutBlocked[stop]}
        </p>
      ) : (
        <Link to="/checkout/deliveryinformation" className={buttonClass('primary', 'mt-5 w-full')}>
          {MSG.proceedToCheckout}
        </Link>
      )}
    </section>
  );
}

/** Shopping Basket (/basket): lines, carriage line, total, Order Summary and Proceed to checkout (spec section 2). */
function BasketScreen() {
  const user = useAppSelector(selectUser);
  const symbol = user?.currencySymbol ?? '£';
  const { data, isLoading } = useGetBasketQuery();
  const narrow = useIsNarrow();
  const [drafts, setDrafts] = useState<Drafts>({});
  /** Lines the last Clear basket removed, while its Undo is offered. */
  const [cleared, setCleared] = useState<number | undefined>();
  const edits: DraftState = {
    drafts,
    setDraft: (lineNumber, quantity) =>
      setDrafts((prev) => {
        const next = { ...prev };
        if (quantity === undefined) delete next[lineNumber];
        else next[lineNumber] = quantity;
        return next;
      }),
  };
  const location = useLocation();
  const navigate = useNavigate();
  const checkoutError = readCheckoutError(location.state);
  const closeError = () => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });

  const lines = data?.basketLines ?? [];
  const { stop } = useOrderStop();
  const onStop = stop === 'onStop';
  // Each line's delivery promise in its row or card; the panel below keeps the cut-off.
  // On stop nothing can ship: no promise, no cut-off, no upsell, which would read as if ordering were possible.
  const promiseOf = useLinePromises(lines.length === 0 || onStop);
  const all = data?.carriageLine ? [...lines, data.carriageLine] : lines;
  let content;
  if (isLoading) {
    content = (
      <p role="status" className="flex items-center gap-3 py-10 text-slate-700">
        <Spinner decorative />
        {MSG.loadingBasket}
      </p>
    );
  } else if (!data || lines.length === 0) {
    content = (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-700">
        {MSG.basketEmpty}
      </p>
    );
  } else {
    const total = formatMoney(data.totalBasketPrice, symbol);
    content = (
      // The summary goes below the lines at every width: beside them the table had too little room
      // for the quantity editor.
      <div className="grid grid-cols-1 gap-6">
        {narrow ? (
          <div>
            <ul className="space-y-3" aria-label="Basket lines">
              {all.map((l) => (
                <LineCard
                  key={`${l.additionalCharge}-${l.lineNumber}`}
                  line={l}
                  symbol={symbol}
                  edits={edits}
                  promise={onStop ? undefined : promiseOf(l)}
                />
              ))}
            </ul>
            <p className="mt-4 flex justify-between rounded-lg bg-white px-4 py-3 font-semibold shadow-sm">
              <span>{MSG.totalExclVat}</span>
              <span className="tabular-nums">{total}</span>
            </p>
          </div>
        ) : (
          <ScrollRegion
            label="Basket lines, scrollable"
            className="rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">Basket lines</caption>
              <thead className="bg-slate-100 text-left text-xs whitespace-nowrap uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-3">
                    Item No.
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Description
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    Stock
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Unit
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    Qty
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    Disc %
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    Disc. Price
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    Total
                  </th>
                  <th scope="col" className="px-3 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {all.map((l) => (
                  <LineRow
                    key={`${l.additionalCharge}-${l.lineNumber}`}
                    line={l}
                    symbol={symbol}
                    edits={edits}
                    promise={onStop ? undefined : promiseOf(l)}
                  />
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <th scope="row" colSpan={7} className="px-3 py-3 text-right">
                    {MSG.totalExclVat}
                  </th>
                  <td className="px-3 py-3 text-right tabular-nums">{total}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </ScrollRegion>
        )}
        <OrderSummary symbol={symbol} stop={stop} />
      </div>
    );
  }

  return (
    <>
      <PageHeading title="Shopping Basket" />
      <OnStopBanner />
      {lines.length > 0 && <CreditUsage className="mb-4" linesHref="#basket-lines" />}
      {cleared !== undefined && <ClearedNotice lines={cleared} onDone={() => setCleared(undefined)} />}
      {lines.length > 0 && (
        <div className="mb-3 flex justify-end">
          <ClearBasketButton
            lines={lines.length}
            onCleared={(n) => {
              setDrafts({});
              setCleared(n);
            }}
          />
        </div>
      )}
      <div id="basket-lines" tabIndex={-1} className="outline-none">
        {content}
      </div>
      {lines.length > 0 && !onStop && <PriceBreaksPanel symbol={symbol} />}
      {lines.length > 0 && !onStop && <DeliveryPromisePanel />}
      <CheckoutErrorDialog error={checkoutError} onClose={closeError} />
    </>
  );
}

/** For the ordering roles only (RoleGate); anyone else at its address is told their role does not allow it. */
export function BasketPage() {
  return (
    <RoleGate needs="order">
      <BasketScreen />
    </RoleGate>
  );
}
