import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';
import { receivePaymentCallback } from './payment-callback.js';

/** The gateway's signed callback (server to server); the sandbox's own pages are by hand (sandbox.routes.ts). */
export const paymentsBindings = (ctx: AppContext) =>
  bindings('payments', endpoints, {
    receivePaymentCallback: { call: (_caller, callback) => receivePaymentCallback(ctx.services.sandbox, callback) },
  });
