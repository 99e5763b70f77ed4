import { SHELL_MSG } from '@wholesale/contract';
import { useEffect, useState } from 'react';
import { onConnectionBack, useConnectionDropped } from '../lib/connection';

/** How long "The connection is back." stays after the connection returns. */
const BACK_NOTICE_MS = 5_000;

/**
 * Says that the connection dropped (and, for a moment, that it is back), in a polite live region
 * that is always in the page so that screen readers announce the change. It sits in the flow at the
 * top of the main area: it covers no control, and what the screen showed stays under it.
 */
export function ConnectionNotice() {
  const dropped = useConnectionDropped();
  const [back, setBack] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onConnectionBack(() => {
      setBack(true);
      clearTimeout(timer);
      timer = setTimeout(() => setBack(false), BACK_NOTICE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, []);

  return (
    <div aria-live="polite" aria-atomic="true">
      {dropped && (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
          {SHELL_MSG.connectionDropped}
        </p>
      )}
      {!dropped && back && (
        <p className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          {SHELL_MSG.connectionBack}
        </p>
      )}
    </div>
  );
}
