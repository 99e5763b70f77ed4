import { SERVER_MSG } from '@wholesale/contract';
import { notFound, unauthorized } from '../../lib/http-errors.js';
import type { PaymentCallback, SandboxGateway } from './sandbox.js';

/** Verifies and applies a gateway callback; a forged or stale one changes nothing (401). */
export async function receivePaymentCallback(gateway: SandboxGateway, cb: PaymentCallback) {
  if (!gateway.verifyCallback(cb)) throw unauthorized(SERVER_MSG.paymentCallbackRefused);
  const result = await gateway.completePayment(cb.paymentId, cb.outcome);
  if (!result) throw notFound(SERVER_MSG.noSuchPayment);
  return { paymentId: result.payment.id, status: result.payment.status, changed: result.changed };
}
