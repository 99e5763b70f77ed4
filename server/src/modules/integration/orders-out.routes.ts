import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acknowledgeOrderRequest,
  acknowledgeOrderResponse,
  integrationOrderParams,
  ordersOutQuery,
  ordersOutResponse,
  setOrderStatusRequest,
  setOrderStatusResponse,
  INTEGRATION_MSG,
} from '@wholesale/contract';
import { OrderStatusError } from './order-status.service.js';
import { PROBLEM_TYPES, ProblemError } from './problem.js';
import { INTEGRATION_SECURITY, problemResponses, type IntegrationRoutePlugin } from './integration-plugin-types.js';

export const ordersOutRoutes: IntegrationRoutePlugin = async (fastify, { ctx, guard }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = ctx.services.ordersOut;

  app.get(
    '/orders',
    {
      onRequest: guard('orders:read'),
      schema: {
        tags: ['integration: orders'],
        security: INTEGRATION_SECURITY,
        summary: 'Orders placed in the portal, oldest first',
        description:
          'Pages every order placed in the portal with its lines, prices, totals, purchase order, delivery information and (proforma orders) the card payment. Keep `next` and pass it as `after` to poll for new orders.',
        querystring: ordersOutQuery,
        response: { 200: ordersOutResponse, ...problemResponses(400, 401, 403, 429) },
      },
    },
    (req) => service.listOrdersOut(req.query.after, req.query.limit),
  );

  app.post(
    '/orders/:orderNumber/acknowledge',
    {
      onRequest: guard('orders:write'),
      schema: {
        tags: ['integration: orders'],
        security: INTEGRATION_SECURITY,
        summary: "Record the ERP's own reference for an order",
        description:
          'The customer sees the reference in the order enquiry. Idempotent: acknowledging again with the same reference changes nothing. Honours Idempotency-Key.',
        params: integrationOrderParams,
        body: acknowledgeOrderRequest,
        response: { 200: acknowledgeOrderResponse, ...problemResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    (req) => service.acknowledgeOrder(req.params.orderNumber, req.body.erpReference),
  );
};

export const orderStatusRoutes: IntegrationRoutePlugin = async (fastify, { ctx, guard }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = ctx.services.orderStatus;
  app.put(
    '/orders/:orderNumber/status',
    {
      onRequest: guard('orders:write'),
      schema: {
        tags: ['integration: orders'],
        security: INTEGRATION_SECURITY,
        summary: "Set an order's status, tracking numbers and despatch date",
        description:
          'Any order (placed in the portal or from the ERP history). The customer sees it at once. Shipped marks every line shipped in full.',
        params: integrationOrderParams,
        body: setOrderStatusRequest,
        response: { 200: setOrderStatusResponse, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      try {
        return await service.setOrderStatus({
          orderNumber: req.params.orderNumber,
          status: req.body.status,
          tracking: req.body.trackingNumbers,
          despatchDate: req.body.despatchDate,
        });
      } catch (err) {
        if (!(err instanceof OrderStatusError)) throw err;
        if (err.reason === 'unknown-order')
          throw new ProblemError(404, INTEGRATION_MSG.unknownOrder(req.params.orderNumber));
        throw new ProblemError(400, INTEGRATION_MSG.invalidRequest, {
          type: PROBLEM_TYPES.invalid,
          errors: [{ pointer: '/despatchDate', detail: INTEGRATION_MSG.despatchBeforeOrder(err.orderedDate) }],
        });
      }
    },
  );
};
