import type { FastifyPluginAsync } from 'fastify';
import { staffEndpoints } from '@wholesale/contract/staff';
import type { AppContext } from '../../context.js';
import { bindEndpoints, type BindingSet } from '../../plugins/bind.js';
import { provideStaffGuard } from '../../plugins/routes.js';
import { staffGuard } from './staff-guard.js';

/**
 * The back office's API, registered by app.ts under STAFF_PREFIX: its own guard (staff tokens and
 * roles, staff-guard.ts). Every staff endpoint answers from its binding (staff.bind.ts) inside this
 * context; start-up stops on one that nothing answers.
 */
export const staffModule: FastifyPluginAsync<{ ctx: AppContext; bindings: BindingSet[] }> = async (
  app,
  { ctx, bindings },
) => {
  provideStaffGuard(app, staffGuard(ctx.services.staff));
  // Tokens, secrets and customers' details must not stay in a browser or proxy cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  bindEndpoints(app, staffEndpoints, bindings, { throttle: ctx.throttle });
};
