/** Review Order's sections: delivery details, the lines, the terms and the summary. */
import { ScrollRegion } from '../../components/scroll-region';
import { BasketTotals } from '../../components/basket-totals';
import { LineDeliveryPromise } from '../../components/delivery-promise-list';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { MSG, formatMoney, formatUnitPrice, type BasketHeader, type BasketLine } from '@wholesale/contract';
import { type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { useGetBasketAmountQuery, useGetBasketQuery } from '../basket/basket-api';
import { cx } from '../../lib/cx';
import { useLinePromises } from '../../lib/delivery-promise-api';
import { useIsNarrow } from '../../lib/use-is-narrow';

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
export function Section({
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

export function DeliveryDetails({ header }: { header: BasketHeader | undefined }) {
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

export function ReviewTable({ symbol, promises = true }: { symbol: string; promises?: boolean }) {
  const { data, isLoading } = useGetBasketQuery();
  const narrow = useIsNarrow();
  // Each line's delivery promise under its description; the cut-off and the choice stay in the
  // Delivery promise section below (shipment-choice.tsx), which also says if it cannot load.
  const linePromise = useLinePromises(!promises);
  const promiseOf: typeof linePromise = (l) => (promises ? linePromise(l) : undefined);
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
                <p className="text-sm text-slate-700">
                  {l.description}
                  <LineDeliveryPromise promise={promiseOf(l)} />
                </p>
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
              <td className="px-2 py-2">
                {l.description}
                <LineDeliveryPromise promise={promiseOf(l)} />
              </td>
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

export function Terms() {
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

export function Summary({ symbol }: { symbol: string }) {
  const { data } = useGetBasketAmountQuery();
  return (
    <section
      aria-labelledby="review-summary-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="review-summary-title" className="text-lg font-semibold text-brand-900">
        Order Summary
      </h2>
      <BasketTotals summary={data} symbol={symbol} />
    </section>
  );
}
