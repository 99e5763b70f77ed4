import type { FastifyPluginAsync } from 'fastify';
import { STATEMENT_FILENAME, endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';
import { sendPdf } from '../../documents/reply.js';

export const ordersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.orders;

  route(app, endpoints.listOpenOrders, (req) => service.listOpenOrders(req.auth.accountId));
  route(app, endpoints.trackOrder, (req) => service.trackOrder(req.auth.accountId, req.params.orderNumber));
  route(app, endpoints.copyOrder, (req) =>
    service.copyOrder({ userId: req.auth.userId, accountId: req.auth.accountId }, req.params.orderNumber),
  );
  route(app, endpoints.cancelOrder, (req) => service.cancelOrder(req.auth.accountId, req.params.orderNumber));
  route(app, endpoints.downloadOrderStatement, async (req, reply) => {
    const pdf = await ctx.pdf.forUser(req.auth.userId, (render) =>
      service.renderOrderStatement(req.auth.accountId, req.body.orderNumber, render),
    );
    return sendPdf(reply, pdf, STATEMENT_FILENAME);
  });
};
