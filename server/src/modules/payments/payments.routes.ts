import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { notFound, unauthorized } from '../../lib/http-errors.js';
import { route } from '../../plugins/routes.js';
import { completePayment, verifyCallback, type PaymentCallback } from './gateway.js';

/** Verifies and applies a gateway callback; a forged or stale one changes nothing (401). */
export async function receivePaymentCallback(ctx: AppContext, cb: PaymentCallback) {
  if (!verifyCallback(ctx.config.paymentSecret, cb))
    throw unauthorized('Invalid or expired payment callback signature');
  const result = await completePayment(ctx, cb.paymentId, cb.outcome);
  if (!result) throw notFound('No such payment');
  return { paymentId: result.payment.id, status: result.payment.status, changed: result.changed };
}

export const paymentsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, endpoints.receivePaymentCallback, (req) => receivePaymentCallback(ctx, req.body));
};
