import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

export const basketRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.basket;

  route(app, endpoints.getBasket, (req) => service.getBasket(req.auth));
  route(app, endpoints.addBasketLine, (req) => service.addBasketLine(req.auth, req.body.itemNumber, req.body.quantity));
  route(app, endpoints.updateBasketLine, (req) =>
    service.updateBasketLine(req.auth, req.body.lineNumber, req.body.quantity),
  );
  route(app, endpoints.deleteBasketLine, (req) => service.deleteBasketLine(req.auth, req.params.id));
  route(app, endpoints.getBasketAmount, (req) => service.getBasketAmount(req.auth));
};
