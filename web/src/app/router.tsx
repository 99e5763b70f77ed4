import { createElement, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, useLocation, type Prepare } from '../lib/router';
import { nextTask } from '../lib/next-task';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { PublicOnly, RequireSession } from './route-guards';

/** Who may see a screen: visitors only (/login), anyone (/redirect), or a session (the rest). */
type Access = 'visitor' | 'anyone' | 'session';

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
  // issue 27
  '/quick-order': screen('session', () => import('../features/quick-order/quick-order-page'), 'QuickOrderPage'),
};

/** The screen at a path ('/basket/' is '/basket'); undefined for an unknown path. */
const screenAt = (pathname: string): Screen | undefined =>
  screens[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];

const loaded = new Map<Screen, ComponentType>();
const failures = new Map<Screen, unknown>();

/**
 * Loads the screen's chunk before its location is committed. The chunk's code has just run when
 * the import resolves; the screen then renders in a task of its own, so the two do not make one
 * long task that blocks input (Lighthouse's Total Blocking Time).
 */
const prepare: Prepare = (pathname) => {
  const target = screenAt(pathname);
  if (!target || loaded.has(target)) return undefined;
  return target.load().then(
    async (component) => {
      loaded.set(target, component);
      failures.delete(target);
      await nextTask();
    },
    (error: unknown) => void failures.set(target, error),
  );
};

/** The screen for the current location, behind its guard, in the layout. */
export function AppRoutes() {
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
  return children;
}

function ScreenBody({ target }: { target: Screen }) {
  const Component = loaded.get(target);
  // Its chunk failed to load: the layout's error boundary shows the spec's failure message.
  if (!Component) throw failures.get(target) ?? new Error('The screen is not loaded');
  // Loaded once per screen and kept: the same component on every render.
  return createElement(Component);
}

export function createAppRouter() {
  return createBrowserRouter(prepare);
}

/** For tests: the same routes in memory, starting at `path`. */
export function createTestRouter(path = '/') {
  return createMemoryRouter(prepare, path);
}

export type { AppRouter } from '../lib/router';
