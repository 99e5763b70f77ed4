import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { catalogueRoutes } from './catalogue.routes.js';
import type { ApiCaller } from './guard.js';
import { createIntegrationGuard } from './integration-guard.js';
import { INTEGRATION_SECURITY, type IntegrationRoutePlugin } from './integration-plugin-types.js';
import { provideApiKeyGuard } from '../../plugins/routes.js';
import { bindEndpoints } from '../../plugins/bind.js';
import { integrationEndpoints } from '@wholesale/contract';
import { registerProblemHandling } from './problem.js';
import { orderStatusRoutes } from './order-status.routes.js';
import { problemTypeRoutes } from './problem-types.routes.js';

/**
 * Route plugins under /api/integration/v1, each registered with `{ ctx }`; each route's contract
 * entry names the scope the API-key guard checks. An endpoint whose entry names a service needs no
 * plugin (plugins/bind.ts); another area with routes of its own joins by adding its plugin here.
 */
export const integrationRoutePlugins: IntegrationRoutePlugin[] = [
  catalogueRoutes,
  orderStatusRoutes,
  problemTypeRoutes,
];

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
  ctx.services.idempotency.register(app, { staleAfterMs: Math.max(60_000, 2 * ctx.config.HTTP_REQUEST_TIMEOUT_MS) });
  const guard = createIntegrationGuard(ctx, ctx.services.apiKeys);
  provideApiKeyGuard(app, (scope) => ({ check: guard(scope), security: INTEGRATION_SECURITY }));
  for (const routes of integrationRoutePlugins) await app.register(routes, { ctx });
  // Every other integration endpoint answers from the service its contract entry names.
  bindEndpoints(app, integrationEndpoints, ctx.services);
};
