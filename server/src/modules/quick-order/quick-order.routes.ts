import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addQuickOrder,
  addQuickOrderResponse,
  checkQuickOrder,
  checkQuickOrderResponse,
  errorResponse,
  getBasketPriceBreaksResponse,
} from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { priceBreaksService } from '../basket/price-breaks.service.js';
import { sharedCatalogueIndex } from '../products/catalogue-index.js';
import { quickOrderService } from './quick-order.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** Quick Order and the basket's price-break nudges (issue 27, additions to the spec). */
export const quickOrderRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const quick = quickOrderService(
    ctx.handle.db,
    ctx.handle.engine,
    sharedCatalogueIndex(ctx.handle.db, ctx.config.SEARCH_CACHE_ENTRIES),
  );
  const breaks = priceBreaksService(ctx.handle.db);
  app.addHook('preHandler', requireAuth(ctx.auth));

  app.post(
    '/quick-order/check',
    {
      schema: {
        tags: ['quick-order'],
        summary: 'Check pasted or uploaded lines (code, quantity) at once: each answered ready, short or what is wrong',
        body: checkQuickOrder,
        response: { 200: checkQuickOrderResponse, ...errors },
      },
    },
    (req) => quick.checkQuickOrder(req.auth, req.body.lines),
  );

  app.post(
    '/quick-order/add',
    {
      schema: {
        tags: ['quick-order'],
        summary: 'Check the lines again and add every valid one to the basket in one change',
        body: addQuickOrder,
        response: { 200: addQuickOrderResponse, ...errors },
      },
    },
    (req) => quick.addQuickOrder(req.auth, req.body.lines),
  );

  app.get(
    '/basket/price-breaks',
    {
      schema: {
        tags: ['basket'],
        summary: "The basket's next multi-buy breaks, savings won and prices changed since a copied order",
        response: { 200: getBasketPriceBreaksResponse, ...errors },
      },
    },
    (req) => breaks.getBasketPriceBreaks(req.auth),
  );
};
