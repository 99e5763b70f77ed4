import { documentFilename, endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

export const ordersBindings = (ctx: AppContext) => {
  const orders = { service: ctx.services.orders };
  return bindings('orders', endpoints, {
    listOpenOrders: orders,
    trackOrder: orders,
    copyOrder: orders,
    cancelOrder: orders,
    downloadOrderStatement: {
      call: async (caller, { orderNumber }) => ({
        pdf: await ctx.pdf.forUser(caller.userId, (render) =>
          ctx.services.orders.renderOrderStatement(caller.accountId, orderNumber, render),
        ),
        // Saved under the order's number (SO-200072.pdf), so that several downloads can be told apart.
        filename: documentFilename(orderNumber),
      }),
    },
  });
};
