import { INTEGRATION_MSG, integrationEndpoints, upsertNestedEnvelope } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { linkOrigin } from '../../config.js';
import { bindings } from '../../plugins/bind.js';
import { UPSERT_BODY_LIMITS as L } from './body-limits.js';
import { OrderStatusError } from './order-status.service.js';
import { PROBLEM_TYPES, ProblemError } from './problem.js';
import { problemTypePage } from './problem-type-page.js';
import { envelopeValidator, envelopeValidatorOf } from './upsert-envelope.js';

/** A batch's body is checked as an envelope only (upsert-envelope.ts), within a limit fitting its largest valid batch. */
const envelope = (bodyLimit: number, validatorCompiler = envelopeValidator) => ({ bodyLimit, validatorCompiler });

/** The ERP's side of the integration API: bulk upserts, orders out, order status, the problem pages. */
export const integrationBindings = (ctx: AppContext) => {
  const { upserts, orderStatus } = ctx.services;
  const ordersOut = { service: ctx.services.ordersOut };
  return bindings('integration', integrationEndpoints, {
    upsertProducts: {
      ...envelope(L.products),
      call: (_client, { items, atomic }) => upserts.upsertProducts(items, { atomic }),
    },
    upsertPrices: {
      ...envelope(L.prices),
      call: (_client, { items, atomic }) => upserts.upsertPrices(items, { atomic }),
    },
    upsertStock: { ...envelope(L.stock), call: (_client, { items, atomic }) => upserts.upsertStock(items, { atomic }) },
    upsertAccounts: {
      ...envelope(L.accounts, envelopeValidatorOf(upsertNestedEnvelope(['deliveryAddresses', 'productTypeDiscounts']))),
      call: (_client, { items, atomic }) => upserts.upsertAccounts(items, { atomic }),
    },
    upsertAccountUsers: {
      ...envelope(L.users),
      call: (_client, { customerNumber, items, atomic }, { request }) =>
        upserts.upsertUsers(customerNumber, items, {
          atomic,
          baseUrl: linkOrigin(ctx.config, request.server.server.address()),
          sessionsEnded: (ids) => ids.forEach((id) => ctx.services.auth.forgetUserSessions(id)),
          invitations: ctx.services.secretBox,
        }),
    },
    upsertInvoices: {
      ...envelope(L.invoices, envelopeValidatorOf(upsertNestedEnvelope(['lines']))),
      call: (_client, { items, atomic }) => upserts.upsertInvoices(items, { atomic }),
    },
    listOrdersOut: ordersOut,
    acknowledgeOrder: ordersOut,
    setOrderStatus: {
      call: async (client, { orderNumber, status, trackingNumbers, despatchDate }) => {
        try {
          return await orderStatus.setOrderStatus({
            orderNumber,
            status,
            tracking: trackingNumbers,
            despatchDate,
            by: { kind: 'erp', name: client.name },
          });
        } catch (err) {
          if (!(err instanceof OrderStatusError)) throw err;
          if (err.reason === 'unknown-order') throw new ProblemError(404, INTEGRATION_MSG.unknownOrder(orderNumber));
          if (err.reason === 'transition')
            throw new ProblemError(
              409,
              INTEGRATION_MSG.orderStatusTransition(orderNumber, err.current, status, err.allowed),
            );
          throw new ProblemError(400, INTEGRATION_MSG.invalidRequest, {
            type: PROBLEM_TYPES.invalid,
            errors: [{ pointer: '/despatchDate', detail: INTEGRATION_MSG.despatchBeforeOrder(err.orderedDate) }],
          });
        }
      },
    },
    describeProblemType: { call: (_caller, { kind }) => problemTypePage(kind) },
  });
};
