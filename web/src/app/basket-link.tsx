import { NavLink } from '../lib/router';
import { useGetBasketQuery } from '../features/basket/basket-api';
import { cx } from '../lib/cx';
import { BasketIcon } from './icons';
import { BASKET_LABEL, basketLinkName } from './nav-items';

/**
 * The basket icon link. Its marker (the spec's red dot) carries the number of basket lines, the
 * carriage line not counted, and is gone when the basket is empty or its query failed (spec sections
 * 2 and 8); the link's name says the number too ("My Basket, 3 lines"). Only rendered with a session,
 * so the query never runs logged out.
 */
export function BasketLink({ onNavigate, withText = false }: { onNavigate?: () => void; withText?: boolean }) {
  // A refetch that failed (the connection dropped) keeps the basket it had: only no basket at all hides the dot.
  const { isError, data } = useGetBasketQuery();
  const failed = isError && !data;
  const lines = failed ? 0 : (data?.basketLines.length ?? 0);
  return (
    <NavLink
      to="/basket"
      end
      aria-label={basketLinkName(lines)}
      onClick={onNavigate}
      className={({ isActive }) =>
        cx(
          'relative inline-flex items-center gap-2 rounded-md',
          isActive && 'underline decoration-2 underline-offset-8',
          withText ? 'w-full px-3 py-2.5 text-slate-900 hover:bg-slate-100' : 'p-2 text-white hover:bg-white/10',
          isActive && !withText && 'bg-white/10',
        )
      }
    >
      <span className="relative">
        <BasketIcon />
        {lines > 0 && (
          <span
            data-testid="basket-marker"
            aria-hidden="true"
            className={cx(
              'absolute -right-2 -top-2 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-none font-bold text-white ring-2',
              withText ? 'ring-white' : 'ring-brand-900',
            )}
          >
            {lines > 99 ? '99+' : lines}
          </span>
        )}
      </span>
      {withText && <span className="font-medium">{BASKET_LABEL}</span>}
    </NavLink>
  );
}
