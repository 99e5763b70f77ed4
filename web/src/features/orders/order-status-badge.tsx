import { cx } from '../../lib/cx';

const colours: Record<string, string> = {
  Open: 'bg-sky-100 text-sky-900 ring-sky-300',
  'In Progress': 'bg-amber-100 text-amber-900 ring-amber-300',
  Shipped: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  Cancelled: 'bg-slate-200 text-slate-800 ring-slate-300',
  'Awaiting approval': 'bg-violet-100 text-violet-900 ring-violet-300',
  'Approved – awaiting payment': 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  Declined: 'bg-red-100 text-red-900 ring-red-300',
  Withdrawn: 'bg-slate-200 text-slate-800 ring-slate-300',
};

/** An order status as a coloured badge (section 4); unknown statuses are grey. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        colours[status] ?? 'bg-slate-100 text-slate-800 ring-slate-300',
      )}
    >
      {status}
    </span>
  );
}
