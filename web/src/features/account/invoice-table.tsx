import { formatMoney, type Invoice } from '@wholesale/contract';
import { Link } from '../../lib/router';
import { cx } from '../../lib/cx';

const viewLink = (i: Invoice) => `/view-transaction?invoice=${encodeURIComponent(i.documentNumber)}`;

function OverdueBadge() {
  return <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Overdue</span>;
}

function SelectBox({
  invoice,
  checked,
  onToggle,
}: {
  invoice: Invoice;
  checked: boolean;
  onToggle: ((i: Invoice) => void) | undefined;
}) {
  // No onToggle: the user's role does not pay invoices, so nothing is selectable.
  if (!onToggle) return null;
  if (!invoice.isPayable) return <span className="sr-only">Not payable</span>;
  return (
    <input
      type="checkbox"
      className="size-5 rounded border-slate-400 accent-brand-700"
      checked={checked}
      onChange={() => onToggle(invoice)}
      aria-label={`Select ${invoice.documentType} ${invoice.documentNumber}`}
    />
  );
}

/**
 * The open invoices, each selectable when it can be paid online (a table on wide screens, cards on
 * phones); without `onToggle` (a role that does not pay invoices) none is.
 */
export function InvoiceTable({
  invoices,
  selected,
  onToggle,
  symbol,
}: {
  invoices: Invoice[];
  selected: string[];
  onToggle?: ((i: Invoice) => void) | undefined;
  symbol: string;
}) {
  const money = (n: number) => formatMoney(n, symbol);
  return (
    <>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Open invoices</caption>
          <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              {onToggle && (
                <th scope="col" className="w-12 px-3 py-3">
                  <span className="sr-only">Select</span>
                </th>
              )}
              <th scope="col" className="px-3 py-3">
                Document No.
              </th>
              <th scope="col" className="px-3 py-3">
                Type
              </th>
              <th scope="col" className="px-3 py-3">
                Posting Date
              </th>
              <th scope="col" className="px-3 py-3">
                Due Date
              </th>
              <th scope="col" className="px-3 py-3">
                Reference
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Original Amount
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Remaining Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoices.map((i) => {
              const isSelected = selected.includes(i.documentNumber);
              return (
                <tr key={i.documentNumber} className={cx(isSelected && 'bg-brand-50')}>
                  {onToggle && (
                    <td className="px-3 py-2">
                      <SelectBox invoice={i} checked={isSelected} onToggle={onToggle} />
                    </td>
                  )}
                  <td className="px-3 py-2 font-medium">
                    <Link to={viewLink(i)} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                      {i.documentNumber}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{i.documentType}</td>
                  <td className="px-3 py-2">{i.postingDate}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {i.dueDate}
                    {i.isOverdue && <OverdueBadge />}
                  </td>
                  <td className="px-3 py-2">{i.reference}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(i.originalAmount)}</td>
                  <td className="px-3 py-2 text-right font-semibold tabular-nums">{money(i.remainingAmount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {/* Small screens: one card per invoice. */}
      <ul className="space-y-3 md:hidden" aria-label="Open invoices">
        {invoices.map((i) => {
          const isSelected = selected.includes(i.documentNumber);
          return (
            <li
              key={i.documentNumber}
              className={cx(
                'rounded-xl border bg-white p-4 shadow-sm',
                isSelected ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <div>
                  <Link to={viewLink(i)} className="font-semibold text-brand-700 underline underline-offset-2">
                    {i.documentNumber}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {i.documentType}
                    {i.reference && ` · ${i.reference}`}
                  </p>
                </div>
                <SelectBox invoice={i} checked={isSelected} onToggle={onToggle} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">Posting Date</dt>
                <dd className="text-right">{i.postingDate}</dd>
                <dt className="text-slate-600">Due Date</dt>
                <dd className="text-right">
                  {i.dueDate}
                  {i.isOverdue && <OverdueBadge />}
                </dd>
                <dt className="text-slate-600">Original Amount</dt>
                <dd className="text-right tabular-nums">{money(i.originalAmount)}</dd>
                <dt className="text-slate-600">Remaining Amount</dt>
                <dd className="text-right font-semibold tabular-nums">{money(i.remainingAmount)}</dd>
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
