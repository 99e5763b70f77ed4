import type { FastifyPluginAsync } from 'fastify';
import { documentFilename, endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';
import { sendPdf } from '../../documents/reply.js';

export const ordersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.orders;

  // The rest of orders is bound to the service by its contract entries (plugins/bind.ts).
  route(app, endpoints.downloadOrderStatement, async (req, reply) => {
    const pdf = await ctx.pdf.forUser(req.auth.userId, (render) =>
      service.renderOrderStatement(req.auth.accountId, req.body.orderNumber, render),
    );
    // Saved under the order's number (SO-200072.pdf), so that several downloads can be told apart.
    return sendPdf(reply, pdf, documentFilename(req.body.orderNumber));
  });
};
