import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

export const basketBindings = (ctx: AppContext) => {
  const basket = { service: ctx.services.basket };
  return bindings('basket', endpoints, {
    getBasket: basket,
    addBasketLine: basket,
    updateBasketLine: basket,
    deleteBasketLine: basket,
    clearBasket: basket,
    undoClearBasket: basket,
    getBasketAmount: basket,
    getBasketPriceBreaks: { service: ctx.services.priceBreaks },
  });
};
