/**
 * ERP integration, outbound: the events feed, redelivery and webhook endpoints. Registered by the
 * integration module under INTEGRATION_PREFIX (`/api/integration/v1`), whose API-key guard each
 * route's contract entry names (plugins/routes.ts).
 *
 * It also runs this server's webhook dispatcher (from ready to close) unless WEBHOOK_DELIVERY=false.
 */
import type { FastifyPluginAsync } from 'fastify';
import { integrationEndpoints as api } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';
import { webhookDispatcher, type DispatcherTuning } from './webhook-dispatcher.js';

export interface IntegrationEventsOptions {
  ctx: Pick<AppContext, 'config' | 'handle' | 'webhookDispatcher' | 'services'>;
  /** Tests: a faster retry schedule or shorter leases than the defaults. */
  dispatcher?: DispatcherTuning;
}

export const integrationEventsRoutes: FastifyPluginAsync<IntegrationEventsOptions> = async (
  app,
  { ctx, dispatcher: tuning = ctx.webhookDispatcher },
) => {
  const { config, handle } = ctx;
  const { events, webhooks, secretBox: box } = ctx.services;

  if (config.WEBHOOK_DELIVERY) {
    const dispatcher = webhookDispatcher(handle.db, {
      box,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
      pollMs: config.WEBHOOK_POLL_MS,
      log: app.log,
      ...tuning,
    });
    app.addHook('onReady', async () => dispatcher.start());
    app.addHook('onClose', async () => dispatcher.stop());
  }

  route(app, api.listEvents, (req) => events.listEvents(req.query));
  route(app, api.redeliverEvent, async (req, reply) =>
    reply.status(202).send(await events.redeliverEvent(req.apiClient.clientId, req.params.id)),
  );
  route(app, api.createWebhookEndpoint, async (req, reply) =>
    reply.status(201).send(await webhooks.createWebhookEndpoint(req.apiClient.clientId, req.body)),
  );
  route(app, api.listWebhookEndpoints, (req) => webhooks.listWebhookEndpoints(req.apiClient.clientId));
  route(app, api.getWebhookEndpoint, (req) => webhooks.getWebhookEndpoint(req.apiClient.clientId, req.params.id));
  route(app, api.updateWebhookEndpoint, (req) =>
    webhooks.updateWebhookEndpoint(req.apiClient.clientId, req.params.id, req.body),
  );
  route(app, api.deleteWebhookEndpoint, async (req, reply) => {
    await webhooks.deleteWebhookEndpoint(req.apiClient.clientId, req.params.id);
    return reply.status(204).send(null);
  });
};
