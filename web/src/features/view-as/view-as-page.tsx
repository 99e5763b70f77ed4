import { useEffect, useState } from 'react';
import { PageHeading } from '../../components/page-heading';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import { useSearchParams } from '../../lib/router';
import { VIEW_AS_KEY, isViewAsTab } from '../../lib/view-as';
import type { ViewAsInfo } from './view-as-info';
import { VIEW_AS_REFRESH, fetchViewAsUser } from './view-as-api';

/**
 * Where the back office's "View as customer" lands, in a tab of its own: takes the view-as token
 * from the address's fragment (never sent to a server, removed from the address at once), asks whom
 * it is for, keeps the session in this tab's sessionStorage, and starts the portal afresh at Home.
 * `?ended` is where the tab goes when the session ends (`?ended=unconfirmed`: no back-office tab
 * confirmed it).
 */
/** The view-as session the address's fragment carries, read once when the page opens. */
function fromFragment(): { token: string; info: ViewAsInfo } | null {
  const fragment = new URLSearchParams(globalThis.location.hash.slice(1));
  const token = fragment.get('token');
  const info: ViewAsInfo = {
    id: fragment.get('id') ?? '',
    banner: fragment.get('banner') ?? '',
    expiresAt: fragment.get('expires') ?? '',
  };
  return token && info.id && info.banner ? { token, info } : null;
}

const NO_SESSION = 'This address has no view-as session. Start one from a user’s page in the back office.';

export function ViewAsPage() {
  const [params] = useSearchParams();
  const ended = params.get('ended');
  const [opening] = useState(fromFragment);
  const [error, setError] = useState<string | null>(() =>
    ended === null && !opening && !isViewAsTab() ? NO_SESSION : null,
  );

  useEffect(() => {
    if (ended !== null) return;
    globalThis.history.replaceState(globalThis.history.state, '', '/view-as');
    if (!opening) {
      if (isViewAsTab()) globalThis.location.replace('/');
      return;
    }
    let cancelled = false;
    void fetchViewAsUser(opening.token).then((answer) => {
      if (cancelled) return;
      if ('message' in answer) return setError(answer.message);
      try {
        sessionStorage.setItem(VIEW_AS_KEY, JSON.stringify(opening.info));
        sessionStorage.setItem(
          SESSION_STORAGE_KEY,
          JSON.stringify({ token: opening.token, refresh: VIEW_AS_REFRESH, user: answer.user }),
        );
      } catch {
        return setError('This browser refused to keep the session for this tab.');
      }
      // A fresh start, so the app reads its session from this tab's storage (lib/session.ts).
      globalThis.location.replace('/');
    });
    return () => {
      cancelled = true;
    };
  }, [ended, opening]);

  if (ended !== null) {
    return (
      <div className="mx-auto max-w-lg space-y-3">
        <PageHeading title="Viewing as has ended" />
        <p>
          {ended === 'unconfirmed'
            ? 'This tab has let the session go. No back-office tab confirmed the end: it stops by itself within 30 minutes of its start, or end it from the user’s page in the back office.'
            : 'The session is over and the audit log records it. You can close this tab.'}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg">
      <PageHeading title="View as customer" />
      {error ? <p role="alert">{error}</p> : <p role="status">Opening the customer’s portal…</p>}
    </div>
  );
}
