import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { basketRoutes } from './basket/basket.routes.js';
import { accountRoutes } from './account/account.routes.js';
import { invoicePaymentsRoutes } from './invoice-payments/invoice-payments.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { sandboxRoutes } from './payments/sandbox.routes.js';
import { quickOrderRoutes } from './quick-order/quick-order.routes.js';
import { deliveryRoutes } from './delivery/delivery.routes.js';

type Module = FastifyPluginAsync<{ ctx: AppContext }>;

/** Feature route modules, each registered under /api. Add a module here when its area lands. */
export const apiModules: Module[] = [
  basketRoutes,
  accountRoutes,
  invoicePaymentsRoutes,
  productsRoutes,
  ordersRoutes,
  paymentsRoutes,
  checkoutRoutes,
  quickOrderRoutes,
  deliveryRoutes,
];

/** Modules that serve pages outside /api (the sandbox payment page). */
export const publicModules: Module[] = [sandboxRoutes];
