import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

export const checkoutBindings = (ctx: AppContext) => {
  const checkout = { service: ctx.services.checkout };
  return bindings('checkout', endpoints, {
    getBasketHeader: checkout,
    submitBasketHeader: checkout,
    submitBasket: checkout,
    getOrderConfirmation: checkout,
    requestOrderPayment: {
      throttle: (caller) => [[ctx.limits.orderPaymentUser, String(caller.userId)]],
      call: (caller, { amount, description, shipmentPreference }) =>
        ctx.services.checkout.requestOrderPayment(caller, amount, description, shipmentPreference),
    },
    payApprovedOrder: {
      service: ctx.services.checkout,
      throttle: (caller) => [[ctx.limits.orderPaymentUser, String(caller.userId)]],
    },
  });
};
