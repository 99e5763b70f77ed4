import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

export const deliveryBindings = (ctx: AppContext) => {
  const delivery = { service: ctx.services.delivery };
  return bindings('delivery', endpoints, {
    getDeliveryPromise: delivery,
    getOrderDeliveryPromise: delivery,
  });
};
