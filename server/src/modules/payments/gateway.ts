/**
 * The payment gateway seam (architecture.md, Payments). A feature that takes a card payment:
 *
 *   1. registers its purpose once, at module load:
 *        registerPaymentPurpose('invoices', {
 *          async onApproved(trx, payment) { ...reduce the invoices' remaining amounts... },
 *          returnUrl: (_p, outcome) => `/account?confirminvoice=${outcome === 'approved' ? 'success' : 'failure'}`,
 *        });
 *   2. starts a payment for an amount IT computed on the server:
 *        const { checkoutUrl } = await createPayment(ctx, { accountId, userId, purpose: 'invoices', amountMinor,
 *          currencyCode, reference, description, payload: {...}, invoices: [{ invoiceId, amountMinor }] });
 *      and answers `{ payment_Checkout_Url: checkoutUrl }`; the browser goes there.
 *
 * The built-in sandbox gateway (sandbox.routes.ts) serves the hosted page at /pay/{id}. When the
 * customer pays, it confirms server-side with a signed callback (POST /api/payment/callback,
 * payments.routes.ts): HMAC-SHA256 over {paymentId, outcome, timestamp} with config.paymentSecret,
 * refused when forged or stale. `completePayment` moves the payment out of 'pending' with a
 * conditional UPDATE, so a payment completes at most once, and runs the purpose's handler in that
 * same transaction only when this call made the change. Only then does the browser go (303) to the
 * purpose's returnUrl; visiting a return URL by hand marks nothing paid.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { Payment } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/http-errors.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import { paymentsRepository } from './payments.repository.js';

export type PaymentPurpose = 'order' | 'invoices';
export type PaymentOutcome = 'approved' | 'declined';
/** How the customer left the hosted page: a card outcome, or without paying. */
export type ReturnOutcome = PaymentOutcome | 'cancelled';

export interface PurposeHandler {
  /** Runs exactly once per payment, inside the transaction that marks it approved. */
  onApproved(trx: Db, payment: Payment): Promise<void>;
  onDeclined?(trx: Db, payment: Payment): Promise<void>;
  /**
   * Asked just before the card is charged: why this payment can no longer be taken (the basket
   * changed, the account went on stop, the invoice was paid meanwhile), or undefined when it can.
   */
  recheck?(db: Db, payment: Payment): Promise<string | undefined>;
  /**
   * Where the browser goes after the hosted page (portal-relative path, e.g. '/open-orders?confirmorder=success').
   * cancelled: the customer left without paying (Cancel and return, an expired or withdrawn link).
   */
  returnUrl(payment: Payment, outcome: ReturnOutcome): string;
}

const purposes = new Map<PaymentPurpose, PurposeHandler>();

/** Registers (or replaces) the handler of a purpose. Call at module load of the feature that owns it. */
export function registerPaymentPurpose(purpose: PaymentPurpose, handler: PurposeHandler): void {
  purposes.set(purpose, handler);
}

export function purposeHandler(purpose: PaymentPurpose): PurposeHandler {
  const handler = purposes.get(purpose);
  if (!handler) throw new Error(`No payment purpose '${purpose}' is registered`);
  return handler;
}

export interface CreatePaymentInput {
  accountId: number;
  userId: number;
  purpose: PaymentPurpose;
  /** Computed on the server by the caller; never taken from the client. */
  amountMinor: number;
  currencyCode: 'GBP' | 'EUR';
  reference: string;
  description: string;
  /** Whatever the purpose's onApproved needs later (stored as JSON in payments.payload). */
  payload: unknown;
  invoices?: { invoiceId: number; amountMinor: number }[];
  /** What is paid for when it is not invoices, e.g. 'basket:12:7' (a basket revision). */
  subject?: string;
}

export const PAYMENT_IN_PROGRESS = 'A payment for this is already being processed. Please wait for it to finish.';
export const ALREADY_PAID = 'This has already been paid for.';

/**
 * Starts a pending payment and answers where to send the browser (the hosted payment page).
 * At most one payment is live per subject (basket revision) and per invoice: an untouched earlier
 * link for the same thing is cancelled (a second tab, a customer who came back), one whose card is
 * being charged or that was approved refuses the new request (409). Requests for the same thing
 * are serialised (an advisory lock on PostgreSQL; SQLite has one writer).
 */
export async function createPayment(
  ctx: Pick<AppContext, 'config' | 'handle'>,
  input: CreatePaymentInput,
): Promise<{ id: string; checkoutUrl: string }> {
  purposeHandler(input.purpose);
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw badRequest('Nothing to pay');
  const id = randomUUID();
  const subject = input.subject ?? null;
  const invoiceIds = [...new Set((input.invoices ?? []).map((i) => i.invoiceId))].sort((a, b) => a - b);
  await ctx.handle.db.transaction().execute(async (trx) => {
    const repo = paymentsRepository(trx);
    await repo.lockKeys(ctx.handle.engine, [...(subject ? [subject] : []), ...invoiceIds.map((i) => `invoice:${i}`)]);
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
      { createdAt: now, expiresAt: addSeconds(now, ctx.config.PAYMENT_LINK_TTL_MINUTES * 60) },
      input.invoices ?? [],
    );
  });
  return { id, checkoutUrl: `${publicBase(ctx)}/pay/${id}` };
}

/** True when a pending payment's link has run out (PAYMENT_LINK_TTL_MINUTES after it was made). */
export const isExpired = (payment: Payment, now = nowIso()): boolean =>
  payment.status === 'pending' && payment.expires_at !== null && payment.expires_at <= now;

/** The browser-facing origin for absolute links; same-origin relative paths when PUBLIC_URL is unset. */
export function publicBase(ctx: Pick<AppContext, 'config'>): string {
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

export interface CompletionResult {
  payment: Payment;
  /** True when this call moved the payment out of 'pending' (and ran the purpose's handler). */
  changed: boolean;
}

/**
 * Completes a payment at most once. The conditional UPDATE and the purpose's handler share one
 * transaction: if the handler fails, the payment stays pending.
 */
export async function completePayment(
  ctx: Pick<AppContext, 'handle'>,
  paymentId: string,
  outcome: PaymentOutcome,
): Promise<CompletionResult | undefined> {
  return ctx.handle.db.transaction().execute(async (trx) => {
    const repo = paymentsRepository(trx);
    const changed = await repo.complete(paymentId, outcome);
    const payment = await repo.find(paymentId);
    if (!payment) return undefined;
    if (changed) {
      const handler = purposeHandler(payment.purpose);
      if (outcome === 'approved') await handler.onApproved(trx, payment);
      else await handler.onDeclined?.(trx, payment);
    }
    return { payment, changed };
  });
}

/** Where the browser goes for a payment that is no longer pending. */
export function returnUrlFor(payment: Payment): string | undefined {
  if (payment.status === 'pending') return undefined;
  return purposeHandler(payment.purpose).returnUrl(payment, payment.status);
}
