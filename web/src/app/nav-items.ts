import { MSG } from '@wholesale/contract';

/** The page links shared by the desktop header, the mobile menu and the footer (Log Out is a button). */
export const NAV_ITEMS = [
  { to: '/account', label: 'My Account' },
  { to: '/details', label: 'My Details' },
  { to: '/open-orders', label: 'Open Orders' },
  { to: '/products/search', label: 'Order Products' },
  { to: '/quick-order', label: 'Quick Order' },
] as const;

export const BASKET_LABEL = 'My Basket';

export const basketLinkName = MSG.basketLinkName;

/** Builds a link under the public company site, tolerating a trailing slash in the setting. */
export function companySitePath(companySiteUrl: string, path: string): string {
  return `${companySiteUrl.replace(/\/+$/, '')}${path}`;
}
