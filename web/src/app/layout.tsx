import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { Footer } from './footer';
import { Header } from './header';
import { RenderFailure } from './render-failure';

function PageLoading() {
  return (
    <div className="flex justify-center py-24 text-brand-700">
      <Spinner label="Loading page" size="lg" />
    </div>
  );
}

export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 focus:not-sr-only focus:absolute focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <Header />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
      >
        {/* resetKeys: navigating away from a failed screen renders the next one normally. */}
        <ErrorBoundary FallbackComponent={RenderFailure} resetKeys={[pathname]}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
