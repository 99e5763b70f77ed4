import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

/** `/api/health/live`: the process answers (restart it when this fails); readiness is by hand (health.routes.ts). */
export const healthBindings = (_ctx: AppContext) =>
  bindings('health', endpoints, {
    getLiveness: { headers: { 'cache-control': 'no-store' }, call: () => ({ status: 'ok' as const }) },
  });
