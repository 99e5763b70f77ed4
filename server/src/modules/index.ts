import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import type { BindingSet } from '../plugins/bind.js';
import { accountBindings } from './account/account.bind.js';
import { authBindings } from './auth/auth.bind.js';
import { basketBindings } from './basket/basket.bind.js';
import { checkoutBindings } from './checkout/checkout.bind.js';
import { deliveryBindings } from './delivery/delivery.bind.js';
import { healthBindings } from './health/health.bind.js';
import { invoicePaymentsBindings } from './invoice-payments/invoice-payments.bind.js';
import { mailBindings } from './mail/mail.bind.js';
import { ordersBindings } from './orders/orders.bind.js';
import { paymentsBindings } from './payments/payments.bind.js';
import { productsBindings } from './products/products.bind.js';
import { quickOrderBindings } from './quick-order/quick-order.bind.js';
import { siteBindings } from './site/site.bind.js';
import { integrationBindings } from './integration/integration.bind.js';
import { eventsBindings } from './events/events.bind.js';
import { backOfficeBindings, staffBindings } from './staff/staff.bind.js';
import { sandboxRoutes } from './payments/sandbox.routes.js';
import { unsubscribeRoutes } from './mail/unsubscribe.routes.js';
import { teamBindings } from './team/team.bind.js';

type Module = FastifyPluginAsync<{ ctx: AppContext }>;

/**
 * Who answers each endpoint under /api, area by area (modules/<area>/<area>.bind.ts); app.ts binds
 * them after the few routes registered by hand (plugins/bind.ts). A new area adds its bindings here.
 */
export const apiBindings = (ctx: AppContext): BindingSet[] => [
  siteBindings(ctx),
  healthBindings(ctx),
  authBindings(ctx),
  basketBindings(ctx),
  deliveryBindings(ctx),
  quickOrderBindings(ctx),
  checkoutBindings(ctx),
  productsBindings(ctx),
  ordersBindings(ctx),
  accountBindings(ctx),
  mailBindings(ctx),
  invoicePaymentsBindings(ctx),
  paymentsBindings(ctx),
  // The team, spending limits and order approval.
  teamBindings(ctx),
];

/** Modules that serve pages outside /api (the sandbox payment page, the unsubscribe page). */
export const publicModules: Module[] = [sandboxRoutes, unsubscribeRoutes];

/** Who answers each endpoint under /api/integration/v1 (integration.plugin.ts binds them in its context). */
export const integrationBindingSets = (ctx: AppContext): BindingSet[] => [
  integrationBindings(ctx),
  eventsBindings(ctx),
];

/** Who answers each endpoint under /api/staff (staff.plugin.ts binds them in its context). */
export const staffBindingSets = (ctx: AppContext): BindingSet[] => [staffBindings(ctx), backOfficeBindings(ctx)];
