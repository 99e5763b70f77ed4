import { z } from 'zod';
import { digitsParam } from './common.js';
import { INPUT_LIMITS } from './limits.js';

/**
 * ERP integration, outbound (`/api/integration/v1`): the outbox's events, the polled feed
 * (`GET /events`), webhook endpoints (`/webhook-endpoints`) and redelivery. Names are shared by the
 * schema and the service method: listEvents, redeliverEvent, createWebhookEndpoint,
 * listWebhookEndpoints, getWebhookEndpoint, updateWebhookEndpoint, deleteWebhookEndpoint.
 */

/**
 * What the portal announces; each is written in the same transaction as its change. `user.updated`:
 * a user created, changed, enabled or disabled (PUT /accounts/{n}/users, the admin CLI's create-user
 * and disable-user, an account admin's Team screen inviting, enabling or disabling a user).
 * `webhook_endpoint.disabled`: the portal disabled one of the caller's endpoints after every attempt
 * failed for days (as Standard Webhooks senders do); only that API client sees it.
 */
export const EVENT_TYPES = [
  'order.placed',
  'order.cancelled',
  'payment.approved',
  'delivery_address.added',
  'user.updated',
  'webhook_endpoint.disabled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const eventType = z.lazy(() => z.enum(EVENT_TYPES));

/** The longest page of the feed. */
export const EVENTS_PAGE_MAX = 500;

/**
 * One event, as the feed lists it and as a webhook's body carries it (Standard Webhooks' `type`,
 * `timestamp`, `data`, plus its id and its place in the feed).
 */
export const integrationEvent = z.lazy(() =>
  z.object({
    id: z.string().describe("Stable event id ('evt_...'): the webhook-id header, the same on every delivery"),
    sequence: z.number().int().describe('Position in the feed; increases with every event committed'),
    type: eventType,
    timestamp: z.string().describe('When the change committed (ISO 8601, UTC)'),
    data: z.record(z.string(), z.unknown()).describe("The event's payload (see docs/areas.md, Integration)"),
  }),
);
export type IntegrationEvent = z.infer<typeof integrationEvent>;

/** GET /events */
export const listEventsQuery = z.lazy(() =>
  z.object({
    after: z
      .string()
      .regex(/^\d{1,15}$/, 'must be a sequence written in digits')
      .transform(Number)
      .default(0)
      .describe('Answer the events after this sequence (the previous page’s `next`); 0 for the oldest kept'),
    limit: digitsParam(1, EVENTS_PAGE_MAX).default(100),
  }),
);
export type ListEventsQuery = z.infer<typeof listEventsQuery>;

export const listEventsResponse = z.lazy(() =>
  z.object({
    events: z.array(integrationEvent).describe('Oldest first; events are kept 30 days'),
    next: z.number().int().describe('Pass as `after` for the next page (equals `after` when nothing is new)'),
  }),
);
export type ListEventsResponse = z.infer<typeof listEventsResponse>;

export const eventIdParams = z.lazy(() => z.object({ id: z.string().trim().min(1).max(INPUT_LIMITS.eventId) }));

/** POST /events/{id}/redeliver */
export const redeliverEventResponse = z.lazy(() =>
  z.object({
    eventId: z.string(),
    deliveries: z.number().int().describe("How many of the caller's enabled, subscribed endpoints it is queued for"),
  }),
);
export type RedeliverEventResponse = z.infer<typeof redeliverEventResponse>;

export const webhookUrl = z.lazy(() =>
  z
    .string()
    .trim()
    .max(INPUT_LIMITS.url)
    .url()
    .describe('http(s) only; loopback, link-local and private addresses are refused'),
);

export const webhookEndpoint = z.lazy(() =>
  z.object({
    id: z.number().int(),
    url: z.string(),
    eventTypes: z.array(eventType),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().describe('Why the portal disabled it (e.g. the endpoint answered 410)'),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** POST /webhook-endpoints */
export const createWebhookEndpointRequest = z.lazy(() =>
  z.object({
    url: webhookUrl,
    eventTypes: z.array(eventType).min(1).max(EVENT_TYPES.length),
    enabled: z.boolean().default(true),
  }),
);
export type CreateWebhookEndpointRequest = z.infer<typeof createWebhookEndpointRequest>;

export const createWebhookEndpointResponse = z.lazy(() =>
  z.object({
    ...webhookEndpoint.unwrap().shape,
    secret: z
      .string()
      .describe("The signing secret ('whsec_...'), shown this once: verify deliveries with it (Standard Webhooks)"),
  }),
);
/**
 * The same POST answered again for a repeated Idempotency-Key: the endpoint without its secret,
 * which is never stored in plain text (`secretNote` says so).
 */
export const replayedWebhookEndpointResponse = z.lazy(() =>
  z.object({
    ...webhookEndpoint.unwrap().shape,
    secretNote: z.string().describe('The secret was shown once, in the first answer, and is not shown again'),
  }),
);
export type CreateWebhookEndpointResponse = z.infer<typeof createWebhookEndpointResponse>;

/** PATCH /webhook-endpoints/{id}: only the fields given change. */
export const updateWebhookEndpointRequest = z.lazy(() =>
  z.object({
    url: webhookUrl.optional(),
    eventTypes: z.array(eventType).min(1).max(EVENT_TYPES.length).optional(),
    enabled: z.boolean().optional(),
  }),
);
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointRequest>;

export const webhookEndpointParams = z.lazy(() => z.object({ id: digitsParam() }));

export const listWebhookEndpointsResponse = z.lazy(() => z.object({ endpoints: z.array(webhookEndpoint) }));
export type ListWebhookEndpointsResponse = z.infer<typeof listWebhookEndpointsResponse>;
