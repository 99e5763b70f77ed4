import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@wholesale/contract';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import type { AppStore } from './store';
import { RenderFailure } from './render-failure';

/** The one toast container (spec section 2): bottom-right, at most 2, no progress bar, click to close, coloured, 5 s. */
export function Toasts() {
  return (
    <ToastContainer
      position="bottom-right"
      limit={TOAST_LIMIT}
      hideProgressBar
      closeOnClick
      theme="colored"
      autoClose={TOAST_AUTO_CLOSE_MS}
    />
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={RenderFailure}>
      <Provider store={store}>
        {children}
        <Toasts />
      </Provider>
    </ErrorBoundary>
  );
}
