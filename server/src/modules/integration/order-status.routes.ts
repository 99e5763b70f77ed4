import { INTEGRATION_MSG, integrationEndpoints as api } from '@wholesale/contract';
import { route } from '../../plugins/routes.js';
import { OrderStatusError } from './order-status.service.js';
import { PROBLEM_TYPES, ProblemError } from './problem.js';
import type { IntegrationRoutePlugin } from './integration-plugin-types.js';

export const orderStatusRoutes: IntegrationRoutePlugin = async (app, { ctx }) => {
  const service = ctx.services.orderStatus;
  route(app, api.setOrderStatus, async (req) => {
    try {
      return await service.setOrderStatus({
        orderNumber: req.params.orderNumber,
        status: req.body.status,
        tracking: req.body.trackingNumbers,
        despatchDate: req.body.despatchDate,
        by: { kind: 'erp', name: req.apiClient.name },
      });
    } catch (err) {
      if (!(err instanceof OrderStatusError)) throw err;
      if (err.reason === 'unknown-order')
        throw new ProblemError(404, INTEGRATION_MSG.unknownOrder(req.params.orderNumber));
      if (err.reason === 'transition')
        throw new ProblemError(
          409,
          INTEGRATION_MSG.orderStatusTransition(req.params.orderNumber, err.current, req.body.status, err.allowed),
        );
      throw new ProblemError(400, INTEGRATION_MSG.invalidRequest, {
        type: PROBLEM_TYPES.invalid,
        errors: [{ pointer: '/despatchDate', detail: INTEGRATION_MSG.despatchBeforeOrder(err.orderedDate) }],
      });
    }
  });
};
