import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryList, healthResponse, notification, siteSettings } from '@wholesale/contract';
import { ping } from '../../db/client.js';
import type { AppContext } from '../../context.js';
import { requireAuth } from '../../plugins/authenticate.js';

export const siteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = requireAuth(ctx.auth);

  app.get(
    '/health',
    { schema: { tags: ['site'], summary: 'Liveness and database check', response: { 200: healthResponse } } },
    async () => {
      await ping(ctx.handle.db);
      return { status: 'ok' as const, database: ctx.handle.engine };
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
    () => ctx.handle.db.selectFrom('countries').select(['code', 'name']).orderBy('sort').execute(),
  );
};
