import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

export const quickOrderBindings = (ctx: AppContext) => {
  const quickOrder = { service: ctx.services.quickOrder };
  return bindings('quick-order', endpoints, {
    checkQuickOrder: quickOrder,
    addQuickOrder: quickOrder,
  });
};
