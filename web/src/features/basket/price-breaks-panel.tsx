import { MSG, QUICK_MSG, formatMoney, formatUnitPrice, type PriceBreakLine } from '@wholesale/contract';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { useRef } from 'react';
import { focusWhenReady } from '../../lib/focus';
import { useGetBasketPriceBreaksQuery, useUpdateBasketLineMutation } from './basket-api';
import { focusLineAction } from './line-focus';

function Nudge({ line, symbol }: { line: PriceBreakLine; symbol: string }) {
  const [update, state] = useUpdateBasketLineMutation();
  const next = line.nextBreak;
  const button = useRef<HTMLButtonElement>(null);
  // The button is disabled while the line changes and goes (or changes) after: focus goes to the
  // line's own row in the basket (its Edit button), or back to the button when the change failed.
  const moveTo = async (quantity: number) => {
    try {
      await update({ lineNumber: line.lineNumber, quantity }).unwrap();
      toast.success(MSG.updatedLine(line.itemNumber));
      focusLineAction(line.lineNumber);
    } catch {
      toast.error(MSG.updateLineFailed(line.itemNumber));
      focusWhenReady(() => (button.current && !button.current.disabled ? button.current : null));
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">{line.itemNumber}</p>
        {next && (
          <p className="text-emerald-900">
            {QUICK_MSG.nextBreak(
              next.addQuantity,
              formatUnitPrice(next.unitPrice, symbol),
              formatMoney(next.saving, symbol),
              formatMoney(next.extraCost, symbol),
            )}
          </p>
        )}
        {line.priceChange && (
          <p className="text-amber-900">
            {QUICK_MSG.priceChanged(
              line.priceChange.orderNumber,
              formatUnitPrice(line.priceChange.oldUnitPrice, symbol),
              formatUnitPrice(line.priceChange.newUnitPrice, symbol),
            )}
          </p>
        )}
      </div>
      {next && (
        <Button ref={button} variant="secondary" disabled={state.isLoading} onClick={() => void moveTo(next.quantity)}>
          {QUICK_MSG.moveToBreak(next.quantity, line.itemNumber)}
        </Button>
      )}
    </li>
  );
}

/**
 * Price-break nudges under the basket lines: each line's next multi-buy break with one
 * action to move to it, lines whose price changed since the order they were copied from, and the
 * savings already won. Every figure is the server's; nothing shows when there is nothing to say.
 */
export function PriceBreaksPanel({ symbol }: { symbol: string }) {
  const { data } = useGetBasketPriceBreaksQuery();
  const lines = (data?.lines ?? []).filter((l) => l.nextBreak || l.priceChange);
  if (!data || (lines.length === 0 && data.totalSavings === 0)) return null;
  return (
    <section
      aria-labelledby="price-breaks-title"
      className="mt-6 rounded-xl border border-emerald-200 bg-white px-5 py-4 shadow-sm"
    >
      <h2 id="price-breaks-title" className="text-lg font-semibold text-brand-900">
        Multi-buy offers
      </h2>
      {data.totalSavings > 0 && (
        <p className="mt-2 flex justify-between gap-4 text-sm font-medium text-emerald-900">
          <span>{QUICK_MSG.savingsWon}</span>
          <span className="tabular-nums">{formatMoney(data.totalSavings, symbol)}</span>
        </p>
      )}
      {lines.length > 0 && (
        <ul className="mt-1 divide-y divide-slate-200" aria-label="Offers and price changes by line">
          {lines.map((l) => (
            <Nudge key={l.lineNumber} line={l} symbol={symbol} />
          ))}
        </ul>
      )}
    </section>
  );
}
