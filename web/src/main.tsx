import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { rehydrateSession } from './lib/session';
import { followSessionAcrossTabs } from './lib/base-api';
import './index.css';

const root = createRoot(document.getElementById('root')!);

// The persisted session is read before the first render (with the spec's 5000 ms guard), so a
// returning user is not bounced to /login for a moment.
void rehydrateSession().then((session) => {
  const store = createAppStore(session);
  followSessionAcrossTabs(store);
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
});
