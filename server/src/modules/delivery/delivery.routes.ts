import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

/** Delivery promise per line (issue 27 item 2, an addition to the spec). */
export const deliveryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.delivery;
  route(app, endpoints.getDeliveryPromise, (req) => service.getDeliveryPromise(req.auth));
  route(app, endpoints.getOrderDeliveryPromise, (req) =>
    service.getOrderDeliveryPromise(req.auth, req.params.orderNumber),
  );
};
