import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { accountRoutes } from './account/account.routes.js';
import { invoicePaymentsRoutes } from './invoice-payments/invoice-payments.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { sandboxRoutes } from './payments/sandbox.routes.js';
import { mailRoutes } from './mail/mail.routes.js';
import { unsubscribeRoutes } from './mail/unsubscribe.routes.js';
import { teamRoutes } from './team/team.routes.js';

type Module = FastifyPluginAsync<{ ctx: AppContext }>;

/**
 * Feature route modules, each registered under /api: the routes an area shapes itself (files, rate
 * limits, headers). Endpoints whose contract entry names a service need none: app.ts binds them
 * (plugins/bind.ts). Add a module here when an area has such a route.
 */
export const apiModules: Module[] = [
  accountRoutes,
  invoicePaymentsRoutes,
  productsRoutes,
  ordersRoutes,
  paymentsRoutes,
  checkoutRoutes,
  // issue 34: the mail worker
  mailRoutes,
  // team accounts: the team, limits, approvals
  teamRoutes,
];

/** Modules that serve pages outside /api (the sandbox payment page). */
export const publicModules: Module[] = [sandboxRoutes, unsubscribeRoutes];
