import { NavLink } from '../lib/router';
import { useGetBasketQuery } from '../lib/basket-api';
import { cx } from '../lib/cx';
import { BasketIcon } from './icons';
import { BASKET_LABEL } from './nav-items';

/**
 * The basket icon link. It carries a red dot marker unless the basket query failed
 * (spec section 2 and 8). Only rendered with a session, so the query never runs logged out.
 */
export function BasketLink({ onNavigate, withText = false }: { onNavigate?: () => void; withText?: boolean }) {
  // A refetch that failed (the connection dropped) keeps the basket it had: only no basket at all hides the dot.
  const { isError, data } = useGetBasketQuery();
  const failed = isError && !data;
  return (
    <NavLink
      to="/basket"
      end
      aria-label={withText ? undefined : BASKET_LABEL}
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
        {!failed && (
          <span
            data-testid="basket-marker"
            aria-hidden="true"
            className={cx(
              'absolute -right-1 -top-1 size-2.5 rounded-full bg-red-500 ring-2',
              withText ? 'ring-white' : 'ring-brand-900',
            )}
          />
        )}
      </span>
      {withText && <span className="font-medium">{BASKET_LABEL}</span>}
    </NavLink>
  );
}
