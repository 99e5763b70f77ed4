/**
 * ERP integration, outbound: the events feed, redelivery and webhook endpoints. Registered by the
 * integration module under INTEGRATION_PREFIX (`/api/integration/v1`), which binds their routes
 * (events.bind.ts, plugins/bind.ts) behind the API-key guard.
 *
 * It also runs this server's webhook dispatcher (from ready to close) unless WEBHOOK_DELIVERY=false.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
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
  const { secretBox: box } = ctx.services;

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
  // The routes (the feed, redelivery, webhook endpoints) are bound to the events and webhooks
  // services by events.bind.ts: 201, 202 and 204 come from the contract's entries.
};
