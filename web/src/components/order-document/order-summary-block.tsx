import { formatMoney } from '@wholesale/contract';
import { useId, type ReactNode } from 'react';

export interface OrderSummaryBlockProps {
  orderNumber: string;
  /** dd/mm/yy as the API sends it. */
  orderDate: string | null;
  dispatchDate: string | null;
  customerRef: string;
  amount: number;
  vat: number;
  invoiceTotal: number;
  /** The user's currency symbol (£ or €). */
  currencySymbol: string;
  /** Heading of the block; default 'Summary'. */
  title?: string;
  /** Shown beside the heading (e.g. a status badge). */
  badge?: ReactNode;
  /** Buttons under the figures (e.g. the 'Order Summary' download). */
  actions?: ReactNode;
}

const EMPTY = '\u2013';

/**
 * The order summary of Open Order Enquiry and View Transaction (spec section 2): Order No, Order
 * Date, Dispatch Date, Customer Ref, Amount, VAT and Invoice Total, amounts with the currency
 * symbol and 2 decimals. Plain props, no data fetching.
 */
export function OrderSummaryBlock(props: OrderSummaryBlockProps) {
  const headingId = useId();
  const money = (n: number) => formatMoney(n, props.currencySymbol);
  const fields: [string, string, boolean?][] = [
    ['Order No', props.orderNumber],
    ['Order Date', props.orderDate || EMPTY],
    ['Dispatch Date', props.dispatchDate || EMPTY],
    ['Customer Ref', props.customerRef || EMPTY],
    ['Amount', money(props.amount)],
    ['VAT', money(props.vat)],
    ['Invoice Total', money(props.invoiceTotal), true],
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-brand-900">
          {props.title ?? 'Summary'}
        </h2>
        {props.badge}
      </div>
      <dl className="grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {fields.map(([label, value, strong]) => (
          <div
            key={label}
            className="flex items-baseline justify-between gap-4 border-b border-slate-100 pb-2 sm:block sm:border-0 sm:pb-0"
          >
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd
              className={
                strong ? 'text-lg font-semibold text-brand-900 tabular-nums' : 'font-medium text-slate-900 tabular-nums'
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {props.actions && <div className="mt-5 flex flex-wrap gap-3">{props.actions}</div>}
    </section>
  );
}
