import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

export const checkoutRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.checkout;

  // The rest of checkout is bound to the service by its contract entries (plugins/bind.ts).
  route(
    app,
    endpoints.requestOrderPayment,
    (req) => service.requestOrderPayment(req.auth, req.body.amount, req.body.description, req.body.shipmentPreference),
    { preHandler: async (req) => ctx.throttle.enforce([ctx.limits.orderPaymentUser, String(req.auth.userId)]) },
  );
};
