import { SHELL_MSG } from '@wholesale/contract';
import { createElement, useCallback, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../components/button';
import { Spinner } from '../components/spinner';
import { onConnectionBack, probeNow } from '../lib/connection';
import { createBrowserRouter, createMemoryRouter, useLocation, type Prepare } from '../lib/router';
import { nextTask } from '../lib/next-task';
import { focusWhenReady, screenHeading } from '../lib/focus';
import { Layout } from './layout';
import { RouteFocus } from './route-focus';
import { NotFoundPage } from './not-found-page';
import { PublicOnly, RequireSession } from './route-guards';

/**
 * Who may see a screen: visitors only (/login), anyone (/redirect), a session (the buyer's screens),
 * or staff: the back office under /staff, which brings its own layout, store and sign-in guard
 * (features/staff/staff-frame.tsx) and is never wrapped in the buyer's.
 */
type Access = 'visitor' | 'anyone' | 'session' | 'staff';

interface Screen {
  access: Access;
  load: () => Promise<ComponentType>;
}

/**
 * Route-level code splitting: each screen is its own chunk, loaded on first visit. The router
 * commits a navigation once the next screen's chunk is in (lib/router.tsx: `prepare`), so the
 * current screen stays until then, and nothing renders before the first one (the static shell in
 * index.html shows meanwhile).
 */
function screen<M>(access: Access, load: () => Promise<M>, name: keyof M): Screen {
  return { access, load: async () => (await load())[name] as ComponentType };
}

/** Spec section 2. Everything except /login, /redirect and /set-password (our addition) needs a session. */
const screens: Record<string, Screen> = {
  '/login': screen('visitor', () => import('../features/auth/login-page'), 'LoginPage'),
  '/redirect': screen('anyone', () => import('../features/auth/redirect-page'), 'RedirectPage'),
  '/set-password': screen('anyone', () => import('../features/auth/set-password-page'), 'SetPasswordPage'),
  // Forgotten password (the emailed link opens /set-password)
  '/forgot-password': screen('anyone', () => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  '/': screen('session', () => import('../features/home/home-page'), 'HomePage'),
  '/account': screen('session', () => import('../features/account/account-page'), 'AccountPage'),
  '/view-transaction': screen(
    'session',
    () => import('../features/account/view-transaction-page'),
    'ViewTransactionPage',
  ),
  '/open-orders': screen('session', () => import('../features/orders/open-orders-page'), 'OpenOrdersPage'),
  '/open-order-enquiry': screen(
    'session',
    () => import('../features/orders/open-order-enquiry-page'),
    'OpenOrderEnquiryPage',
  ),
  '/details': screen('session', () => import('../features/account/details-page'), 'DetailsPage'),
  '/change-password': screen('session', () => import('../features/account/change-password-page'), 'ChangePasswordPage'),
  '/basket': screen('session', () => import('../features/basket/basket-page'), 'BasketPage'),
  '/checkout/deliveryinformation': screen(
    'session',
    () => import('../features/checkout/delivery-information-page'),
    'DeliveryInformationPage',
  ),
  '/checkout/review-order': screen(
    'session',
    () => import('../features/checkout/review-order-page'),
    'ReviewOrderPage',
  ),
  '/products/search': screen('session', () => import('../features/products/search-page'), 'SearchPage'),
  '/quick-order': screen('session', () => import('../features/quick-order/quick-order-page'), 'QuickOrderPage'),
  // team accounts: the team (account admins) and the approvals queue (approvers, account admins)
  '/account/team': screen('session', () => import('../features/team/team-page'), 'TeamPage'),
  '/approvals': screen('session', () => import('../features/team/approvals-page'), 'ApprovalsPage'),
  // The buyer's tab opened by staff viewing as a customer: takes the token from the address.
  '/view-as': screen('anyone', () => import('../features/view-as/view-as-page'), 'ViewAsPage'),
  // The back office: every path under /staff; its own route table loads with it (features/staff/staff-app.tsx).
  '/staff': screen('staff', () => import('../features/staff/staff-app'), 'StaffApp'),
};

/** The screen at a path ('/basket/' is '/basket'); undefined for an unknown path. */
const screenAt = (pathname: string): Screen | undefined =>
  pathname.startsWith('/staff/')
    ? screens['/staff']
    : screens[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];

const loaded = new Map<Screen, ComponentType>();
const failures = new Map<Screen, unknown>();

/** Fetches the screen's chunk; answers whether it is in (a failure is kept for the screen to show). */
function loadScreen(target: Screen): Promise<boolean> {
  return target.load().then(
    async (component) => {
      loaded.set(target, component);
      failures.delete(target);
      await nextTask();
      return true;
    },
    (error: unknown) => {
      failures.set(target, error);
      return false;
    },
  );
}

/**
 * Loads the screen's chunk before its location is committed. The chunk's code has just run when
 * the import resolves; the screen then renders in a task of its own, so the two do not make one
 * long task that blocks input (Lighthouse's Total Blocking Time).
 */
const prepare: Prepare = (pathname) => {
  const target = screenAt(pathname);
  if (!target || loaded.has(target)) return undefined;
  return loadScreen(target);
};

/** The screen for the current location, behind its guard, in the layout (a staff screen: its own). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const target = screenAt(pathname);
  if (target?.access === 'staff') {
    return (
      <>
        <ScreenBody target={target} />
        <RouteFocus />
      </>
    );
  }
  return (
    <Layout>
      <CurrentScreen />
    </Layout>
  );
}

function CurrentScreen() {
  const { pathname } = useLocation();
  const target = screenAt(pathname);
  if (!target) {
    return (
      <Guard access="session">
        <NotFoundPage />
      </Guard>
    );
  }
  return (
    <Guard access={target.access}>
      <ScreenBody target={target} />
    </Guard>
  );
}

function Guard({ access, children }: { access: Access; children: ReactNode }) {
  if (access === 'visitor') return <PublicOnly>{children}</PublicOnly>;
  if (access === 'session') return <RequireSession>{children}</RequireSession>;
  // 'anyone'; 'staff' screens never come here (AppRoutes), they guard themselves.
  return children;
}

function ScreenBody({ target }: { target: Screen }) {
  const [, onLoaded] = useReducer((n: number) => n + 1, 0);
  const Component = loaded.get(target);
  // Its chunk failed to load: wait for the connection and load it then (or show why not).
  if (!Component) return <ScreenWaiting target={target} onLoaded={onLoaded} />;
  // Loaded once per screen and kept: the same component on every render.
  return createElement(Component);
}

/**
 * Fetches a screen's chunk again: 'loaded'; or, when it does not come, asks the server whether it
 * can be reached: 'offline' when not (the connection dropped), else one more try, then 'broken'.
 */
async function retryScreen(target: Screen): Promise<'loaded' | 'offline' | 'broken'> {
  if (await loadScreen(target)) return 'loaded';
  if (!(await probeNow())) return 'offline';
  return (await loadScreen(target)) ? 'loaded' : 'broken';
}

/**
 * A screen whose chunk could not be fetched. When the server cannot be reached either, the
 * connection dropped: say so (lib/connection's notice says it too) and load the chunk as soon as the
 * connection is back, or at once on Try again. When the server answers but the chunk still does not
 * come (a deploy replaced it), the layout's error boundary shows the spec's failure message.
 */
function ScreenWaiting({ target, onLoaded }: { target: Screen; onLoaded: () => void }) {
  const [broken, setBroken] = useState(false);
  // Starts busy: the first attempt runs at once.
  const [trying, setTrying] = useState(true);

  const attempt = useCallback(() => {
    void retryScreen(target).then((outcome) => {
      if (outcome === 'loaded') {
        onLoaded();
        // The screen replaces this panel, Try again and all: its heading gets the focus a page load
        // gives, unless the buyer has put focus somewhere else meanwhile.
        focusWhenReady(
          () => {
            const heading = screenHeading();
            return heading?.textContent === SHELL_MSG.screenWaitingTitle ? null : heading;
          },
          { onlyIfLost: true },
        );
      } else if (outcome === 'broken') setBroken(true);
      else setTrying(false);
    });
  }, [target, onLoaded]);

  useEffect(() => {
    const stop = onConnectionBack(() => {
      setTrying(true);
      attempt();
    });
    attempt();
    return stop;
  }, [attempt]);

  if (broken) throw failures.get(target) ?? new Error('The screen could not be loaded');
  return (
    <div className="mx-auto my-12 max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-brand-900">{SHELL_MSG.screenWaitingTitle}</h1>
      <p className="mt-3 text-slate-700">{SHELL_MSG.screenWaiting}</p>
      <Button
        className="mt-5"
        variant="secondary"
        disabled={trying}
        onClick={() => {
          setTrying(true);
          attempt();
        }}
      >
        {trying && <Spinner decorative size="sm" />}
        {SHELL_MSG.tryAgain}
      </Button>
    </div>
  );
}

export function createAppRouter() {
  return createBrowserRouter(prepare);
}

/** For tests: the same routes in memory, starting at `path`. */
export function createTestRouter(path = '/') {
  return createMemoryRouter(prepare, path);
}

export type { AppRouter } from '../lib/router';
