/**
 * A tab that staff opened to view the portal as a customer user (the back office's "View as
 * customer"). What marks it lives in this tab's sessionStorage only: the buyer's session of such a tab
 * is kept there too (lib/session.ts `browserStorage`), never in localStorage, so it neither reaches
 * nor takes over any other tab, and it ends with the tab.
 */
export const VIEW_AS_KEY = 'wholesale-portal.view-as';

/**
 * The back office and its view-as tabs talk on this channel (same origin): a view-as tab holds only
 * the customer token, so its End asks the back office's tab, which holds the staff sign-in, to end the
 * session on the server ({ type: 'end', id }), and hears back ({ type: 'ended', id }).
 */
export const VIEW_AS_CHANNEL = 'wholesale-portal.view-as';

/** This tab views as a customer (features/view-as/view-as-info.ts reads what it stored). */
export function isViewAsTab(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(VIEW_AS_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * What the server refused while viewing as (a 403 with its reason: card payments, password changes,
 * My Details, or any write when read-only): lib/base-api reports each, and the banner shows the
 * latest, so a refusal reads the server's words whatever the screen says.
 */
let refusalListener: ((message: string) => void) | null = null;
export function onViewAsRefusal(listener: ((message: string) => void) | null): void {
  refusalListener = listener;
}
export function reportViewAsRefusal(data: unknown): void {
  const message = (data as { message?: unknown } | null)?.message;
  if (refusalListener && typeof message === 'string') refusalListener(message);
}
