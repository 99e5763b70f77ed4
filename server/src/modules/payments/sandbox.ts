/**
 * The built-in sandbox payment provider, one implementation of the payment port (gateway.ts).
 *
 * Its hosted page at /pay/{id} (sandbox.routes.ts) takes a test card and confirms server-side with a
 * signed callback (POST /api/payment/callback, payments.bind.ts): HMAC-SHA256 over
 * {paymentId, outcome, timestamp} with config.paymentSecret, refused when forged or stale.
 * `completePayment` moves the payment out of 'pending' with a conditional UPDATE, so a payment
 * completes at most once, and runs the purpose's handler in that same transaction only when this call
 * made the change. Only then does the browser go (303) to the purpose's returnUrl; visiting a return
 * URL by hand marks nothing paid. A real provider implements `PaymentGateway` the same way behind its
 * own hosted page and webhook.
 *
 * compose.ts builds it with the purposes (the handlers checkout and invoice payments implement)
 * handed in, so the provider knows none of the features that use it.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SERVER_MSG } from '@wholesale/contract';
import type { Config } from '../../config.js';
import type { Engine } from '../../db/client.js';
import type { Repos } from '../../db/repos.js';
import type { Payment } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/http-errors.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import type { PaymentsRepository } from './payments.repository.js';
import type { CreatePaymentInput, PaymentGateway, PaymentOutcome, PaymentPurposes, PurposeHandler } from './gateway.js';

export const PAYMENT_IN_PROGRESS = SERVER_MSG.paymentInProgress;
export const ALREADY_PAID = SERVER_MSG.alreadyPaid;

export interface CompletionResult {
  payment: Payment;
  /** True when this call moved the payment out of 'pending' (and ran the purpose's handler). */
  changed: boolean;
}

/** The built-in sandbox provider: what its hosted page and its signed callback need besides. */
export interface SandboxGateway extends PaymentGateway {
  readonly purposes: PaymentPurposes;
  /** The payment its hosted page shows, or undefined. */
  findPayment(paymentId: string): Promise<Payment | undefined>;
  /** Notes the card the hosted page took, while the payment is still pending. */
  noteCard(paymentId: string, last4: string): Promise<void>;
  /** Ends a pending payment without taking money (refused just before charging). */
  cancelPayment(paymentId: string): Promise<boolean>;
  /** Completes a payment at most once, running its purpose's handler in the same transaction. */
  completePayment(paymentId: string, outcome: PaymentOutcome): Promise<CompletionResult | undefined>;
  /** Where the browser goes for a payment that is no longer pending. */
  returnUrlFor(payment: Payment): string | undefined;
  /** Where the browser goes when the customer leaves the hosted page without paying. */
  cancelUrl(payment: Payment): string;
  /** Why the payment can no longer be taken (asked just before charging), or undefined. */
  recheck(payment: Payment): Promise<string | undefined>;
  /** The callback the hosted page sends for a card outcome, signed with the payment secret. */
  signCallback(paymentId: string, outcome: PaymentOutcome): PaymentCallback;
  /** Whether a callback is genuine and fresh. */
  verifyCallback(cb: PaymentCallback): boolean;
}

export interface SandboxGatewayDeps {
  payments: Repos<PaymentsRepository>;
  engine: Engine;
  config: Pick<Config, 'PUBLIC_URL' | 'PAYMENT_LINK_TTL_MINUTES' | 'paymentSecret'>;
  /** The handler of each purpose (compose.ts hands in checkout's and invoice payments'). */
  purposes: PaymentPurposes;
}

export function sandboxGateway({ payments, engine, config, purposes }: SandboxGatewayDeps): SandboxGateway {
  const purposeOf = (payment: Payment): PurposeHandler => purposes[payment.purpose];
  return {
    purposes,
    findPayment: (paymentId) => payments.base.find(paymentId),
    noteCard: (paymentId, last4) => payments.base.setCard(paymentId, last4),
    cancelPayment: (paymentId) => payments.base.cancel(paymentId),
    createPayment: (input) => startPayment(payments, engine, config, purposes, input),
    completePayment: (paymentId, outcome) => finishPayment(payments, purposes, paymentId, outcome),
    returnUrlFor: (payment) =>
      payment.status === 'pending' ? undefined : purposeOf(payment).returnUrl(payment, payment.status),
    cancelUrl: (payment) => purposeOf(payment).returnUrl(payment, 'cancelled'),
    recheck: async (payment) => purposeOf(payment).recheck?.(payment),
    signCallback: (paymentId, outcome) => signCallback(config.paymentSecret, paymentId, outcome),
    verifyCallback: (cb) => verifyCallback(config.paymentSecret, cb),
  };
}

/**
 * Starts a pending payment and answers where to send the browser (the hosted payment page).
 * At most one payment is live per subject (basket revision) and per invoice: an untouched earlier
 * link for the same thing is cancelled (a second tab, a customer who came back), one whose card is
 * being charged or that was approved refuses the new request (409). Requests for the same thing
 * are serialised (an advisory lock on PostgreSQL; SQLite has one writer).
 */
async function startPayment(
  payments: Repos<PaymentsRepository>,
  engine: Engine,
  config: SandboxGatewayDeps['config'],
  purposes: PaymentPurposes,
  input: CreatePaymentInput,
): Promise<{ id: string; checkoutUrl: string }> {
  if (!purposes[input.purpose]) throw new Error(`No payment purpose '${input.purpose}'`);
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw badRequest(SERVER_MSG.nothingToPay);
  const id = randomUUID();
  const subject = input.subject ?? null;
  const invoiceIds = [...new Set((input.invoices ?? []).map((i) => i.invoiceId))].sort((a, b) => a - b);
  await payments.transaction(async (repo) => {
    await repo.lockKeys(engine, [...(subject ? [subject] : []), ...invoiceIds.map((i) => `invoice:${i}`)]);
    const now = nowIso();
    const live = await repo.liveFor(subject, invoiceIds, now);
    if (live.some((p) => p.status === 'approved')) throw conflict(ALREADY_PAID);
    if (live.some((p) => p.card_last4 !== null)) throw conflict(PAYMENT_IN_PROGRESS);
    for (const p of live) await repo.cancel(p.id);
    await repo.insert(
      {
        id,
        account_id: input.accountId,
        user_id: input.userId,
        purpose: input.purpose,
        amount_minor: input.amountMinor,
        currency_code: input.currencyCode,
        reference: input.reference.slice(0, 200),
        description: input.description.slice(0, 500),
        payload: JSON.stringify(input.payload ?? {}),
        subject,
      },
      { createdAt: now, expiresAt: addSeconds(now, config.PAYMENT_LINK_TTL_MINUTES * 60) },
      input.invoices ?? [],
    );
  });
  return { id, checkoutUrl: `${publicBase({ config })}/pay/${id}` };
}

/** True when a pending payment's link has run out (PAYMENT_LINK_TTL_MINUTES after it was made). */
export const isExpired = (payment: Payment, now = nowIso()): boolean =>
  payment.status === 'pending' && payment.expires_at !== null && payment.expires_at <= now;

/** The browser-facing origin for absolute links; same-origin relative paths when PUBLIC_URL is unset. */
export function publicBase(ctx: { config: Pick<Config, 'PUBLIC_URL'> }): string {
  return (ctx.config.PUBLIC_URL ?? '').replace(/\/+$/, '');
}

// ---------------------------------------------------------------------------------------------
// The signed callback

/** A callback older than this (or this far in the future) is refused as stale. */
export const CALLBACK_MAX_AGE_SECONDS = 300;

export interface PaymentCallback {
  paymentId: string;
  outcome: PaymentOutcome;
  /** Unix seconds when the gateway signed it. */
  timestamp: number;
  /** hex HMAC-SHA256 of `${paymentId}.${outcome}.${timestamp}` with the payment secret. */
  signature: string;
}

const signedText = (paymentId: string, outcome: string, timestamp: number) => `${paymentId}.${outcome}.${timestamp}`;

export function signCallback(
  secret: string,
  paymentId: string,
  outcome: PaymentOutcome,
  timestamp = Math.floor(Date.now() / 1000),
): PaymentCallback {
  const signature = createHmac('sha256', secret)
    .update(signedText(paymentId, outcome, timestamp))
    .digest('hex');
  return { paymentId, outcome, timestamp, signature };
}

/** Constant-time signature check plus freshness. */
export function verifyCallback(
  secret: string,
  cb: PaymentCallback,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const expected = Buffer.from(signCallback(secret, cb.paymentId, cb.outcome, cb.timestamp).signature, 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(cb.signature) ? cb.signature : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Math.abs(nowSeconds - cb.timestamp) <= CALLBACK_MAX_AGE_SECONDS;
}

/**
 * Completes a payment at most once. The conditional UPDATE and the purpose's handler share one
 * transaction: if the handler fails, the payment stays pending.
 */
async function finishPayment(
  payments: Repos<PaymentsRepository>,
  purposes: PaymentPurposes,
  paymentId: string,
  outcome: PaymentOutcome,
): Promise<CompletionResult | undefined> {
  return payments.transaction(async (repo, trx) => {
    const changed = await repo.complete(paymentId, outcome);
    const payment = await repo.find(paymentId);
    if (!payment) return undefined;
    if (changed) {
      const handler: PurposeHandler = purposes[payment.purpose];
      if (outcome === 'approved') await handler.onApproved(trx, payment);
      else await handler.onDeclined?.(trx, payment);
    }
    return { payment, changed };
  });
}
