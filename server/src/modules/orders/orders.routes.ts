import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STATEMENT_FILENAME,
  cancelOrderResponse,
  copyOrderResponse,
  errorResponse,
  listOpenOrdersResponse,
  orderNumberParams,
  orderStatementRequest,
  trackOrderResponse,
} from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { sendPdf } from '../../documents/reply.js';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

export const ordersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = requireAuth(ctx.auth);
  const service = ctx.services.orders;

  app.get(
    '/order',
    {
      preHandler: auth,
      schema: {
        tags: ['orders'],
        summary: "The account's open orders with their lines",
        description:
          'Every order that is not Cancelled; Shipped orders only for 90 days after despatch. Sorted newest first; the web sorts again.',
        response: { 200: listOpenOrdersResponse, ...errors },
      },
    },
    (req) => service.listOpenOrders(req.auth.accountId),
  );

  app.get(
    '/order/:orderNumber/track',
    {
      preHandler: auth,
      schema: {
        tags: ['orders'],
        summary: "An order's tracking numbers (empty when there are none)",
        params: orderNumberParams,
        response: { 200: trackOrderResponse, ...errors },
      },
    },
    (req) => service.trackOrder(req.auth.accountId, req.params.orderNumber),
  );

  app.post(
    '/order/:orderNumber/copy',
    {
      preHandler: auth,
      schema: {
        tags: ['orders'],
        summary: "Replace the caller's basket with the order's items, at today's prices",
        description:
          'Items no longer sold are listed in skippedItems. 409 when none of the items is still sold (the basket is left alone).',
        params: orderNumberParams,
        response: { 200: copyOrderResponse, ...errors, 409: errorResponse },
      },
    },
    (req) => service.copyOrder({ userId: req.auth.userId, accountId: req.auth.accountId }, req.params.orderNumber),
  );

  app.post(
    '/order/:orderNumber/cancel',
    {
      preHandler: auth,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order',
        description:
          'Refused (403) for proforma accounts and (409) for orders that are Shipped, In Progress or already Cancelled.',
        params: orderNumberParams,
        response: { 200: cancelOrderResponse, ...errors, 403: errorResponse, 409: errorResponse },
      },
    },
    (req) => service.cancelOrder(req.auth.accountId, req.params.orderNumber),
  );

  app.post(
    '/order/statement-template',
    {
      preHandler: auth,
      schema: {
        tags: ['orders'],
        summary: "Order Summary PDF of one of the account's orders, rendered from the database",
        description: 'The web posts the selected order merged with the user; only orderNumber is read.',
        body: orderStatementRequest,
        produces: ['application/pdf'],
        response: { ...errors, 429: errorResponse, 503: errorResponse },
      },
    },
    async (req, reply) => {
      const pdf = await ctx.pdf.forUser(req.auth.userId, (render) =>
        service.renderOrderStatement(req.auth.accountId, req.body.orderNumber, render),
      );
      return sendPdf(reply, pdf, STATEMENT_FILENAME);
    },
  );
};
