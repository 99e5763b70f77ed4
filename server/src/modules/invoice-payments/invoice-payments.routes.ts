import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';
import { requestInvoicePayment } from './invoice-payments.service.js';
// Registers the 'invoices' payment purpose with the gateway.
import './invoice-payment.js';

export const invoicePaymentsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, endpoints.requestInvoicePayment, (req) => requestInvoicePayment(ctx, req.auth, req.body), {
    preHandler: async (req) =>
      ctx.throttle.enforce(
        [ctx.limits.invoicePaymentIp, req.ip],
        [ctx.limits.invoicePaymentUser, String(req.auth.userId)],
      ),
  });
};
