import type { ApiScope } from './integration.js';
import {
  APPROVING_ROLES,
  ORDER_PAYING_ROLES,
  ORDERING_ROLES,
  PAYING_ROLES,
  TEAM_ADMIN_ROLES,
  type TeamRole,
} from './team-roles.js';
import type { StaffRole } from './staff/roles.js';

/**
 * Every HTTP route of the portal, once: its name, method, path and who may call it. The name is
 * shared by the service method, the web's RTK endpoint and the endpoint's entry in `endpoints`
 * (endpoints.ts), which adds the schemas and the OpenAPI text. The web app builds its requests from
 * this table alone (`pathOf`, `requestOf`), so its bundle carries no schema it does not use.
 * Integration routes are in integration-endpoints.ts. See docs/ARCHITECTURE.md, "Add an endpoint".
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. A customer session is the default: an entry that says nothing else needs
 * a signed-in user (401 before anything else is read). Another kind of caller (a partner token,
 * an operator) is a new member here and a new guard on the server (server/src/plugins/routes.ts).
 */
export type Access =
  /** Anyone: no session is read. `why` says what protects it instead (the allow-list). */
  | { readonly kind: 'public'; readonly why: string }
  /**
   * A signed-in customer user (Bearer access token); `request.auth` names the user, account and
   * role. `roles`: the team roles that may call it (team-roles.ts); left out, every role may. The
   * customer guard refuses any other role with 403 before the handler runs.
   */
  | { readonly kind: 'customer'; readonly roles?: readonly TeamRole[] }
  /** An ERP integration client (API key) holding `scope`; a customer session is refused. */
  | { readonly kind: 'apiKey'; readonly scope: ApiScope }
  /**
   * A signed-in staff member (the back office's own bearer token) whose role is at least `role`
   * (staff-roles.ts says how roles nest); customer tokens and API keys are refused.
   */
  | { readonly kind: 'staff'; readonly role: StaffRole };

export const CUSTOMER = { kind: 'customer' } as const satisfies Access;
/** A customer route that only these team roles may call. */
export const customerRoles = <const R extends readonly TeamRole[]>(roles: R) => ({ kind: 'customer', roles }) as const;
/** Ordering: basket changes, checkout, Quick Order, copying and cancelling orders. */
const ORDERING = customerRoles(ORDERING_ROLES);
export const publicAccess = <const W extends string>(why: W) => ({ kind: 'public', why }) as const;
export const apiKey = <const S extends ApiScope>(scope: S) => ({ kind: 'apiKey', scope }) as const;
/** A staff route: `role` is the least role that may call it (admin may call every one). */
export const staff = <const R extends StaffRole>(role: R) => ({ kind: 'staff', role }) as const;

/** What a route states; `access` left out means a customer session. */
export interface RouteDefinition {
  readonly method: HttpMethod;
  /** The full path; `:name` marks a parameter (`/api/basket/:id`). */
  readonly path: string;
  readonly access?: Access;
}

/** A route of the table: its name, method, path and access made explicit. */
export interface Route {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
}

type RouteTable<T extends Record<string, RouteDefinition>> = {
  readonly [K in keyof T]: {
    readonly name: K & string;
    readonly method: T[K]['method'];
    readonly path: T[K]['path'];
    readonly access: T[K] extends { readonly access: infer A extends Access } ? A : typeof CUSTOMER;
  };
};

export function routeTable<const T extends Record<string, RouteDefinition>>(defs: T): RouteTable<T> {
  return Object.fromEntries(
    Object.entries(defs).map(([name, def]) => [
      name,
      { name, method: def.method, path: def.path, access: def.access ?? CUSTOMER },
    ]),
  ) as RouteTable<T>;
}

/** The portal: the customer API under /api, its public corners, and the sandbox payment page. */
export const routes = /* @__PURE__ */ routeTable({
  // ---- site ----
  getHealth: {
    method: 'GET',
    path: '/api/health',
    access: publicAccess('a load balancer probes it'),
  },
  getLiveness: {
    method: 'GET',
    path: '/api/health/live',
    access: publicAccess('a process supervisor probes it'),
  },
  getReadiness: {
    method: 'GET',
    path: '/api/health/ready',
    access: publicAccess('a load balancer probes it'),
  },
  getSettings: {
    method: 'GET',
    path: '/api/settings',
    access: publicAccess('the login screen shows the support contact and footer'),
  },
  getNotification: {
    method: 'GET',
    path: '/api/notification',
  },
  getCountries: {
    method: 'GET',
    path: '/api/countries',
  },

  // ---- auth ----
  login: {
    method: 'POST',
    path: '/api/auth/login',
    access: publicAccess('it starts a session: username and password, throttled'),
  },
  refreshSession: {
    method: 'GET',
    path: '/api/auth/refresh',
    access: publicAccess('the refresh token (Bearer) is checked by the handler, the access token may have expired'),
  },
  exchangeRedirectToken: {
    method: 'GET',
    path: '/api/auth/refresh/:token',
    access: publicAccess('the one-time token in the path is the key, throttled'),
  },
  describeSetPasswordLink: {
    method: 'GET',
    path: '/api/auth/set-password/:token',
    access: publicAccess('the one-time set-password link in the path is the key, throttled'),
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: publicAccess(
      'answers the same words whatever is asked; throttled per client, per address typed and per user',
    ),
  },
  setPassword: {
    method: 'POST',
    path: '/api/auth/set-password',
    access: publicAccess('the one-time set-password link in the body is the key, throttled'),
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/changepassword',
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
  },
  getCurrentUser: {
    method: 'GET',
    path: '/api/auth/me',
  },

  // ---- basket ----
  getBasket: {
    method: 'GET',
    path: '/api/basket',
  },
  addBasketLine: {
    method: 'POST',
    path: '/api/basket',
    access: ORDERING,
  },
  updateBasketLine: {
    method: 'PATCH',
    path: '/api/basket',
    access: ORDERING,
  },
  deleteBasketLine: {
    method: 'DELETE',
    path: '/api/basket/:id',
    access: ORDERING,
  },
  /** Clear basket in one action, and its undo. */
  clearBasket: {
    method: 'DELETE',
    path: '/api/basket',
    access: ORDERING,
  },
  undoClearBasket: {
    method: 'POST',
    path: '/api/basket/undo-clear',
    access: ORDERING,
  },
  getBasketAmount: {
    method: 'GET',
    path: '/api/basket/amount',
  },
  getBasketPriceBreaks: {
    method: 'GET',
    path: '/api/basket/price-breaks',
  },
  /** Delivery promise per line, the order cut-off and the ship choices. */
  getDeliveryPromise: {
    method: 'GET',
    path: '/api/basket/delivery-promise',
  },

  // ---- quick order ----
  checkQuickOrder: {
    method: 'POST',
    path: '/api/quick-order/check',
  },
  addQuickOrder: {
    method: 'POST',
    path: '/api/quick-order/add',
    access: ORDERING,
  },

  // ---- checkout ----
  getBasketHeader: {
    method: 'GET',
    path: '/api/basket/header',
  },
  submitBasketHeader: {
    method: 'POST',
    path: '/api/basket/header',
    access: ORDERING,
  },
  submitBasket: {
    method: 'POST',
    path: '/api/basket/submit/:id',
    access: ORDERING,
  },
  getOrderConfirmation: {
    method: 'GET',
    path: '/api/basket/confirmation',
  },
  requestOrderPayment: {
    method: 'POST',
    path: '/api/payment/request',
    access: ORDERING,
  },

  // ---- products ----
  listCategories: {
    method: 'GET',
    path: '/api/orderproducts/categories',
  },
  searchProducts: {
    method: 'GET',
    path: '/api/orderproducts/search',
  },
  exportSearch: {
    method: 'GET',
    path: '/api/orderproducts/search/export',
  },
  listFavourites: {
    method: 'GET',
    path: '/api/orderproducts/favourites',
  },
  addFavourite: {
    method: 'POST',
    path: '/api/orderproducts/favourites',
  },
  removeFavourite: {
    method: 'DELETE',
    path: '/api/orderproducts/favourites',
  },
  listUsuals: {
    method: 'GET',
    path: '/api/orderproducts/usuals',
  },
  listMultiBuyDiscounts: {
    method: 'GET',
    path: '/api/orderproducts/multi/:itemNumber',
  },
  listDeliverySchedule: {
    method: 'GET',
    path: '/api/orderproducts/schedule/:itemNumber',
  },
  getProductImage: {
    method: 'GET',
    path: '/api/orderproducts/:itemNumber/image/:imageType',
  },

  // ---- orders ----
  listOpenOrders: {
    method: 'GET',
    path: '/api/order',
  },
  trackOrder: {
    method: 'GET',
    path: '/api/order/:orderNumber/track',
  },
  getOrderDeliveryPromise: {
    method: 'GET',
    path: '/api/order/:orderNumber/delivery-promise',
  },
  copyOrder: {
    method: 'POST',
    path: '/api/order/:orderNumber/copy',
    access: ORDERING,
  },
  cancelOrder: {
    method: 'POST',
    path: '/api/order/:orderNumber/cancel',
    access: ORDERING,
  },
  downloadOrderStatement: {
    method: 'POST',
    path: '/api/order/statement-template',
  },

  // ---- account ----
  getInvoices: {
    method: 'GET',
    path: '/api/account/invoices',
  },
  getInvoice: {
    method: 'GET',
    path: '/api/account/invoices/:documentNumber',
  },
  getCreditSummary: {
    method: 'GET',
    path: '/api/account/credit',
  },
  // Email: My Details
  getMailPreferences: {
    method: 'GET',
    path: '/api/account/mail-preferences',
  },
  updateMailPreferences: {
    method: 'PUT',
    path: '/api/account/mail-preferences',
  },
  downloadInvoiceStatement: {
    method: 'POST',
    path: '/api/account/statement-template',
  },
  downloadStatement: {
    method: 'GET',
    path: '/api/account/statement/:filename',
  },

  // ---- team accounts: the team, limits and order approval ----
  listTeamUsers: {
    method: 'GET',
    path: '/api/team/users',
    access: customerRoles(TEAM_ADMIN_ROLES),
  },
  inviteTeamUser: {
    method: 'POST',
    path: '/api/team/users',
    access: customerRoles(TEAM_ADMIN_ROLES),
  },
  updateTeamUser: {
    method: 'PATCH',
    path: '/api/team/users/:userId',
    access: customerRoles(TEAM_ADMIN_ROLES),
  },
  getOrderLimits: {
    method: 'GET',
    path: '/api/team/limits',
    access: ORDERING,
  },
  listApprovals: {
    method: 'GET',
    path: '/api/approvals',
    access: customerRoles(APPROVING_ROLES),
  },
  reviewApproval: {
    method: 'GET',
    path: '/api/approvals/:orderNumber',
    access: customerRoles(APPROVING_ROLES),
  },
  approveOrder: {
    method: 'POST',
    path: '/api/approvals/:orderNumber/approve',
    access: customerRoles(APPROVING_ROLES),
  },
  declineOrder: {
    method: 'POST',
    path: '/api/approvals/:orderNumber/decline',
    access: customerRoles(APPROVING_ROLES),
  },
  withdrawOrder: {
    method: 'POST',
    path: '/api/order/:orderNumber/withdraw',
    access: ORDERING,
  },
  payApprovedOrder: {
    method: 'POST',
    path: '/api/order/:orderNumber/pay',
    access: customerRoles(ORDER_PAYING_ROLES),
  },

  // ---- payments ----
  requestInvoicePayment: {
    method: 'POST',
    path: '/api/payment/request/invoice',
    access: customerRoles(PAYING_ROLES),
  },
  receivePaymentCallback: {
    method: 'POST',
    path: '/api/payment/callback',
    access: publicAccess('the gateway signs it (HMAC with PAYMENT_SECRET); a bad signature answers 401'),
  },
  showPaymentPage: {
    method: 'GET',
    path: '/pay/:id',
    access: publicAccess('the random payment id in the link is the key'),
  },
  payByCard: {
    method: 'POST',
    path: '/pay/:id',
    access: publicAccess('the random payment id in the link is the key; attempts are throttled'),
  },
  // Email: RFC 8058 one-click unsubscribe, outside /api (the link in an email)
  showUnsubscribePage: {
    method: 'GET',
    path: '/mail/unsubscribe',
    access: publicAccess('the signed token in the link names the user and category; GET changes nothing'),
  },
  unsubscribeMail: {
    method: 'POST',
    path: '/mail/unsubscribe',
    access: publicAccess('the signed token (HMAC) in the link names the user and the one category it turns off'),
  },
});

// ---- paths ----

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/** The values of a path's `:name` parameters; nothing for a path without any. */
export type PathArgs<P extends string> = [ParamNames<P>] extends [never]
  ? []
  : [params: { readonly [K in ParamNames<P>]: string | number }];

/**
 * The path of an endpoint with its parameters filled in (each one URL-encoded):
 * `pathOf(endpoints.deleteBasketLine, { id: 3 })` is `/api/basket/3`.
 */
export function pathOf<const E extends { readonly path: string }>(endpoint: E, ...args: PathArgs<E['path']>): string {
  const values = (args[0] ?? {}) as Record<string, string | number>;
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathOf ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `{ url, method }` of an endpoint, as a fetch-style request (RTK Query's FetchArgs) takes them. */
export function requestOf<const E extends { readonly path: string; readonly method: HttpMethod }>(
  endpoint: E,
  ...args: PathArgs<E['path']>
): { url: string; method: E['method'] } {
  return { url: pathOf(endpoint, ...args), method: endpoint.method };
}
