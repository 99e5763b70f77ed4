import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { RenderFailure } from './render-failure';

// react-toastify is its own chunk, fetched right after start-up instead of being part of the initial
// JS. toast() calls made before the container is mounted are queued by react-toastify and shown then.
const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

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
