import type { z } from 'zod';
import {
  errorResponse,
  countryList,
  healthResponse,
  liveResponse,
  notification,
  okResponse,
  readyResponse,
  siteSettings,
} from './common.js';
import { authResponse, changePasswordRequest, loginRequest, refreshTokenParams, user } from './auth.js';
import {
  addBasketLine,
  basket,
  basketHeader,
  basketLineParams,
  basketSummary,
  getOrderConfirmationResponse,
  paymentResponse,
  requestOrderPayment,
  requestOrderPaymentResponse,
  submitBasketHeader,
  submitBasketParams,
  submitBasketRequest,
  submitBasketResponse,
  updateBasketLine,
} from './basket.js';
import {
  categoryList,
  deliveryScheduleList,
  favouriteRequest,
  itemNumberParams,
  multiBuyDiscountList,
  productImageParams,
  productList,
  RESULTS_TRUNCATED_HEADER,
  searchExportQuery,
  searchProductsQuery,
  SEARCH_RESULT_LIMIT,
  TOTAL_COUNT_HEADER,
} from './products.js';
import {
  cancelOrderResponse,
  copyOrderResponse,
  listOpenOrdersResponse,
  orderNumberParams,
  orderStatementRequest,
  trackOrderResponse,
} from './orders.js';
import {
  invoice,
  invoiceList,
  invoiceParams,
  invoicePaymentRequest,
  invoiceStatementRequest,
  statementParams,
} from './account.js';
import { paymentCallback, paymentCallbackResponse, paymentPageParams } from './payment-gateway.js';
import type { ApiScope } from './integration.js';

/**
 * Every HTTP endpoint of the server, once: its name (the service method and the web's RTK endpoint
 * share it), method, path, who may call it, and the schemas of its params, query, body and answers.
 * The server registers each route from its entry (server/src/plugins/routes.ts), the web builds
 * its requests from it (`pathOf`), and the tests call through it. See docs/ARCHITECTURE.md, "Add an
 * endpoint".
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. A customer session is the default: an entry that says nothing else
 * needs a signed-in user (401 before anything else is read). Another kind of caller (a partner
 * token, an operator) is a new member here and a new guard on the server.
 */
export type Access =
  /** Anyone: no session is read. `why` says what protects it instead (the allow-list). */
  | { readonly kind: 'public'; readonly why: string }
  /** A signed-in customer user (Bearer access token); `request.auth` names the user and account. */
  | { readonly kind: 'customer' }
  /** An ERP integration client (API key) holding `scope`; a customer session is refused. */
  | { readonly kind: 'apiKey'; readonly scope: ApiScope };

export const CUSTOMER = { kind: 'customer' } as const satisfies Access;
export const publicAccess = <const W extends string>(why: W) => ({ kind: 'public', why }) as const;
export const apiKey = <const S extends ApiScope>(scope: S) => ({ kind: 'apiKey', scope }) as const;

type Responses = Readonly<Record<number, z.ZodType>>;

/** What an entry states; `access` left out means a customer session. */
export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** The full path; `:name` marks a parameter (`/api/basket/:id`). */
  readonly path: string;
  readonly access?: Access;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: Responses;
  /** Content types other than JSON that the answer may have (a PDF). */
  readonly produces?: readonly string[];
  /** Left out of the OpenAPI page (the sandbox payment page's HTML). */
  readonly hide?: boolean;
}

/** An entry of the table: its definition, its name and its access made explicit. */
export type Endpoint = EndpointDefinition & { readonly name: string; readonly access: Access };

type Table<T extends Record<string, EndpointDefinition>> = {
  readonly [K in keyof T]: Omit<T[K], 'access'> & {
    readonly name: K & string;
    readonly access: T[K] extends { readonly access: infer A extends Access } ? A : typeof CUSTOMER;
  };
};

export function table<const T extends Record<string, EndpointDefinition>>(defs: T): Table<T> {
  return Object.fromEntries(
    Object.entries(defs).map(([name, def]) => [name, { ...def, name, access: def.access ?? CUSTOMER }]),
  ) as Table<T>;
}

const e400 = { 400: errorResponse, 401: errorResponse } as const;
const e404 = { ...e400, 404: errorResponse } as const;
const authErrors = { 400: errorResponse, 401: errorResponse, 429: errorResponse, 503: errorResponse } as const;
const checkoutErrors = { ...e404, 403: errorResponse, 409: errorResponse } as const;
const pdfErrors = { ...e404, 429: errorResponse, 503: errorResponse } as const;
const listNote = `At most ${SEARCH_RESULT_LIMIT} rows; when more matched, the header ${RESULTS_TRUNCATED_HEADER}: true is set.`;

/** The portal: the customer API under /api, its public corners, and the sandbox payment page. */
export const endpoints = /* @__PURE__ */ table({
  // ---- site ----
  getHealth: {
    method: 'GET',
    path: '/api/health',
    access: publicAccess('a load balancer probes it'),
    tags: ['site'],
    summary: 'Liveness and database check: 503 with Retry-After when the database does not answer',
    response: { 200: healthResponse, 503: healthResponse },
  },
  getLiveness: {
    method: 'GET',
    path: '/api/health/live',
    access: publicAccess('a process supervisor probes it'),
    tags: ['site'],
    summary: 'Liveness: the process answers',
    response: { 200: liveResponse },
  },
  getReadiness: {
    method: 'GET',
    path: '/api/health/ready',
    access: publicAccess('a load balancer probes it'),
    tags: ['site'],
    summary: 'Readiness: 200 when this server should take traffic, else 503 with Retry-After',
    response: { 200: readyResponse, 503: readyResponse },
  },
  getSettings: {
    method: 'GET',
    path: '/api/settings',
    access: publicAccess('the login screen shows the support contact and footer'),
    tags: ['site'],
    summary: 'Public portal settings (support email, footer, links)',
    response: { 200: siteSettings },
  },
  getNotification: {
    method: 'GET',
    path: '/api/notification',
    tags: ['site'],
    summary: 'The home page notification banner',
    response: { 200: notification },
  },
  getCountries: {
    method: 'GET',
    path: '/api/countries',
    tags: ['site'],
    summary: 'Delivery countries',
    response: { 200: countryList },
  },

  // ---- auth ----
  login: {
    method: 'POST',
    path: '/api/auth/login',
    access: publicAccess('it starts a session: username and password, throttled'),
    tags: ['auth'],
    summary: 'Log in with username and password',
    body: loginRequest,
    response: { 200: authResponse, ...authErrors },
  },
  refreshSession: {
    method: 'GET',
    path: '/api/auth/refresh',
    access: publicAccess('the refresh token (Bearer) is checked by the handler, the access token may have expired'),
    tags: ['auth'],
    summary: 'Exchange a refresh token (sent as Bearer) for a new session; the token rotates',
    response: { 200: authResponse, ...authErrors },
  },
  exchangeRedirectToken: {
    method: 'GET',
    path: '/api/auth/refresh/:token',
    access: publicAccess('the one-time token in the path is the key, throttled'),
    tags: ['auth'],
    summary: 'Exchange a one-time rt token (from a /redirect link) for a session',
    params: refreshTokenParams,
    response: { 200: authResponse, ...authErrors },
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/changepassword',
    tags: ['auth'],
    summary: "Change the caller's password; ends the user's other sessions",
    body: changePasswordRequest,
    response: { 200: okResponse, ...authErrors },
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    tags: ['auth'],
    summary: 'End this session on the server',
    response: { 200: okResponse, 401: errorResponse },
  },
  getCurrentUser: {
    method: 'GET',
    path: '/api/auth/me',
    tags: ['auth'],
    summary: 'The current user with account details',
    response: { 200: user, 401: errorResponse },
  },

  // ---- basket ----
  getBasket: {
    method: 'GET',
    path: '/api/basket',
    tags: ['basket'],
    summary: "The caller's basket, priced on the server",
    response: { 200: basket, ...e404 },
  },
  addBasketLine: {
    method: 'POST',
    path: '/api/basket',
    tags: ['basket'],
    summary: 'Add an item (the same item again adds to its line)',
    body: addBasketLine,
    response: { 200: basket, ...e404 },
  },
  updateBasketLine: {
    method: 'PATCH',
    path: '/api/basket',
    tags: ['basket'],
    summary: "Change a line's quantity",
    body: updateBasketLine,
    response: { 200: basket, ...e404 },
  },
  deleteBasketLine: {
    method: 'DELETE',
    path: '/api/basket/:id',
    tags: ['basket'],
    summary: 'Remove a line by its line number',
    params: basketLineParams,
    response: { 200: basket, ...e404 },
  },
  getBasketAmount: {
    method: 'GET',
    path: '/api/basket/amount',
    tags: ['basket'],
    summary: 'Basket summary: amount, VAT, total',
    response: { 200: basketSummary, ...e404 },
  },

  // ---- checkout ----
  getBasketHeader: {
    method: 'GET',
    path: '/api/basket/header',
    tags: ['checkout'],
    summary: 'The delivery information stored on the basket (INVOICE defaults until one is stored)',
    response: { 200: basketHeader, ...checkoutErrors },
  },
  submitBasketHeader: {
    method: 'POST',
    path: '/api/basket/header',
    tags: ['checkout'],
    summary: 'Store the purchase order and delivery address on the basket (checkout step 1)',
    description:
      'deliveryCode is INVOICE, a saved address reference or "New Delivery Address". For INVOICE and saved references the address comes from the account, not the payload.',
    body: submitBasketHeader,
    response: { 200: basketHeader, ...checkoutErrors },
  },
  submitBasket: {
    method: 'POST',
    path: '/api/basket/submit/:id',
    tags: ['checkout'],
    summary: 'Place a credit order from the reviewed basket revision {id}',
    description:
      'One transaction; idempotent per basket revision. 409 when the basket changed since review or the amount differs from the server total.',
    params: submitBasketParams,
    body: submitBasketRequest,
    response: { 200: submitBasketResponse, ...checkoutErrors },
  },
  getOrderConfirmation: {
    method: 'GET',
    path: '/api/basket/confirmation',
    tags: ['checkout'],
    summary: "The caller's last placed order (for the order-placed dialog)",
    response: { 200: getOrderConfirmationResponse, ...checkoutErrors },
  },
  requestOrderPayment: {
    method: 'POST',
    path: '/api/payment/request',
    tags: ['checkout'],
    summary: 'Proforma: start a card payment for the basket; the order is placed when the payment is confirmed',
    body: requestOrderPayment,
    response: { 200: requestOrderPaymentResponse, ...checkoutErrors, 429: errorResponse },
  },

  // ---- products ----
  listCategories: {
    method: 'GET',
    path: '/api/orderproducts/categories',
    tags: ['products'],
    summary: 'Product types with their ranges',
    response: { 200: categoryList, ...e400 },
  },
  searchProducts: {
    method: 'GET',
    path: '/api/orderproducts/search',
    tags: ['products'],
    summary: 'Search products by type, range and text, priced for the caller',
    description: `${listNote} With page (and pageSize), only that page of the list is answered and ${TOTAL_COUNT_HEADER} gives the rows in the whole list.`,
    query: searchProductsQuery,
    response: { 200: productList, ...e400 },
  },
  exportSearch: {
    method: 'GET',
    path: '/api/orderproducts/search/export',
    tags: ['products'],
    summary: 'Download All for a search: the whole list as export.csv (text/csv), streamed',
    description: `The list of the same search without paging, in the columns of the product list. ${listNote}`,
    query: searchExportQuery,
    response: e400,
  },
  listFavourites: {
    method: 'GET',
    path: '/api/orderproducts/favourites',
    tags: ['products'],
    summary: "The caller's favourite products",
    description: listNote,
    response: { 200: productList, ...e400 },
  },
  addFavourite: {
    method: 'POST',
    path: '/api/orderproducts/favourites',
    tags: ['products'],
    summary: "Add a product to the caller's favourites",
    body: favouriteRequest,
    response: { 200: okResponse, ...e404 },
  },
  removeFavourite: {
    method: 'DELETE',
    path: '/api/orderproducts/favourites',
    tags: ['products'],
    summary: "Remove a product from the caller's favourites",
    body: favouriteRequest,
    response: { 200: okResponse, ...e404 },
  },
  listUsuals: {
    method: 'GET',
    path: '/api/orderproducts/usuals',
    tags: ['products'],
    summary: "Usual orders: products in at least two of the account's orders, most often ordered first",
    description: listNote,
    response: { 200: productList, ...e400 },
  },
  listMultiBuyDiscounts: {
    method: 'GET',
    path: '/api/orderproducts/multi/:itemNumber',
    tags: ['products'],
    summary: "Multi-buy tiers in the account's currency",
    params: itemNumberParams,
    response: { 200: multiBuyDiscountList, ...e404 },
  },
  listDeliverySchedule: {
    method: 'GET',
    path: '/api/orderproducts/schedule/:itemNumber',
    tags: ['products'],
    summary: 'Inbound deliveries of a product, earliest first',
    params: itemNumberParams,
    response: { 200: deliveryScheduleList, ...e404 },
  },
  getProductImage: {
    method: 'GET',
    path: '/api/orderproducts/:itemNumber/image/:imageType',
    tags: ['products'],
    summary: 'Product image: 0 thumbnail, 1 large. 404 when the product has none',
    params: productImageParams,
    response: e404,
  },

  // ---- orders ----
  listOpenOrders: {
    method: 'GET',
    path: '/api/order',
    tags: ['orders'],
    summary: "The account's open orders with their lines",
    description:
      'Every order that is not Cancelled; Shipped orders only for 90 days after despatch. Sorted newest first; the web sorts again.',
    response: { 200: listOpenOrdersResponse, ...e404 },
  },
  trackOrder: {
    method: 'GET',
    path: '/api/order/:orderNumber/track',
    tags: ['orders'],
    summary: "An order's tracking numbers (empty when there are none)",
    params: orderNumberParams,
    response: { 200: trackOrderResponse, ...e404 },
  },
  copyOrder: {
    method: 'POST',
    path: '/api/order/:orderNumber/copy',
    tags: ['orders'],
    summary: "Replace the caller's basket with the order's items, at today's prices",
    description:
      'Items no longer sold are listed in skippedItems. 409 when none of the items is still sold (the basket is left alone).',
    params: orderNumberParams,
    response: { 200: copyOrderResponse, ...e404, 409: errorResponse },
  },
  cancelOrder: {
    method: 'POST',
    path: '/api/order/:orderNumber/cancel',
    tags: ['orders'],
    summary: 'Cancel an order',
    description:
      'Refused (403) for proforma accounts and (409) for orders that are Shipped, In Progress or already Cancelled.',
    params: orderNumberParams,
    response: { 200: cancelOrderResponse, ...e404, 403: errorResponse, 409: errorResponse },
  },
  downloadOrderStatement: {
    method: 'POST',
    path: '/api/order/statement-template',
    tags: ['orders'],
    summary: "Order Summary PDF of one of the account's orders, rendered from the database",
    description: 'The web posts the selected order merged with the user; only orderNumber is read.',
    body: orderStatementRequest,
    produces: ['application/pdf'],
    response: pdfErrors,
  },

  // ---- account ----
  getInvoices: {
    method: 'GET',
    path: '/api/account/invoices',
    tags: ['account'],
    summary: "The account's open invoices (with their lines) and the total remaining",
    response: { 200: invoiceList, ...e404 },
  },
  getInvoice: {
    method: 'GET',
    path: '/api/account/invoices/:documentNumber',
    tags: ['account'],
    summary: 'One invoice of the account, open or settled (View Transaction)',
    params: invoiceParams,
    response: { 200: invoice, ...e404 },
  },
  downloadInvoiceStatement: {
    method: 'POST',
    path: '/api/account/statement-template',
    tags: ['account'],
    summary: "Order Summary PDF of one of the account's invoices, rendered from the database",
    description: 'The web posts the invoice merged with the user; only documentNumber is read.',
    body: invoiceStatementRequest,
    produces: ['application/pdf'],
    response: pdfErrors,
  },
  downloadStatement: {
    method: 'GET',
    path: '/api/account/statement/:filename',
    tags: ['account'],
    summary: "One of the account's statements as a PDF; any other name answers 404",
    params: statementParams,
    produces: ['application/pdf'],
    response: pdfErrors,
  },

  // ---- payments ----
  requestInvoicePayment: {
    method: 'POST',
    path: '/api/payment/request/invoice',
    tags: ['payments'],
    summary: "Start an online card payment of the caller's open invoices",
    description:
      "Method must be 'PAY ONLINE' and reference is required. Only the caller's open invoices can be named; " +
      'amounts are taken from the database, never from the payload. The browser then goes to payment_Checkout_Url.',
    body: invoicePaymentRequest,
    response: { 200: paymentResponse, ...e404, 409: errorResponse, 429: errorResponse },
  },
  receivePaymentCallback: {
    method: 'POST',
    path: '/api/payment/callback',
    access: publicAccess('the gateway signs it (HMAC with PAYMENT_SECRET); a bad signature answers 401'),
    tags: ['payments'],
    summary: 'Signed confirmation from the payment gateway (server to server)',
    body: paymentCallback,
    response: { 200: paymentCallbackResponse, ...e404 },
  },
  showPaymentPage: {
    method: 'GET',
    path: '/pay/:id',
    access: publicAccess('the random payment id in the link is the key'),
    tags: ['payments'],
    summary: 'The sandbox gateway’s card form (HTML)',
    params: paymentPageParams,
    hide: true,
  },
  payByCard: {
    method: 'POST',
    path: '/pay/:id',
    access: publicAccess('the random payment id in the link is the key; attempts are throttled'),
    tags: ['payments'],
    summary: 'The sandbox gateway takes the card (a form post) and sends the browser back (303)',
    params: paymentPageParams,
    hide: true,
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
