import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/errors.js';

/** A health check answers within this even when the database hangs (a held lock, a full pool). */
export const HEALTH_DB_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

/**
 * The plain database check, registered by hand: a probe, not a service; its 503 carries
 * Retry-After and a body of the 503 schema, which a binding (one success status) does not send.
 * The settings are bound (site.bind.ts).
 */
export const siteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, endpoints.getHealth, async (_req, reply) => {
    const started = performance.now();
    const up = await withTimeout(ctx.handle.probe(HEALTH_DB_TIMEOUT_MS), HEALTH_DB_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
    const database = {
      engine: ctx.handle.engine,
      status: up ? ('up' as const) : ('down' as const),
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
    };
    if (up) return { status: 'ok' as const, database };
    return reply
      .status(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .send({ status: 'unavailable' as const, database });
  });
};
