import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ApiCaller } from './guard.js';
import { createIntegrationGuard } from './integration-guard.js';
import { INTEGRATION_SECURITY, type IntegrationRoutePlugin } from './integration-plugin-types.js';
import { provideApiKeyGuard } from '../../plugins/routes.js';
import { bindEndpoints } from '../../plugins/bind.js';
import { integrationEndpoints } from '@wholesale/contract';
import { registerIdempotency } from './idempotency.js';
import { registerProblemHandling } from './problem.js';
import { integrationEventsRoutes } from '../events/events.routes.js';
import { integrationBindings } from './integration.bind.js';
import { eventsBindings } from '../events/events.bind.js';

/**
 * Plugins under /api/integration/v1, each registered with `{ ctx }`: none registers a route today
 * (the events plugin runs the webhook dispatcher); every endpoint is bound (`integrationBindings`).
 */
export const integrationRoutePlugins: IntegrationRoutePlugin[] = [integrationEventsRoutes];

/** Who answers each integration endpoint, area by area (modules/<area>/<area>.bind.ts). */
const integrationBindingSets = (ctx: AppContext) => [integrationBindings(ctx), eventsBindings(ctx)];

/**
 * The ERP integration API, registered by app.ts under INTEGRATION_PREFIX: its own error shape
 * (problem+json, 404 included), its guard (API keys, scopes, per-client rate limit) and
 * Idempotency-Key on every POST. Nothing here applies to customer routes.
 */
export const integrationModule: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.decorateRequest('apiClient', null as unknown as ApiCaller);
  // Every answer (errors and 404s included) is for one API client only: no cache may keep it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerProblemHandling(app);
  // A claim older than twice the longest a request may take belongs to a request that died.
  registerIdempotency(app, ctx.handle.db, { staleAfterMs: Math.max(60_000, 2 * ctx.config.HTTP_REQUEST_TIMEOUT_MS) });
  const guard = createIntegrationGuard(ctx, ctx.services.apiKeys);
  provideApiKeyGuard(app, (scope) => ({ check: guard(scope), security: INTEGRATION_SECURITY }));
  for (const routes of integrationRoutePlugins) await app.register(routes, { ctx });
  // Every integration endpoint answers from its binding, inside this context (problem+json errors,
  // Idempotency-Key, the API-key guard); start-up stops on one that nothing answers.
  bindEndpoints(app, integrationEndpoints, integrationBindingSets(ctx), { throttle: ctx.throttle });
};
