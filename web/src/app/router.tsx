import type { ComponentType } from 'react';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { nextTask } from '../lib/next-task';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RenderFailure } from './render-failure';
import { PublicOnly, RequireSession } from './route-guards';

/**
 * Route-level code splitting: each screen is its own chunk, loaded on first visit by the router
 * (route `lazy`), which keeps the current screen until the next one's chunk is in. No Suspense:
 * Preact's (the build's React) left the main area blank in a test when a lazy screen suspended
 * during the navigation that follows Log Out.
 */
function page<M>(load: () => Promise<M>, name: keyof M): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      // The chunk's code has just run; render the screen in a task of its own, so the two do not
      // make one long task that blocks input (Lighthouse's Total Blocking Time).
      await nextTask();
      return { Component: module[name] as ComponentType };
    },
  };
}

const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const RedirectPage = page(() => import('../features/auth/redirect-page'), 'RedirectPage');
const HomePage = page(() => import('../features/home/home-page'), 'HomePage');
const AccountPage = page(() => import('../features/account/account-page'), 'AccountPage');
const ViewTransactionPage = page(() => import('../features/account/view-transaction-page'), 'ViewTransactionPage');
const DetailsPage = page(() => import('../features/account/details-page'), 'DetailsPage');
const ChangePasswordPage = page(() => import('../features/account/change-password-page'), 'ChangePasswordPage');
const OpenOrdersPage = page(() => import('../features/orders/open-orders-page'), 'OpenOrdersPage');
const OpenOrderEnquiryPage = page(() => import('../features/orders/open-order-enquiry-page'), 'OpenOrderEnquiryPage');
const BasketPage = page(() => import('../features/basket/basket-page'), 'BasketPage');
const DeliveryInformationPage = page(
  () => import('../features/checkout/delivery-information-page'),
  'DeliveryInformationPage',
);
const ReviewOrderPage = page(() => import('../features/checkout/review-order-page'), 'ReviewOrderPage');
const SearchPage = page(() => import('../features/products/search-page'), 'SearchPage');

/** Spec section 2. Everything except /login and /redirect needs a session. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RenderFailure />,
    // Until the first screen's chunk is in, nothing renders: the static shell in index.html shows.
    HydrateFallback: () => null,
    children: [
      { element: <PublicOnly />, children: [{ path: '/login', ...LoginPage }] },
      { path: '/redirect', ...RedirectPage },
      {
        element: <RequireSession />,
        children: [
          { index: true, ...HomePage },
          { path: '/account', ...AccountPage },
          { path: '/view-transaction', ...ViewTransactionPage },
          { path: '/open-orders', ...OpenOrdersPage },
          { path: '/open-order-enquiry', ...OpenOrderEnquiryPage },
          { path: '/details', ...DetailsPage },
          { path: '/change-password', ...ChangePasswordPage },
          { path: '/basket', ...BasketPage },
          { path: '/checkout/deliveryinformation', ...DeliveryInformationPage },
          { path: '/checkout/review-order', ...ReviewOrderPage },
          { path: '/products/search', ...SearchPage },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** For tests: the same routes in memory, starting at `path`. */
export function createTestRouter(path = '/') {
  return createMemoryRouter(routes, { initialEntries: [path] });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
