import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addBasketLine,
  basket,
  basketLineParams,
  basketSummary,
  errorResponse,
  updateBasketLine,
} from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { requireAuth } from '../../plugins/authenticate.js';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

export const basketRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = ctx.services.basket;
  app.addHook('preHandler', requireAuth(ctx.auth));

  app.get(
    '/basket',
    {
      schema: {
        tags: ['basket'],
        summary: "The caller's basket, priced on the server",
        response: { 200: basket, ...errors },
      },
    },
    (req) => service.getBasket(req.auth),
  );

  app.post(
    '/basket',
    {
      schema: {
        tags: ['basket'],
        summary: 'Add an item (the same item again adds to its line)',
        body: addBasketLine,
        response: { 200: basket, ...errors },
      },
    },
    (req) => service.addBasketLine(req.auth, req.body.itemNumber, req.body.quantity),
  );

  app.patch(
    '/basket',
    {
      schema: {
        tags: ['basket'],
        summary: "Change a line's quantity",
        body: updateBasketLine,
        response: { 200: basket, ...errors },
      },
    },
    (req) => service.updateBasketLine(req.auth, req.body.lineNumber, req.body.quantity),
  );

  app.delete(
    '/basket/:id',
    {
      schema: {
        tags: ['basket'],
        summary: 'Remove a line by its line number',
        params: basketLineParams,
        response: { 200: basket, ...errors },
      },
    },
    (req) => service.deleteBasketLine(req.auth, req.params.id),
  );

  app.get(
    '/basket/amount',
    {
      schema: {
        tags: ['basket'],
        summary: 'Basket summary: amount, VAT, total',
        response: { 200: basketSummary, ...errors },
      },
    },
    (req) => service.getBasketAmount(req.auth),
  );
};
