import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { rehydrateSession } from './lib/session';
import { followConnection, followSessionAcrossTabs } from './lib/base-api';
import type { AppRouter } from './lib/router';
import { nextTask } from './lib/next-task';
import './index.css';

const root = createRoot(document.getElementById('root')!);

/** Resolves once the router's first location is ready (its screen's chunk is in, or failed). */
const firstScreenReady = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.ready) return resolve();
    const stop = router.subscribe(() => {
      if (!router.state.ready) return;
      stop();
      resolve();
    });
  });

// The persisted session is read before the first render (with the spec's 5000 ms guard), so a
// returning user is not bounced to /login for a moment. Start-up runs as several tasks, not one:
// the modules' evaluation; the store and the router (which starts fetching the first screen's
// chunk); the first render, once that screen is in. The first render is a transition: React renders
// the whole tree (layout, header and screen) in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task (Lighthouse's Total Blocking Time). The
// static shell (index.html) shows until it commits.
void rehydrateSession().then(async (session) => {
  await nextTask();
  const store = createAppStore(session);
  followSessionAcrossTabs(store);
  followConnection(store);
  const router = createAppRouter();
  await firstScreenReady(router);
  await nextTask();
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    );
  });
});
