import { MSG, formatMoney, formatPercent, formatUnitPrice, type OpenOrderLine } from '@wholesale/contract';

/**
 * One line of an order or invoice. Open order lines carry every field; invoice lines have no
 * quantityShipped or location, which then show as blank.
 */
export type DocumentLine = Pick<
  OpenOrderLine,
  'type' | 'itemNo' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'lineDiscount' | 'total'
> &
  Partial<Pick<OpenOrderLine, 'quantityShipped' | 'location'>>;

/**
 * The document's totals as the server holds them: before VAT (what the lines add to), the VAT, and
 * with VAT. Open Order Enquiry and View Transaction pass the same three, labelled the same.
 */
export interface DocumentTotals {
  net: number;
  vat: number;
  gross: number;
}

export interface DocumentLinesTableProps {
  lines: DocumentLine[];
  currencySymbol: string;
  /** Shown under the lines: 'Total excl. VAT', 'VAT', 'Total incl. VAT' (the PDFs' labels too). */
  totals: DocumentTotals;
  /** Accessible name of the table; default 'Order lines'. */
  caption?: string;
}

const blank = (v: string | number | undefined | null) => (v === undefined || v === null || v === '' ? '' : String(v));

/**
 * The lines of Open Order Enquiry and View Transaction (spec section 2): columns Item, No.,
 * Description, Qty, Qty Shipped, Location, Unit, Unit Price, Disc %, Total; a card per line on
 * small screens; the item count and the named totals under them (the spec's single "grand total"
 * showed the invoice total with VAT under lines that add up to the amount before it: see
 * docs/spec-deviations.md). Plain props, no data fetching.
 */
export function DocumentLinesTable({
  lines,
  currencySymbol,
  totals,
  caption = 'Order lines',
}: DocumentLinesTableProps) {
  const money = (n: number) => formatMoney(n, currencySymbol);
  const price = (n: number) => formatUnitPrice(n, currencySymbol);
  const count = `${lines.length} ${lines.length === 1 ? 'item' : 'items'}`;
  const num = 'px-3 py-2 text-right tabular-nums';
  const head = 'px-3 py-2 whitespace-nowrap';
  const headNum = `${head} text-right`;
  const txt = 'px-3 py-2';

  return (
    <section aria-label={caption} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className={head}>
                Item
              </th>
              <th scope="col" className={head}>
                No.
              </th>
              <th scope="col" className={head}>
                Description
              </th>
              <th scope="col" className={headNum}>
                Qty
              </th>
              <th scope="col" className={headNum}>
                Qty Shipped
              </th>
              <th scope="col" className={head}>
                Location
              </th>
              <th scope="col" className={head}>
                Unit
              </th>
              <th scope="col" className={headNum}>
                Unit Price
              </th>
              <th scope="col" className={headNum}>
                Disc %
              </th>
              <th scope="col" className={headNum}>
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((l, i) => (
              <tr key={`${l.itemNo}-${i}`} className="even:bg-slate-50/60">
                <td className={txt}>{l.type}</td>
                <td className={`${txt} font-medium whitespace-nowrap text-slate-900`}>{l.itemNo}</td>
                <td className={txt}>{l.description}</td>
                <td className={num}>{l.quantity}</td>
                <td className={num}>{blank(l.quantityShipped)}</td>
                <td className={txt}>{blank(l.location)}</td>
                <td className={txt}>{l.unit}</td>
                <td className={num}>{price(l.unitPrice)}</td>
                <td className={num}>{formatPercent(l.lineDiscount)}</td>
                <td className={`${num} font-medium text-slate-900`}>{money(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-slate-200 md:hidden" aria-label={caption}>
        {lines.map((l, i) => (
          <li key={`${l.itemNo}-${i}`} className="p-4">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-slate-900">{l.itemNo}</p>
                <p className="text-sm text-slate-700">{l.description}</p>
              </div>
              <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{money(l.total)}</p>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {(
                [
                  ['Type', l.type],
                  ['Qty', String(l.quantity)],
                  ['Qty Shipped', blank(l.quantityShipped)],
                  ['Location', blank(l.location)],
                  ['Unit', l.unit],
                  ['Unit Price', price(l.unitPrice)],
                  ['Disc %', formatPercent(l.lineDiscount)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>

      <div className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-200 px-4 py-3">
        <p className="text-sm text-slate-700">{count}</p>
        <dl className="w-full max-w-xs space-y-1 text-sm sm:w-72">
          {(
            [
              [MSG.totalExclVat, totals.net],
              ['VAT', totals.vat],
              [MSG.totalInclVat, totals.gross],
            ] as const
          ).map(([label, value], i) => (
            <div
              key={label}
              className={
                i === 2
                  ? 'flex justify-between gap-4 border-t border-slate-200 pt-1 text-base font-semibold text-slate-900'
                  : 'flex justify-between gap-4 text-slate-900'
              }
            >
              <dt className={i === 2 ? undefined : 'text-slate-700'}>{label}</dt>
              <dd className="tabular-nums">{money(value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
