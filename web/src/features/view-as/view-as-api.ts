import { pathOf, routes, type User } from '@wholesale/contract';
import { VIEW_AS_CHANNEL } from '../../lib/view-as';

/**
 * A view-as session has no refresh token: when its token expires (30 minutes at most) the refresh
 * the app tries is refused and the session ends. This stands in the stored session's refresh slot.
 */
export const VIEW_AS_REFRESH = 'view-as';

/** The customer user the view-as token is for; or the server's refusal. */
export async function fetchViewAsUser(token: string): Promise<{ user: User } | { message: string }> {
  try {
    const res = await fetch(`${globalThis.location.origin}${pathOf(routes.getCurrentUser)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as User & { message?: string };
    if (!res.ok) return { message: body.message ?? 'The view-as session could not be opened.' };
    return { user: body };
  } catch {
    return { message: 'The portal could not be reached. Try again.' };
  }
}

/**
 * Ends the view-as session on the server from this tab: the buyer's Log Out with the view-as token
 * ends it (audited) rather than logging anyone out. Answers whether the server did.
 */
export async function endViewAsHere(token: string | null): Promise<boolean> {
  if (!token) return false;
  try {
    const res = await fetch(`${globalThis.location.origin}${pathOf(routes.logout)}`, {
      method: routes.logout.method,
      headers: { Authorization: `Bearer ${token}` },
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * When this tab could not end it (no answer): asks the back office's tab to end the session; resolves true when it says it did,
 * false when no back-office tab answered in time (the session then stops when it expires).
 */
export function askBackOfficeToEnd(id: string, waitMs = 4000): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  const channel = new BroadcastChannel(VIEW_AS_CHANNEL);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), waitMs);
    function done(ok: boolean) {
      clearTimeout(timer);
      channel.close();
      resolve(ok);
    }
    channel.onmessage = (e: MessageEvent<{ type?: string; id?: string }>) => {
      if (e.data.type === 'ended' && e.data.id === id) done(true);
    };
    channel.postMessage({ type: 'end', id });
  });
}
