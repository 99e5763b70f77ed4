import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

/** Quick Order and the basket's price-break nudges (issue 27, additions to the spec). */
export const quickOrderRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { quickOrder, priceBreaks } = ctx.services;
  route(app, endpoints.checkQuickOrder, (req) => quickOrder.checkQuickOrder(req.auth, req.body.lines));
  route(app, endpoints.addQuickOrder, (req) => quickOrder.addQuickOrder(req.auth, req.body.lines));
  route(app, endpoints.getBasketPriceBreaks, (req) => priceBreaks.getBasketPriceBreaks(req.auth));
};
