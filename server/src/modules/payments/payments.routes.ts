import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, MSG } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { notFound, unauthorized } from '../../lib/http-errors.js';
import type { PaymentCallback, SandboxGateway } from './gateway.js';

/**
 * The gateway's wire format (gateway to server, never the browser), so it lives here rather than
 * in the portal's contract.
 */
export const paymentCallback = z.object({
  paymentId: z.uuid(),
  outcome: z.enum(['approved', 'declined']),
  timestamp: z.number().int().positive().describe('Unix seconds when the gateway signed the callback'),
  signature: z.string().max(128).describe('hex HMAC-SHA256 of `${paymentId}.${outcome}.${timestamp}`'),
});
export const paymentCallbackResponse = z.object({
  paymentId: z.string(),
  status: z.enum(['pending', 'approved', 'declined', 'cancelled']),
  changed: z.boolean().describe('False for a replay: the payment had already completed'),
});

/** Verifies and applies a gateway callback; a forged or stale one changes nothing (401). */
export async function receivePaymentCallback(gateway: SandboxGateway, cb: PaymentCallback) {
  if (!gateway.verifyCallback(cb)) throw unauthorized(MSG.paymentCallbackRefused);
  const result = await gateway.completePayment(cb.paymentId, cb.outcome);
  if (!result) throw notFound(MSG.noSuchPayment);
  return { paymentId: result.payment.id, status: result.payment.status, changed: result.changed };
}

export const paymentsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sandbox } = ctx.services;

  app.post(
    '/payment/callback',
    {
      schema: {
        tags: ['payments'],
        summary: 'Signed confirmation from the payment gateway (server to server)',
        security: [],
        body: paymentCallback,
        response: { 200: paymentCallbackResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    (req) => receivePaymentCallback(sandbox, req.body),
  );
};
