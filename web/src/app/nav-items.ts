import { SHELL_MSG, ORDERING_ROLES } from '@wholesale/contract';
import { may, selectUser } from '../lib/session';
import { useAppSelector } from '../lib/store-types';

/**
 * The page links shared by the desktop header, the mobile menu and the footer (Log Out is a button).
 * Quick Order, last, is ordering: only the roles that may order see it (its screen says no to the others).
 */
const NAV_ITEMS = [
  { to: '/account', label: 'My Account' },
  { to: '/details', label: 'My Details' },
  { to: '/open-orders', label: 'Open Orders' },
  { to: '/products/search', label: 'Order Products' },
  { to: '/quick-order', label: 'Quick Order' },
] as const;

/** The links the signed-in user's role may use. */
export function useNavItems() {
  return may(useAppSelector(selectUser), ORDERING_ROLES) ? NAV_ITEMS : NAV_ITEMS.slice(0, -1);
}

export const BASKET_LABEL = 'My Basket';

export const basketLinkName = SHELL_MSG.basketLinkName;

/** Builds a link under the public company site, tolerating a trailing slash in the setting. */
export function companySitePath(companySiteUrl: string, path: string): string {
  return `${companySiteUrl.replace(/\/+$/, '')}${path}`;
}
