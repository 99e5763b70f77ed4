import { z } from 'zod';
import { errorResponse } from '../common.js';
import { withDetails } from '../endpoints.js';
import { API_SCOPES } from '../integration.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX } from './common.js';
import { EVENT_TYPES } from '../integration-events.js';
import { BACK_OFFICE_MSG } from './back-office-messages.js';
import { listPage, listQuery } from './paging.js';

/**
 * The staff back office's integration (admin): the ERP's API clients (created with scopes, a key
 * shown once, rotated, revoked) and every client's webhook endpoints with their delivery log
 * (status, attempts, last response, next retry) and redelivery. The admin CLI's `api-client` and
 * `webhook` commands use the same services.
 */

const idParam = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, message));

export const apiClientName = z.lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ._-]{1,60}$/, BACK_OFFICE_MSG.clientNameFormat),
);

export const apiClientParams = z.lazy(() => z.object({ clientId: idParam(BACK_OFFICE_MSG.clientNotFound) }));
export const apiKeyParams = z.lazy(() =>
  z.object({
    clientId: idParam(BACK_OFFICE_MSG.clientNotFound),
    keyId: z.string().regex(/^[0-9a-f]{12}$/, BACK_OFFICE_MSG.keyNotFound),
  }),
);

export const staffApiClient = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.enum(API_SCOPES)),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
    keys: z.array(z.object({ keyId: z.string(), createdAt: z.string() })).describe('Live keys (ids only)'),
  }),
);
export type StaffApiClient = z.infer<typeof staffApiClient>;
export const listStaffApiClientsResponse = z.lazy(() => z.array(staffApiClient));

export const createStaffApiClientRequest = z.lazy(() =>
  z.object({
    name: apiClientName,
    scopes: z.array(z.enum(API_SCOPES)).min(1, BACK_OFFICE_MSG.scopesRequired).max(API_SCOPES.length),
  }),
);
export type CreateStaffApiClientRequest = z.input<typeof createStaffApiClientRequest>;

/** A new key: the whole key is in this answer only (only its hash is stored). */
export const issuedApiKey = z.lazy(() =>
  z.object({
    client: staffApiClient,
    keyId: z.string(),
    key: z.string().describe('Shown only now: store it in the ERP’s secrets'),
  }),
);
export type IssuedApiKey = z.infer<typeof issuedApiKey>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const staffWebhookEndpoint = z.lazy(() =>
  z.object({
    id: z.number().int(),
    client: z.string(),
    clientRevoked: z.boolean(),
    url: z.string(),
    eventTypes: z.array(z.enum(EVENT_TYPES)),
    enabled: z.boolean(),
    disabledReason: z.string().nullable(),
    failingSince: z.string().nullable(),
    pending: z.number().int(),
  }),
);
export const listStaffWebhookEndpointsResponse = z.lazy(() => z.array(staffWebhookEndpoint));

export const webhookEndpointIdParams = z.lazy(() =>
  z.object({ endpointId: idParam(BACK_OFFICE_MSG.webhookEndpointNotFound) }),
);

export const WEBHOOK_DELIVERY_SORT_KEYS = ['createdAt', 'nextAttemptAt', 'attempts'] as const;
export const listStaffWebhookDeliveriesQuery = z.lazy(() =>
  listQuery(WEBHOOK_DELIVERY_SORT_KEYS, 'createdAt').extend({
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  }),
);

export const staffWebhookDelivery = z.lazy(() =>
  z.object({
    id: z.number().int(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable().describe('The HTTP status of the last attempt; null: no answer'),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable().describe('When it is tried next; null once delivered or given up'),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type StaffWebhookDelivery = z.infer<typeof staffWebhookDelivery>;
export const listStaffWebhookDeliveriesResponse = z.lazy(() => listPage(staffWebhookDelivery));

export const webhookDeliveryParams = z.lazy(() =>
  z.object({
    endpointId: idParam(BACK_OFFICE_MSG.webhookEndpointNotFound),
    deliveryId: idParam(BACK_OFFICE_MSG.deliveryNotFound),
  }),
);

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorResponse]));
const C = `${STAFF_PREFIX}/api-clients`;
const W = `${STAFF_PREFIX}/webhook-endpoints`;
const admin = staff('admin');

export const staffIntegrationRoutes = /* @__PURE__ */ routeTable({
  listStaffApiClients: { method: 'GET', path: C, access: admin },
  createStaffApiClient: { method: 'POST', path: C, access: admin },
  rotateStaffApiClientKey: { method: 'POST', path: `${C}/:clientId/keys`, access: admin },
  revokeStaffApiKey: { method: 'DELETE', path: `${C}/:clientId/keys/:keyId`, access: admin },
  revokeStaffApiClient: { method: 'POST', path: `${C}/:clientId/revoke`, access: admin },
  listStaffWebhookEndpoints: { method: 'GET', path: W, access: admin },
  listStaffWebhookDeliveries: { method: 'GET', path: `${W}/:endpointId/deliveries`, access: admin },
  redeliverStaffWebhookDelivery: {
    method: 'POST',
    path: `${W}/:endpointId/deliveries/:deliveryId/redeliver`,
    access: admin,
  },
});

const tags = ['staff: integration'];

export const staffIntegrationEndpoints = /* @__PURE__ */ withDetails(staffIntegrationRoutes, {
  listStaffApiClients: {
    tags,
    summary: 'The ERP’s API clients with their scopes and live key ids (never a key)',
    response: { 200: listStaffApiClientsResponse, ...errors(401, 403) },
  },
  createStaffApiClient: {
    tags,
    summary: 'Create an API client with scopes and its first key; the key is in this answer only',
    body: createStaffApiClientRequest,
    response: { 200: issuedApiKey, ...errors(400, 401, 403, 409) },
  },
  rotateStaffApiClientKey: {
    tags,
    summary: 'A new key for the client (shown only now); the old key stays valid until revoked',
    params: apiClientParams,
    response: { 200: issuedApiKey, ...errors(400, 401, 403, 404, 409) },
  },
  revokeStaffApiKey: {
    tags,
    summary: 'Revoke one key of the client',
    params: apiKeyParams,
    response: { 200: staffApiClient, ...errors(400, 401, 403, 404) },
  },
  revokeStaffApiClient: {
    tags,
    summary: 'Revoke the client, all its keys and its webhook endpoints',
    params: apiClientParams,
    response: { 200: staffApiClient, ...errors(400, 401, 403, 404, 409) },
  },
  listStaffWebhookEndpoints: {
    tags,
    summary: 'Every client’s webhook endpoints: enabled, failing since, deliveries pending',
    response: { 200: listStaffWebhookEndpointsResponse, ...errors(401, 403) },
  },
  listStaffWebhookDeliveries: {
    tags,
    summary: 'An endpoint’s delivery log: status, attempts, last response, next retry; paged and sorted on the server',
    params: webhookEndpointIdParams,
    query: listStaffWebhookDeliveriesQuery,
    response: { 200: listStaffWebhookDeliveriesResponse, ...errors(400, 401, 403, 404) },
  },
  redeliverStaffWebhookDelivery: {
    tags,
    summary: 'Queue a delivery again now (attempts start over); answers the delivery as queued',
    params: webhookDeliveryParams,
    response: { 200: staffWebhookDelivery, ...errors(400, 401, 403, 404, 409) },
  },
});
