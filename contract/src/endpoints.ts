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
import {
  authResponse,
  changePasswordRequest,
  loginRequest,
  refreshTokenParams,
  setPasswordLinkResponse,
  setPasswordRequest,
  setPasswordResponse,
  setPasswordTokenParams,
  user,
} from './auth.js';
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
  copyOrderQuery,
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
import { creditSummary } from './credit.js';
import { paymentCallback, paymentCallbackResponse, paymentPageParams } from './payment-gateway.js';
import { mailPreferences, passwordResetRequest, passwordResetResponse, unsubscribeQuery } from './mail.js';
import {
  addQuickOrder,
  addQuickOrderResponse,
  checkQuickOrder,
  checkQuickOrderResponse,
  getBasketPriceBreaksResponse,
} from './quick-order.js';
import { getDeliveryPromiseResponse, getOrderDeliveryPromiseResponse } from './delivery-promise.js';
import {
  approvalOutcome,
  approvalParams,
  approveOrderRequest,
  declineOrderRequest,
  inviteTeamUserRequest,
  listApprovalsResponse,
  listTeamUsersResponse,
  orderLimits,
  reviewApprovalResponse,
  teamUser,
  teamUserParams,
  updateTeamUserRequest,
} from './team.js';
import { routes, type Route } from './routes.js';

/**
 * What an endpoint is beyond `routes` (routes.ts): the schemas of its params, query, body and
 * answers, what it produces, and its OpenAPI text. One entry per route, under the route's name
 * (TypeScript refuses a missing or an extra one); `endpoints.x` is the route and these together.
 * Who answers it is the server's business (server/src/modules/<area>/<area>.bind.ts), not the
 * contract's: the browser imports this package.
 */
export interface EndpointDetails {
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: Readonly<Record<number, z.ZodType>>;
  /** What a success answers when it is not JSON: a PDF, a CSV file, an image or an HTML page. */
  readonly produces?: Produces;
  /** Left out of the OpenAPI page (the sandbox payment page's HTML). */
  readonly hide?: boolean;
}

/** The kinds of answer other than JSON. */
export type Produces = 'pdf' | 'csv' | 'image' | 'html';

/** A route with its schemas: what the server registers. */
export type Endpoint = Route & EndpointDetails;

/** Joins each route with its details; `details` must name exactly the routes. */
export function withDetails<
  const R extends Record<string, Route>,
  const D extends { readonly [K in keyof R]: EndpointDetails },
>(table: R, details: D & Record<Exclude<keyof D, keyof R>, never>): { readonly [K in keyof R]: R[K] & D[K] } {
  return Object.fromEntries(
    Object.entries(table).map(([name, route]) => [
      name,
      { ...route, ...(details[name as keyof R] as EndpointDetails) },
    ]),
  ) as { readonly [K in keyof R]: R[K] & D[K] };
}

const e400 = { 400: errorResponse, 401: errorResponse } as const;
const e404 = { ...e400, 404: errorResponse } as const;
const authErrors = { 400: errorResponse, 401: errorResponse, 429: errorResponse, 503: errorResponse } as const;
const linkErrors = { 400: errorResponse, 410: errorResponse, 429: errorResponse, 503: errorResponse } as const;
const checkoutErrors = { ...e404, 403: errorResponse, 409: errorResponse } as const;
const pdfErrors = { ...e404, 429: errorResponse, 503: errorResponse } as const;
const listNote = `At most ${SEARCH_RESULT_LIMIT} rows; when more matched, the header ${RESULTS_TRUNCATED_HEADER}: true is set.`;

/** The portal's routes with their schemas (the server's side of `routes`). */
export const endpoints = /* @__PURE__ */ withDetails(routes, {
  // ---- site ----
  getHealth: {
    tags: ['site'],
    summary: 'Liveness and database check: 503 with Retry-After when the database does not answer',
    response: { 200: healthResponse, 503: healthResponse },
  },
  getLiveness: {
    tags: ['site'],
    summary: 'Liveness: the process answers',
    response: { 200: liveResponse },
  },
  getReadiness: {
    tags: ['site'],
    summary: 'Readiness: 200 when this server should take traffic, else 503 with Retry-After',
    response: { 200: readyResponse, 503: readyResponse },
  },
  getSettings: {
    tags: ['site'],
    summary: 'Public portal settings (support email, footer, links)',
    response: { 200: siteSettings },
  },
  getNotification: {
    tags: ['site'],
    summary: 'The home page notification banner',
    response: { 200: notification },
  },
  getCountries: {
    tags: ['site'],
    summary: 'Delivery countries',
    response: { 200: countryList },
  },

  // ---- auth ----
  login: {
    tags: ['auth'],
    summary: 'Log in with username and password',
    body: loginRequest,
    response: { 200: authResponse, ...authErrors },
  },
  refreshSession: {
    tags: ['auth'],
    summary: 'Exchange a refresh token (sent as Bearer) for a new session; the token rotates',
    response: { 200: authResponse, ...authErrors },
  },
  exchangeRedirectToken: {
    tags: ['auth'],
    summary: 'Exchange a one-time rt token (from a /redirect link) for a session',
    params: refreshTokenParams,
    response: { 200: authResponse, ...authErrors },
  },
  describeSetPasswordLink: {
    tags: ['auth'],
    summary: 'Whose password a set-password link sets (the /set-password page); 410 when used or expired',
    params: setPasswordTokenParams,
    response: { 200: setPasswordLinkResponse, ...linkErrors },
  },
  requestPasswordReset: {
    tags: ['auth'],
    summary: 'Forgotten password: emails a one-time link (valid an hour) to the login that matches, if any',
    description:
      'Always answers the same message, whether or not the username or email matched, so it tells nobody which logins exist. The link opens /set-password, which asks for the new password before the link is used.',
    body: passwordResetRequest,
    response: { 200: passwordResetResponse, 429: errorResponse },
  },
  setPassword: {
    tags: ['auth'],
    summary:
      "Set a password with a one-time link (a user created by the ERP); the link is used up and the user's sessions end",
    body: setPasswordRequest,
    response: { 200: setPasswordResponse, ...linkErrors },
  },
  changePassword: {
    tags: ['auth'],
    summary: "Change the caller's password; ends the user's other sessions",
    body: changePasswordRequest,
    response: { 200: okResponse, ...authErrors },
  },
  logout: {
    tags: ['auth'],
    summary: 'End this session on the server',
    response: { 200: okResponse, 401: errorResponse },
  },
  getCurrentUser: {
    tags: ['auth'],
    summary: 'The current user with account details',
    response: { 200: user, 401: errorResponse },
  },

  // ---- basket ----
  getBasket: {
    tags: ['basket'],
    summary: "The caller's basket, priced on the server",
    response: { 200: basket, ...e404 },
  },
  addBasketLine: {
    tags: ['basket'],
    summary: 'Add an item (the same item again adds to its line)',
    body: addBasketLine,
    response: { 200: basket, ...e404 },
  },
  updateBasketLine: {
    tags: ['basket'],
    summary: "Change a line's quantity",
    body: updateBasketLine,
    response: { 200: basket, ...e404 },
  },
  deleteBasketLine: {
    tags: ['basket'],
    summary: 'Remove a line by its line number',
    params: basketLineParams,
    response: { 200: basket, ...e404 },
  },
  clearBasket: {
    tags: ['basket'],
    summary: 'Remove every line in one change; the lines are kept for undoClearBasket',
    response: { 200: basket, ...e404 },
  },
  undoClearBasket: {
    tags: ['basket'],
    summary: 'Put back the lines the last clearBasket removed, exactly (line numbers, quantities, copied prices)',
    description: 'Refused (409) once the basket has changed since it was cleared, or when nothing was cleared.',
    response: { 200: basket, ...e404, 409: errorResponse },
  },
  getBasketAmount: {
    tags: ['basket'],
    summary: 'Basket summary: amount, VAT, total',
    response: { 200: basketSummary, ...e404 },
  },
  getBasketPriceBreaks: {
    tags: ['basket'],
    summary: "The basket's next multi-buy breaks, savings won and prices changed since a copied order",
    response: { 200: getBasketPriceBreaksResponse, ...e404 },
  },
  getDeliveryPromise: {
    tags: ['basket'],
    summary: "Each basket line's delivery promise, the day's order cut-off and the two ways to send the order",
    description:
      'From stock and the due-in schedule. Lines of the same item share its stock in line order. The cut-off is the site setting order.cutOff in UK time; weekends are not ship days.',
    response: { 200: getDeliveryPromiseResponse, ...e404 },
  },

  // ---- quick order ----
  checkQuickOrder: {
    tags: ['quick-order'],
    summary: 'Check pasted or uploaded lines (code, quantity) at once: each answered ready, short or what is wrong',
    body: checkQuickOrder,
    response: { 200: checkQuickOrderResponse, ...e404 },
  },
  addQuickOrder: {
    tags: ['quick-order'],
    summary: 'Check the lines again and add every valid one to the basket in one change',
    body: addQuickOrder,
    response: { 200: addQuickOrderResponse, ...e404 },
  },

  // ---- checkout ----
  getBasketHeader: {
    tags: ['checkout'],
    summary: 'The delivery information stored on the basket (INVOICE defaults until one is stored)',
    response: { 200: basketHeader, ...checkoutErrors },
  },
  submitBasketHeader: {
    tags: ['checkout'],
    summary: 'Store the purchase order and delivery address on the basket (checkout step 1)',
    description:
      'deliveryCode is INVOICE, a saved address reference or "New Delivery Address". For INVOICE and saved references the address comes from the account, not the payload.',
    body: submitBasketHeader,
    response: { 200: basketHeader, ...checkoutErrors },
  },
  submitBasket: {
    tags: ['checkout'],
    summary: 'Place a credit order from the reviewed basket revision {id}',
    description:
      'One transaction; idempotent per basket revision. 409 when the basket changed since review or the amount differs from the server total.',
    params: submitBasketParams,
    body: submitBasketRequest,
    response: { 200: submitBasketResponse, ...checkoutErrors },
  },
  getOrderConfirmation: {
    tags: ['checkout'],
    summary: "The caller's last placed order (for the order-placed dialog)",
    response: { 200: getOrderConfirmationResponse, ...checkoutErrors },
  },
  requestOrderPayment: {
    tags: ['checkout'],
    summary: 'Proforma: start a card payment for the basket; the order is placed when the payment is confirmed',
    body: requestOrderPayment,
    response: { 200: requestOrderPaymentResponse, ...checkoutErrors, 429: errorResponse },
  },

  // ---- products ----
  listCategories: {
    tags: ['products'],
    summary: 'Product types with their ranges',
    response: { 200: categoryList, ...e400 },
  },
  searchProducts: {
    tags: ['products'],
    summary: 'Search products by type, range and text, priced for the caller',
    description: `${listNote} With page (and pageSize), only that page of the list is answered and ${TOTAL_COUNT_HEADER} gives the rows in the whole list.`,
    query: searchProductsQuery,
    response: { 200: productList, ...e400 },
  },
  exportSearch: {
    tags: ['products'],
    summary: 'Download All for a search: the whole list as export.csv (text/csv), streamed',
    description: `The list of the same search without paging, in the columns of the product list. ${listNote}`,
    query: searchExportQuery,
    produces: 'csv',
    response: e400,
  },
  listFavourites: {
    tags: ['products'],
    summary: "The caller's favourite products",
    description: listNote,
    response: { 200: productList, ...e400 },
  },
  addFavourite: {
    tags: ['products'],
    summary: "Add a product to the caller's favourites",
    body: favouriteRequest,
    response: { 200: okResponse, ...e404 },
  },
  removeFavourite: {
    tags: ['products'],
    summary: "Remove a product from the caller's favourites",
    body: favouriteRequest,
    response: { 200: okResponse, ...e404 },
  },
  listUsuals: {
    tags: ['products'],
    summary: "Usual orders: products in at least two of the account's orders, most often ordered first",
    description: listNote,
    response: { 200: productList, ...e400 },
  },
  listMultiBuyDiscounts: {
    tags: ['products'],
    summary: "Multi-buy tiers in the account's currency",
    params: itemNumberParams,
    response: { 200: multiBuyDiscountList, ...e404 },
  },
  listDeliverySchedule: {
    tags: ['products'],
    summary: 'Inbound deliveries of a product, earliest first',
    params: itemNumberParams,
    response: { 200: deliveryScheduleList, ...e404 },
  },
  getProductImage: {
    tags: ['products'],
    summary: 'Product image: 0 thumbnail, 1 large. 404 when the product has none',
    params: productImageParams,
    produces: 'image',
    response: e404,
  },

  // ---- orders ----
  listOpenOrders: {
    tags: ['orders'],
    summary: "The account's open orders with their lines",
    description:
      'Every order that is not Cancelled; Shipped orders only for 90 days after despatch. Sorted newest first; the web sorts again.',
    response: { 200: listOpenOrdersResponse, ...e404 },
  },
  getOrderDeliveryPromise: {
    tags: ['orders'],
    summary: "An open order's ship choice and the delivery promise of its lines still to send",
    description:
      "Promised from today's stock and due-in schedule, as the basket's; no lines once the order is Shipped or Cancelled.",
    params: orderNumberParams,
    response: { 200: getOrderDeliveryPromiseResponse, ...e404 },
  },
  trackOrder: {
    tags: ['orders'],
    summary: "An order's tracking numbers (empty when there are none)",
    params: orderNumberParams,
    response: { 200: trackOrderResponse, ...e404 },
  },
  copyOrder: {
    tags: ['orders'],
    summary: "Replace the caller's basket with the order's items (or add them to it), at today's prices",
    description:
      "mode=add keeps the basket's lines (an item already there gets the order's quantity added). Items no longer sold are listed in skippedItems. 409 when none of the items is still sold (the basket is left alone).",
    params: orderNumberParams,
    query: copyOrderQuery,
    response: { 200: copyOrderResponse, ...e404, 409: errorResponse },
  },
  cancelOrder: {
    tags: ['orders'],
    summary: 'Cancel an order',
    description:
      'Refused (403) for proforma accounts and (409) for orders that are Shipped, In Progress or already Cancelled.',
    params: orderNumberParams,
    response: { 200: cancelOrderResponse, ...e404, 403: errorResponse, 409: errorResponse },
  },
  downloadOrderStatement: {
    tags: ['orders'],
    summary: "Order Summary PDF of one of the account's orders, rendered from the database",
    description: 'The web posts the selected order merged with the user; only orderNumber is read.',
    body: orderStatementRequest,
    produces: 'pdf',
    response: pdfErrors,
  },

  // ---- account ----
  getInvoices: {
    tags: ['account'],
    summary: "The account's open invoices (with their lines) and the total remaining",
    response: { 200: invoiceList, ...e404 },
  },
  getInvoice: {
    tags: ['account'],
    summary: 'One invoice of the account, open or settled (View Transaction)',
    params: invoiceParams,
    response: { 200: invoice, ...e404 },
  },
  getMailPreferences: {
    tags: ['account'],
    summary: 'The optional emails (despatch, cancellation) the signed-in user gets',
    response: { 200: mailPreferences, ...e404 },
  },
  updateMailPreferences: {
    tags: ['account'],
    summary: 'Turns the optional emails on or off for the signed-in user (My Details)',
    body: mailPreferences,
    response: { 200: mailPreferences, ...e400 },
  },
  getCreditSummary: {
    tags: ['account'],
    summary: "The account's credit limit, balance, available credit and the ageing of its open documents",
    description:
      'Open invoices by days past their due date (current, 1-30, 31-60, 61-90, over 90), each bucket with its document numbers; credit notes apart, as unallocated credit; the overdue invoices (why an account is on stop).',
    response: { 200: creditSummary, ...e404 },
  },
  downloadInvoiceStatement: {
    tags: ['account'],
    summary: "Order Summary PDF of one of the account's invoices, rendered from the database",
    description: 'The web posts the invoice merged with the user; only documentNumber is read.',
    body: invoiceStatementRequest,
    produces: 'pdf',
    response: pdfErrors,
  },
  downloadStatement: {
    tags: ['account'],
    summary: "One of the account's statements as a PDF; any other name answers 404",
    params: statementParams,
    produces: 'pdf',
    response: pdfErrors,
  },

  // ---- payments ----
  requestInvoicePayment: {
    tags: ['payments'],
    summary: "Start an online card payment of the caller's open invoices",
    description:
      "Method must be 'PAY ONLINE' and reference is required. Only the caller's open invoices can be named; " +
      'amounts are taken from the database, never from the payload. The browser then goes to payment_Checkout_Url.',
    body: invoicePaymentRequest,
    response: { 200: paymentResponse, ...e404, 409: errorResponse, 429: errorResponse },
  },
  // ---- team accounts (bound by server/src/modules/team/team.bind.ts) ----
  listTeamUsers: {
    tags: ['team'],
    summary: "The account's users with their role, limits, last sign-in and status (account admins)",
    response: { 200: listTeamUsersResponse, ...e400, 403: errorResponse },
  },
  inviteTeamUser: {
    tags: ['team'],
    summary: 'Adds a user to the account and emails them a set-password link (account admins)',
    body: inviteTeamUserRequest,
    response: { 201: teamUser, ...e400, 403: errorResponse, 409: errorResponse },
  },
  updateTeamUser: {
    tags: ['team'],
    summary: "Changes a user's role, limits or status (account admins); the last active admin stays one",
    params: teamUserParams,
    body: updateTeamUserRequest,
    response: { 200: teamUser, ...e404, 403: errorResponse, 409: errorResponse },
  },
  getOrderLimits: {
    tags: ['team'],
    summary: "The caller's per-order limit and monthly budget against the basket as priced now (Review Order)",
    response: { 200: orderLimits, ...e400, 403: errorResponse },
  },
  listApprovals: {
    tags: ['team'],
    summary: "The account's orders awaiting approval, oldest first (approvers and account admins)",
    response: { 200: listApprovalsResponse, ...e400, 403: errorResponse },
  },
  reviewApproval: {
    tags: ['team'],
    summary:
      'An order awaiting approval re-priced as approving would place it, with the prices changed since submission',
    params: approvalParams,
    response: { 200: reviewApprovalResponse, ...e404, 403: errorResponse },
  },
  approveOrder: {
    tags: ['team'],
    summary: 'Approves and places an order awaiting approval, re-checked as Place Order checks',
    description:
      "`amount` is reviewApproval's currentTotal: 409 when the order changed since, or was already decided. Concurrent decisions give one outcome.",
    params: approvalParams,
    body: approveOrderRequest,
    response: { 200: approvalOutcome, ...e404, 403: errorResponse, 409: errorResponse },
  },
  declineOrder: {
    tags: ['team'],
    summary: 'Declines an order awaiting approval, with a reason the buyer is emailed and sees on the order',
    params: approvalParams,
    body: declineOrderRequest,
    response: { 200: approvalOutcome, ...e404, 403: errorResponse, 409: errorResponse },
  },
  withdrawOrder: {
    tags: ['orders'],
    summary: 'The buyer who submitted an order awaiting approval (or approved and awaiting payment) withdraws it',
    params: orderNumberParams,
    response: { 200: approvalOutcome, ...e404, 403: errorResponse, 409: errorResponse },
  },
  payApprovedOrder: {
    tags: ['payments'],
    summary: "Start the card payment of a card-paying account's order approved over the buyer's limits",
    description:
      "Only for an order 'Approved – awaiting payment'; the amount is the approved total, read on the server " +
      '(no body). The buyer who submitted it, an account admin or finance may pay. The browser then goes to ' +
      'payment_Checkout_Url; the approved payment places the order.',
    params: orderNumberParams,
    response: { 200: paymentResponse, ...e404, 403: errorResponse, 409: errorResponse, 429: errorResponse },
  },
  receivePaymentCallback: {
    tags: ['payments'],
    summary: 'Signed confirmation from the payment gateway (server to server)',
    body: paymentCallback,
    response: { 200: paymentCallbackResponse, ...e404 },
  },
  showPaymentPage: {
    tags: ['payments'],
    summary: 'The sandbox gateway’s card form (HTML)',
    params: paymentPageParams,
    hide: true,
  },
  payByCard: {
    tags: ['payments'],
    summary: 'The sandbox gateway takes the card (a form post) and sends the browser back (303)',
    params: paymentPageParams,
    hide: true,
  },
  showUnsubscribePage: {
    tags: ['email'],
    summary: 'The page an optional email’s unsubscribe link opens (HTML): a button that turns the category off',
    query: unsubscribeQuery,
    hide: true,
  },
  unsubscribeMail: {
    tags: ['email'],
    summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), or the page’s button: turns the category off',
    query: unsubscribeQuery,
    hide: true,
  },
});
