import { useEffect, useState } from 'react';
import { SESSION_STORAGE_KEY, selectIsLoggedIn } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { VIEW_AS_KEY, onViewAsRefusal } from '../../lib/view-as';
import { viewAsInfo } from './view-as-info';
import { askBackOfficeToEnd, endViewAsHere } from './view-as-api';

/** Clears this tab's view-as session and says it ended; the tab closes when the browser lets it. */
function finish(confirmed: boolean) {
  try {
    sessionStorage.removeItem(VIEW_AS_KEY);
    sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing kept: nothing to clear.
  }
  globalThis.location.replace(confirmed ? '/view-as?ended' : '/view-as?ended=unconfirmed');
  if (confirmed) globalThis.close();
}

/**
 * On every buyer screen of a view-as tab: "Viewing as {name} ({account}) for {staff} — End". End ends
 * the session on the server (the buyer's Log Out with the view-as token; failing that, the back
 * office's tab is asked to), then here. When the server ends it first (30 minutes, or staff ended it), the app logs out and this
 * ends the tab's view-as too.
 */
export function ViewAsBanner() {
  const info = viewAsInfo();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const token = useAppSelector((s) => s.session.token);
  const [ending, setEnding] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    if (!loggedIn) finish(true);
  }, [loggedIn]);
  useEffect(() => {
    onViewAsRefusal(setRefused);
    return () => onViewAsRefusal(null);
  }, []);

  if (!info) return null;
  return (
    <div role="region" aria-label="Viewing as a customer" className="bg-purple-800 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p className="font-medium">
          {info.banner} <span aria-hidden="true">—</span>
        </p>
        <button
          type="button"
          disabled={ending}
          className="rounded-md border border-white px-3 py-1 font-semibold hover:bg-purple-700"
          onClick={() => {
            setEnding(true);
            void endViewAsHere(token)
              .then((ended) => ended || askBackOfficeToEnd(info.id))
              .then(finish);
          }}
        >
          End
        </button>
      </div>
      <p role="alert" className={refused ? 'bg-purple-100 px-4 py-2 text-center text-sm text-purple-950' : 'sr-only'}>
        {refused && `Refused: ${refused}`}
      </p>
    </div>
  );
}
