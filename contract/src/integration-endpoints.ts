import { z } from 'zod';
import {
  acknowledgeOrderRequest,
  acknowledgeOrderResponse,
  INTEGRATION_PREFIX,
  integrationOrderParams,
  ordersOutQuery,
  ordersOutResponse,
  problemDetails,
  problemKindParams,
  PROBLEM_KIND_NAMES,
  setOrderStatusRequest,
  setOrderStatusResponse,
  accountUsersParams,
  upsertAccountsRequest,
  upsertInvoicesRequest,
  upsertUsersRequest,
  upsertPricesRequest,
  upsertProductsRequest,
  upsertQuery,
  upsertResponse,
  upsertStockRequest,
} from './integration.js';
import {
  createWebhookEndpointRequest,
  createWebhookEndpointResponse,
  replayedWebhookEndpointResponse,
  eventIdParams,
  listEventsQuery,
  listEventsResponse,
  listWebhookEndpointsResponse,
  redeliverEventResponse,
  updateWebhookEndpointRequest,
  webhookEndpoint,
  webhookEndpointParams,
} from './integration-events.js';
import { SET_PASSWORD_LINK_TTL_HOURS } from './auth.js';
import { endpoints, withDetails, type Endpoint } from './endpoints.js';
import { apiKey, publicAccess, routeTable } from './routes.js';

const problems = <const S extends readonly number[]>(...statuses: S) =>
  Object.fromEntries(statuses.map((s) => [s, problemDetails])) as { readonly [K in S[number]]: typeof problemDetails };

const upsertDescription =
  'Each item is answered in order: created, updated, unchanged (nothing written), stale (older sourceVersion than the last applied) or failed (with JSON pointers). Failed items never block the others unless atomic=true. The body limit is sized from the largest valid batch (1,000 items at their longest), so a valid batch is never 413.';
const upsertRoute = { method: 'PUT' } as const;
const upsert = {
  tags: ['integration: catalogue'],
  query: upsertQuery,
  response: { 200: upsertResponse, .../* @__PURE__ */ problems(400, 401, 403, 413, 422, 429) },
} as const;
const P = INTEGRATION_PREFIX;
const eventTags = ['integration: events'];

/** The ERP integration API's routes under INTEGRATION_PREFIX: API keys with scopes, problem+json errors. */
export const integrationRoutes = /* @__PURE__ */ routeTable({
  upsertProducts: {
    ...upsertRoute,
    path: `${P}/products`,
    access: apiKey('catalogue:write'),
  },
  upsertPrices: {
    ...upsertRoute,
    path: `${P}/prices`,
    access: apiKey('prices:write'),
  },
  upsertStock: {
    ...upsertRoute,
    path: `${P}/stock`,
    access: apiKey('stock:write'),
  },
  upsertAccounts: {
    ...upsertRoute,
    path: `${P}/accounts`,
    access: apiKey('accounts:write'),
  },
  upsertAccountUsers: {
    ...upsertRoute,
    path: `${P}/accounts/:customerNumber/users`,
    access: apiKey('accounts:write'),
  },
  upsertInvoices: {
    ...upsertRoute,
    path: `${P}/invoices`,
    access: apiKey('invoices:write'),
  },
  listOrdersOut: {
    method: 'GET',
    path: `${P}/orders`,
    access: apiKey('orders:read'),
  },
  acknowledgeOrder: {
    method: 'POST',
    path: `${P}/orders/:orderNumber/acknowledge`,
    access: apiKey('orders:write'),
  },
  setOrderStatus: {
    method: 'PUT',
    path: `${P}/orders/:orderNumber/status`,
    access: apiKey('orders:write'),
  },
  listEvents: {
    method: 'GET',
    path: `${P}/events`,
    access: apiKey('events:read'),
  },
  redeliverEvent: {
    method: 'POST',
    path: `${P}/events/:id/redeliver`,
    access: apiKey('webhooks:manage'),
  },
  createWebhookEndpoint: {
    method: 'POST',
    path: `${P}/webhook-endpoints`,
    access: apiKey('webhooks:manage'),
  },
  listWebhookEndpoints: {
    method: 'GET',
    path: `${P}/webhook-endpoints`,
    access: apiKey('webhooks:manage'),
  },
  getWebhookEndpoint: {
    method: 'GET',
    path: `${P}/webhook-endpoints/:id`,
    access: apiKey('webhooks:manage'),
  },
  updateWebhookEndpoint: {
    method: 'PATCH',
    path: `${P}/webhook-endpoints/:id`,
    access: apiKey('webhooks:manage'),
  },
  deleteWebhookEndpoint: {
    method: 'DELETE',
    path: `${P}/webhook-endpoints/:id`,
    access: apiKey('webhooks:manage'),
  },
  describeProblemType: {
    method: 'GET',
    path: `${P}/problems/:kind`,
    access: publicAccess('static documentation of a problem type: no data, nothing written'),
  },
});

/**
 * The integration routes with their schemas. Kept apart from `endpoints` so that the web app's
 * bundle carries none of their schemas.
 */
export const integrationEndpoints = /* @__PURE__ */ withDetails(integrationRoutes, {
  upsertProducts: {
    ...upsert,
    summary: 'Create or update products by itemNumber',
    description: `${upsertDescription} A new product starts with no stock; prices and stock have their own endpoints.`,
    body: upsertProductsRequest,
  },
  upsertPrices: {
    ...upsert,
    summary: 'Set list prices and multi-buy tiers by itemNumber and currency',
    description: `${upsertDescription} An unknown itemNumber fails its item.`,
    body: upsertPricesRequest,
  },
  upsertStock: {
    ...upsert,
    summary: 'Set quantities available and due-in schedules by itemNumber',
    description: `${upsertDescription} An unknown itemNumber fails its item.`,
    body: upsertStockRequest,
  },
  upsertAccounts: {
    ...upsert,
    tags: ['integration: accounts'],
    summary: 'Create or update trade accounts by customerNumber',
    description: `${upsertDescription} Terms (currency, proforma, on stop, discounts, VAT, carriage) apply to the account's next page, basket and checkout.`,
    body: upsertAccountsRequest,
  },
  upsertAccountUsers: {
    ...upsert,
    response: { ...upsert.response, .../* @__PURE__ */ problems(404) },
    tags: ['integration: accounts'],
    summary: "Create or update an account's users by username",
    description: `${upsertDescription} A created user has no password: the item's result carries setPasswordLink, a one-time link (${SET_PASSWORD_LINK_TTL_HOURS} hours) to a page where the user sets one; send it to the user. enabled=false ends the user's sessions at once. Each change sends user.updated. An unknown customerNumber is 404; a username of another account fails its item.`,
    params: accountUsersParams,
    body: upsertUsersRequest,
  },
  upsertInvoices: {
    ...upsert,
    tags: ['integration: accounts'],
    summary: 'Create or update invoices and credit memos by documentNumber',
    description: `${upsertDescription} The customer's open documents are those with a remaining amount; the balance of every account a request touches becomes the sum of its documents' remaining amounts.`,
    body: upsertInvoicesRequest,
  },
  listOrdersOut: {
    tags: ['integration: orders'],
    summary: 'Orders placed in the portal, oldest first',
    description:
      "Pages every order placed in the portal with its lines, prices, totals, purchase order, delivery information, who placed it (`placedBy`) and, for an order over its buyer's spending limits, who approved it (`approvedBy`), and (proforma orders) the card payment. An order awaiting approval is not listed until it is approved. Keep `next` and pass it as `after` to poll for new orders.",
    query: ordersOutQuery,
    response: { 200: ordersOutResponse, .../* @__PURE__ */ problems(400, 401, 403, 429) },
  },
  acknowledgeOrder: {
    tags: ['integration: orders'],
    summary: "Record the ERP's own reference for an order",
    description:
      'The customer sees the reference in the order enquiry. Idempotent: acknowledging again with the same reference changes nothing. Honours Idempotency-Key.',
    params: integrationOrderParams,
    body: acknowledgeOrderRequest,
    response: { 200: acknowledgeOrderResponse, .../* @__PURE__ */ problems(400, 401, 403, 404, 422, 429) },
  },
  setOrderStatus: {
    tags: ['integration: orders'],
    summary: "Set an order's status, tracking numbers and despatch date",
    description:
      'Any order (placed in the portal or from the ERP history). The customer sees it at once. Shipped marks every line shipped in full. Only the order life cycle moves: Open to In Progress, Shipped or Cancelled; In Progress to Shipped or Cancelled; Shipped and Cancelled are final (409, its detail naming the current status). Setting the status an order has is allowed (to add tracking numbers).',
    params: integrationOrderParams,
    body: setOrderStatusRequest,
    response: { 200: setOrderStatusResponse, .../* @__PURE__ */ problems(400, 401, 403, 404, 409, 429) },
  },
  listEvents: {
    tags: eventTags,
    summary: 'Events after a sequence, oldest first (kept 30 days)',
    description:
      'Poll with `after` set to the previous answer’s `next`. Each event’s `id` is also the `webhook-id` of its deliveries.',
    query: listEventsQuery,
    response: { 200: listEventsResponse },
  },
  redeliverEvent: {
    tags: eventTags,
    summary: "Send an event again to the caller's enabled endpoints subscribed to its type",
    params: eventIdParams,
    response: { 202: redeliverEventResponse },
  },
  createWebhookEndpoint: {
    tags: eventTags,
    summary: 'Add a webhook endpoint; its signing secret is answered this once',
    body: createWebhookEndpointRequest,
    response: { 201: z.union([createWebhookEndpointResponse, replayedWebhookEndpointResponse]) },
  },
  listWebhookEndpoints: {
    tags: eventTags,
    summary: "The caller's webhook endpoints",
    response: { 200: listWebhookEndpointsResponse },
  },
  getWebhookEndpoint: {
    tags: eventTags,
    summary: 'One webhook endpoint',
    params: webhookEndpointParams,
    response: { 200: webhookEndpoint },
  },
  updateWebhookEndpoint: {
    tags: eventTags,
    summary: 'Change an endpoint’s URL or event types, or enable/disable it',
    params: webhookEndpointParams,
    body: updateWebhookEndpointRequest,
    response: { 200: webhookEndpoint },
  },
  describeProblemType: {
    tags: ['integration: errors'],
    summary: 'What a problem type means (each problem+json `type` is the path of its page)',
    description: `An HTML page with the kind of problem, its status and what to do. The kinds: ${PROBLEM_KIND_NAMES.join(', ')}.`,
    params: problemKindParams,
    produces: 'html',
  },
  deleteWebhookEndpoint: {
    tags: eventTags,
    summary: 'Remove an endpoint (its pending deliveries go with it)',
    params: webhookEndpointParams,
    response: { 204: z.lazy(() => z.null().describe('Removed')) },
  },
});

/** Every endpoint the server registers, portal and integration (server and tests). */
export const allEndpoints = (): readonly Endpoint[] => [
  ...Object.values(endpoints),
  ...Object.values(integrationEndpoints),
];
