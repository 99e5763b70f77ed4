import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

export const checkoutRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.checkout;

  route(app, endpoints.getBasketHeader, (req) => service.getBasketHeader(req.auth));
  route(app, endpoints.submitBasketHeader, (req) => service.submitBasketHeader(req.auth, req.body));
  route(app, endpoints.submitBasket, (req) =>
    service.submitBasket(req.auth, req.params.id, req.body.amount, req.body.shipmentPreference),
  );
  route(app, endpoints.getOrderConfirmation, (req) => service.getOrderConfirmation(req.auth));
  route(
    app,
    endpoints.requestOrderPayment,
    (req) => service.requestOrderPayment(req.auth, req.body.amount, req.body.description, req.body.shipmentPreference),
    { preHandler: async (req) => ctx.throttle.enforce([ctx.limits.orderPaymentUser, String(req.auth.userId)]) },
  );
};
