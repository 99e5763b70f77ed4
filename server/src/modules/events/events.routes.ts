/**
 * ERP integration, outbound: the events feed, redelivery and webhook endpoints. Registered by the
 * app under INTEGRATION_PREFIX (`/api/integration/v1`) with the integration guard:
 *
 *   await api.register(integrationEventsRoutes, { ctx, guard });
 *
 * It also runs this server's webhook dispatcher (from ready to close) unless WEBHOOK_DELIVERY=false.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookEndpointRequest,
  createWebhookEndpointResponse,
  eventIdParams,
  listEventsQuery,
  listEventsResponse,
  listWebhookEndpointsResponse,
  redeliverEventResponse,
  updateWebhookEndpointRequest,
  webhookEndpoint,
  webhookEndpointParams,
} from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import type { IntegrationGuard } from '../integration/guard.js';
import { webhookDispatcher, type DispatcherTuning } from './webhook-dispatcher.js';

export interface IntegrationEventsOptions {
  ctx: Pick<AppContext, 'config' | 'handle' | 'webhookDispatcher' | 'services'>;
  guard: IntegrationGuard;
  /** Tests: a faster retry schedule or shorter leases than the defaults. */
  dispatcher?: DispatcherTuning;
}

/**
 * Error answers are not declared here: this surface answers RFC 9457 problem+json (the integration
 * module's error handling, branch erp-in), and a declared shape would serialize them to another.
 * At merge, declare the integration problem schema for 400, 401, 403, 404 and 409.
 */
const tags = ['integration: events'];

export const integrationEventsRoutes: FastifyPluginAsync<IntegrationEventsOptions> = async (
  fastify,
  { ctx, guard, dispatcher: tuning = ctx.webhookDispatcher },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, handle } = ctx;
  const { events, webhooks, secretBox: box } = ctx.services;

  if (config.WEBHOOK_DELIVERY) {
    const dispatcher = webhookDispatcher(handle.db, {
      box,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
      pollMs: config.WEBHOOK_POLL_MS,
      log: fastify.log,
      ...tuning,
    });
    fastify.addHook('onReady', async () => dispatcher.start());
    fastify.addHook('onClose', async () => dispatcher.stop());
  }

  app.get(
    '/events',
    {
      preHandler: guard('events:read'),
      schema: {
        tags,
        summary: 'Events after a sequence, oldest first (kept 30 days)',
        description:
          'Poll with `after` set to the previous answer’s `next`. Each event’s `id` is also the `webhook-id` of its deliveries.',
        querystring: listEventsQuery,
        response: { 200: listEventsResponse },
      },
    },
    (req) => events.listEvents(req.query),
  );

  app.post(
    '/events/:id/redeliver',
    {
      preHandler: guard('webhooks:manage'),
      schema: {
        tags,
        summary: "Send an event again to the caller's enabled endpoints subscribed to its type",
        params: eventIdParams,
        response: { 202: redeliverEventResponse },
      },
    },
    async (req, reply) => reply.status(202).send(await events.redeliverEvent(req.apiClient.clientId, req.params.id)),
  );

  app.post(
    '/webhook-endpoints',
    {
      preHandler: guard('webhooks:manage'),
      schema: {
        tags,
        summary: 'Add a webhook endpoint; its signing secret is answered this once',
        body: createWebhookEndpointRequest,
        response: { 201: createWebhookEndpointResponse },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await webhooks.createWebhookEndpoint(req.apiClient.clientId, req.body)),
  );

  app.get(
    '/webhook-endpoints',
    {
      preHandler: guard('webhooks:manage'),
      schema: {
        tags,
        summary: "The caller's webhook endpoints",
        response: { 200: listWebhookEndpointsResponse },
      },
    },
    (req) => webhooks.listWebhookEndpoints(req.apiClient.clientId),
  );

  app.get(
    '/webhook-endpoints/:id',
    {
      preHandler: guard('webhooks:manage'),
      schema: {
        tags,
        summary: 'One webhook endpoint',
        params: webhookEndpointParams,
        response: { 200: webhookEndpoint },
      },
    },
    (req) => webhooks.getWebhookEndpoint(req.apiClient.clientId, req.params.id),
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      preHandler: guard('webhooks:manage'),
      schema: {
        tags,
        summary: 'Change an endpoint’s URL or event types, or enable/disable it',
        params: webhookEndpointParams,
        body: updateWebhookEndpointRequest,
        response: { 200: webhookEndpoint },
      },
    },
    (req) => webhooks.updateWebhookEndpoint(req.apiClient.clientId, req.params.id, req.body),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      preHandler: guard('webhooks:manage'),
      schema: {
        tags,
        summary: 'Remove an endpoint (its pending deliveries go with it)',
        params: webhookEndpointParams,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (req, reply) => {
      await webhooks.deleteWebhookEndpoint(req.apiClient.clientId, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
