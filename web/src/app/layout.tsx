import { ErrorBoundary } from 'react-error-boundary';
import { lazy, Suspense, type ReactNode } from 'react';
import { importWhenConnected } from '../lib/connection';
import { isViewAsTab } from '../lib/view-as';
import { ScrollRestoration, useLocation, type Location } from '../lib/router';
import { ConnectionNotice } from './connection-notice';
import { Header } from './header';
import { RenderFailure } from './render-failure';
import { RouteFocus } from './route-focus';

/**
 * The footer is below the fold on first view (the main area is a screen tall), so it loads after
 * start-up as a chunk of its own, out of the initial JS (the size budget, Lighthouse).
 */
const Footer = lazy(async () => ({ default: (await importWhenConnected(() => import('./footer'))).Footer }));

/** Only a tab viewing as a customer loads the banner that says so (its own chunk). */
const ViewAsBanner = lazy(async () => ({
  default: (await importWhenConnected(() => import('../features/view-as/view-as-banner'))).ViewAsBanner,
}));

/**
 * The main area is at least a screen tall, so the footer starts below the fold on first view: the
 * screen's content (a lazy chunk) and the footer's settings arrive after the first paint, and a
 * footer in view would be pushed down by them (most of the pages' layout shift, per Lighthouse).
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname, key } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 focus:not-sr-only focus:absolute focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      {isViewAsTab() && (
        <Suspense fallback={null}>
          <ViewAsBanner />
        </Suspense>
      )}
      <Header />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-svh w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
      >
        <ConnectionNotice />
        {/* resetKeys: any navigation (each has its own key), to another screen or to the failed
            one again, renders the screen afresh: a chunk that failed to load is asked for again. */}
        <ErrorBoundary FallbackComponent={RenderFailure} resetKeys={[pathname, key]}>
          {children}
        </ErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <RouteFocus />
      {/* By history entry; a freshly loaded page's entry is keyed by its path, as every first entry
          has the same key ("default") and would scroll a new page to where another page loaded in
          this tab was left. */}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

const scrollKey = (l: Location) => (l.key === 'default' ? l.pathname : l.key);
