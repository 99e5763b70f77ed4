import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, invoicePaymentRequest, paymentResponse } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { requireAuth } from '../../plugins/authenticate.js';

export const invoicePaymentsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = requireAuth(ctx.auth);
  const { requestInvoicePayment } = ctx.services.invoicePayments;

  app.post(
    '/payment/request/invoice',
    {
      preHandler: [
        auth,
        async (req) =>
          ctx.throttle.enforce(
            [ctx.limits.invoicePaymentIp, req.ip],
            [ctx.limits.invoicePaymentUser, String(req.auth.userId)],
          ),
      ],
      schema: {
        tags: ['payments'],
        summary: "Start an online card payment of the caller's open invoices",
        description:
          "Method must be 'PAY ONLINE' and reference is required. Only the caller's open invoices can be named; " +
          'amounts are taken from the database, never from the payload. The browser then goes to payment_Checkout_Url.',
        body: invoicePaymentRequest,
        response: {
          200: paymentResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    (req) => requestInvoicePayment(req.auth, req.body),
  );
};
