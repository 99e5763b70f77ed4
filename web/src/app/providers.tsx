import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Provider } from 'react-redux';
import { importWhenConnected } from '../lib/connection';
import type { AppStore } from './store';
import { RenderFailure } from './render-failure';

// react-toastify is its own chunk, fetched right after start-up instead of being part of the initial
// JS. toast() calls made before the container is mounted are queued by react-toastify and shown then.
// Offline, it comes once the connection is back rather than failing (lib/connection).
const Toasts = lazy(async () => ({ default: (await importWhenConnected(() => import('./toasts'))).Toasts }));

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={RenderFailure}>
      <Provider store={store}>
        {children}
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </Provider>
    </ErrorBoundary>
  );
}
