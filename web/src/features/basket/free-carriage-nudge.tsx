import { BASKET_MSG, formatMoney } from '@wholesale/contract';
import { useGetBasketPriceBreaksQuery } from './basket-api';

/**
 * "Spend £X more for free delivery" when the account has a free-carriage
 * threshold the basket has not reached; the server decides (never on stop, nothing when free).
 */
export function FreeCarriageNudge({ symbol }: { symbol: string }) {
  const { data } = useGetBasketPriceBreaksQuery();
  const free = data?.freeCarriage;
  if (!free) return null;
  return (
    <p
      className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
      data-testid="free-carriage-nudge"
    >
      {BASKET_MSG.freeCarriageNudge(formatMoney(free.spendMore, symbol))}
    </p>
  );
}
