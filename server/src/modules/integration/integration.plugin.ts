import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ApiCaller } from './guard.js';
import { createIntegrationGuard } from './integration-guard.js';
import { INTEGRATION_SECURITY } from './integration-plugin-types.js';
import { provideApiKeyGuard } from '../../plugins/routes.js';
import { bindEndpoints, type BindingSet } from '../../plugins/bind.js';
import { integrationEndpoints } from '@wholesale/contract';
import { registerProblemHandling } from './problem.js';

/**
 * The ERP integration API, registered by app.ts under INTEGRATION_PREFIX: its own error shape
 * (problem+json, 404 included), its guard (API keys, scopes, per-client rate limit) and
 * Idempotency-Key on every POST. Nothing here applies to customer routes.
 */
export const integrationModule: FastifyPluginAsync<{ ctx: AppContext; bindings: BindingSet[] }> = async (
  app,
  { ctx, bindings },
) => {
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
  // Every integration endpoint answers from its binding, inside this context (problem+json errors,
  // Idempotency-Key, the API-key guard); start-up stops on one that nothing answers.
  bindEndpoints(app, integrationEndpoints, bindings, { throttle: ctx.throttle });
};
