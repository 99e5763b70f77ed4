import { MSG, formatMoney, type BasketSummary } from '@wholesale/contract';

/** The basket's Amount, VAT and Total incl. VAT (Order Summary on the basket and on Review Order); '—' until known. */
export function BasketTotals({ summary, symbol }: { summary: BasketSummary | undefined; symbol: string }) {
  const value = (n: number | undefined) => (n === undefined ? '—' : formatMoney(n, symbol));
  return (
    <dl className="mt-3 space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-slate-700">Amount</dt>
        <dd className="tabular-nums">{value(summary?.amount)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-700">VAT</dt>
        <dd className="tabular-nums">{value(summary?.totalVAT)}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
        <dt>{MSG.totalInclVat}</dt>
        <dd className="tabular-nums">{value(summary?.totalAmount)}</dd>
      </div>
    </dl>
  );
}
