import { DELIVERY_MSG, type LinePromise } from '@wholesale/contract';
import { cx } from '../lib/cx';

const TONE: Record<LinePromise['status'], string> = {
  inStock: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  part: 'bg-amber-50 text-amber-900 ring-amber-200',
  due: 'bg-slate-100 text-slate-800 ring-slate-300',
};

/** One line's promise as the server worded it ("In stock", "6 now, 4 due 12 Dec", "Due 12 Dec", "No date yet"). */
export function DeliveryPromisePill({ promise }: { promise: LinePromise }) {
  return (
    <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', TONE[promise.status])}>
      {promise.text}
    </span>
  );
}

/**
 * A basket line's promise under its description (the basket's rows and cards, Review Order's lines):
 * nothing until it has loaded. Screen readers hear "Delivery: In stock" after the description, so
 * the row's or card's text reads as one sentence without a column of its own.
 */
export function LineDeliveryPromise({ promise }: { promise: LinePromise | undefined }) {
  if (!promise) return null;
  return (
    <span className="mt-1.5 block" data-line-promise={promise.lineNumber}>
      <span className="sr-only"> {DELIVERY_MSG.lineLabel}: </span>
      <DeliveryPromisePill promise={promise} />
    </span>
  );
}

/**
 * Each line's delivery promise in a list of its own: Open Order Enquiry, whose lines are the
 * quantities still to send, not the order's lines.
 */
export function DeliveryPromiseList({ lines, label }: { lines: readonly LinePromise[]; label: string }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label={label}>
      {lines.map((l) => (
        <li key={l.lineNumber} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm">
          <span className="min-w-0">
            <span className="font-semibold text-slate-900">{l.itemNumber}</span>
            <span className="text-slate-700"> × {l.quantity}</span>
          </span>
          <DeliveryPromisePill promise={l} />
        </li>
      ))}
    </ul>
  );
}
