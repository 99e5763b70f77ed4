import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { rehydrateSession } from './lib/session';
import { followConnection, followSessionAcrossTabs } from './lib/base-api';
import { nextTask } from './lib/next-task';
import './index.css';

const root = createRoot(document.getElementById('root')!);

// The persisted session is read before the first render (with the spec's 5000 ms guard), so a
// returning user is not bounced to /login for a moment. Start-up runs as three tasks, not one:
// the modules' evaluation; the store and the router (which starts fetching the first screen's
// chunk); the first render.
void rehydrateSession().then(async (session) => {
  await nextTask();
  const store = createAppStore(session);
  followSessionAcrossTabs(store);
  followConnection(store);
  const router = createAppRouter();
  await nextTask();
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
});
