import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/app';
import { createTestRouter } from '../app/router';
import { createAppStore } from '../app/store';
import { emptySession, type SessionState } from '../lib/session';

/** The whole app (store, router, providers) in memory, starting at `path`. */
export function renderApp(path = '/', { session = emptySession }: { session?: SessionState } = {}) {
  const store = createAppStore(session);
  const router = createTestRouter(path);
  const user = userEvent.setup();
  const view = render(<App store={store} router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, store, router, user, location };
}
