import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

export const invoicePaymentsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { requestInvoicePayment } = ctx.services.invoicePayments;
  route(app, endpoints.requestInvoicePayment, (req) => requestInvoicePayment(req.auth, req.body), {
    preHandler: async (req) =>
      ctx.throttle.enforce(
        [ctx.limits.invoicePaymentIp, req.ip],
        [ctx.limits.invoicePaymentUser, String(req.auth.userId)],
      ),
  });
};
