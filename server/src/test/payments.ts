/**
 * The sandbox payment provider for tests that start or complete a payment without going through
 * the HTTP routes: built as the server builds it (compose.ts), over a test context's database.
 */
import type { AppContext } from '../context.js';
import { composeSandbox } from '../compose.js';
import type { CreatePaymentInput, PaymentOutcome } from '../modules/payments/gateway.js';

type TestContext = Pick<AppContext, 'config' | 'handle'>;

const sandboxOf = (ctx: TestContext) => composeSandbox(ctx.handle.db, ctx.config);

/** Starts a pending payment, as checkout and invoice payments do. */
export const createPayment = (ctx: TestContext, input: CreatePaymentInput) => sandboxOf(ctx).createPayment(input);

/** Completes a payment as its signed callback would, running its purpose's handler once. */
export const completePayment = (ctx: TestContext, paymentId: string, outcome: PaymentOutcome) =>
  sandboxOf(ctx).completePayment(paymentId, outcome);
