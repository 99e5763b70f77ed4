import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryList, healthResponse, notification, siteSettings } from '@wholesale/contract';
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
import { requireAuth } from '../../plugins/authenticate.js';

export const siteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = requireAuth(ctx.auth);

  app.get(
    '/health',
    {
      schema: {
        tags: ['site'],
        summary: 'Liveness and database check: 503 with Retry-After when the database does not answer',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_req, reply) => {
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
    },
  );

  app.get(
    '/settings',
    {
      schema: {
        tags: ['site'],
        summary: 'Public portal settings (support email, footer, links)',
        response: { 200: siteSettings },
      },
    },
    () => ctx.settings.site(),
  );

  app.get(
    '/notification',
    {
      preHandler: auth,
      schema: { tags: ['site'], summary: 'The home page notification banner', response: { 200: notification } },
    },
    () => ctx.settings.notification(),
  );

  app.get(
    '/countries',
    { preHandler: auth, schema: { tags: ['site'], summary: 'Delivery countries', response: { 200: countryList } } },
    () => ctx.services.repositories.site.countries(),
  );
};
