import { z } from 'zod';
import { INPUT_LIMITS } from './limits.js';

/**
 * The payment gateway's callback (gateway to server, never the browser): its wire format, declared
 * here so that the route `receivePaymentCallback` is one entry of the endpoint table like any other.
 */
export const paymentCallback = z.lazy(() =>
  z.object({
    paymentId: z.uuid(),
    outcome: z.enum(['approved', 'declined']),
    timestamp: z.number().int().positive().describe('Unix seconds when the gateway signed the callback'),
    signature: z
      .string()
      .max(INPUT_LIMITS.signature)
      .describe('hex HMAC-SHA256 of `${paymentId}.${outcome}.${timestamp}`'),
  }),
);

export const paymentCallbackResponse = z.lazy(() =>
  z.object({
    paymentId: z.string(),
    status: z.enum(['pending', 'approved', 'declined', 'cancelled']),
    changed: z.boolean().describe('False for a replay: the payment had already completed'),
  }),
);

/** The sandbox gateway's hosted page (`/pay/{paymentId}`, outside /api): the payment id is the key. */
export const paymentPageParams = z.lazy(() => z.object({ id: z.string() }));
