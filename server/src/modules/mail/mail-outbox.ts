/**
 * The mail outbox (docs/areas.md, Email). A change that causes an email calls one of the
 * `record...` functions with its own transaction: the email's row commits with the change or not at
 * all, and the worker holding its lease renders and sends it later (mail-worker.ts). Recording is
 * one small read and one insert; nothing here renders, connects or waits on a mail server.
 */
import { randomUUID } from 'node:crypto';
import { MAIL_MSG, type OptionalMailCategory } from '@wholesale/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { nowIso } from '../../lib/time.js';
import { mailRepository } from './mail.repository.js';
import type { SecretBox } from '../../lib/secret-box.js';

/** What an email is about: its template. */
export const MAIL_KINDS = [
  'order.acknowledgement',
  'payment.receipt',
  'order.despatched',
  'order.cancelled',
  'password.reset',
  'password.invitation',
  'password.changed',
  'approval.requested',
  'approval.declined',
  'approval.awaitingPayment',
  'staff.setup',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The emails a user may turn off, by their category (the others always go). */
export const OPTIONAL_KINDS: Partial<Record<MailKind, OptionalMailCategory>> = {
  'order.despatched': 'despatch',
  'order.cancelled': 'cancellation',
};

export interface OrderMailPayload {
  orderNumber: string;
}
export interface CancelledMailPayload extends OrderMailPayload {
  /** The portal user who cancelled it; null: the supplier (the ERP, the back office or an operator). */
  cancelledBy: number | null;
  /** The supplier's member of staff who cancelled it in the back office (absent: none named). */
  cancelledByStaff?: string | null;
}
export interface ReceiptMailPayload {
  paymentId: string;
}
/** A set-password link: its URL sealed (only the link's hash is in password_links). */
export interface LinkMailPayload {
  userId: number;
  link: string;
  expiresAt: string;
}
/** A staff member's set-up link: no customer user, so the username travels with it. */
export interface StaffSetupMailPayload {
  username: string;
  link: string;
  expiresAt: string;
}
export interface UserMailPayload {
  userId: number;
}

/**
 * MAIL_ENABLED=false: this process records no email (app.ts sets it from the configuration; a
 * staging copy of production data must not mail customers; the bench's "email off").
 */
export const mailRecording = { enabled: true };

/** Workers in this process, woken soon after an email is recorded. */
const wakers = new Set<() => void>();
export function onMailRecorded(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

const address = z.email();

/**
 * The addresses an email goes to: each distinct (case-insensitively) and one the contract accepts
 * as an email address. An empty list, or only refused ones, records the email as unsendable with
 * the reason, for operators to see (`mail list --failed`), rather than a row that can never send.
 */
export function recipientsOf(candidates: readonly (string | null | undefined)[]): {
  recipients: string[];
  refusal: string | null;
} {
  const seen = new Set<string>();
  const recipients: string[] = [];
  const refused: string[] = [];
  for (const raw of candidates) {
    const a = raw?.trim();
    if (!a) continue;
    if (seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    if (address.safeParse(a).success) recipients.push(a);
    else refused.push(a);
  }
  if (recipients.length) return { recipients, refusal: null };
  return {
    recipients,
    refusal: refused[0] ? MAIL_MSG.notSendable.badAddress(refused[0]) : MAIL_MSG.notSendable.noAddress,
  };
}

/** Writes one email inside `trx`. */
export async function recordMail(
  trx: Db,
  mail: {
    kind: MailKind;
    accountId: number | null;
    userId: number | null;
    to: readonly (string | null | undefined)[];
    payload: object;
  },
): Promise<'queued' | 'not-sendable'> {
  if (!mailRecording.enabled) return 'not-sendable';
  const { recipients, refusal } = recipientsOf(mail.to);
  await mailRepository(trx).insert({
    messageId: randomUUID(),
    kind: mail.kind,
    accountId: mail.accountId,
    userId: mail.userId,
    recipients,
    payload: JSON.stringify(mail.payload),
    status: refusal ? 'unsendable' : 'pending',
    lastError: refusal,
    now: nowIso(),
  });
  // The commit is the caller's: the worker looks a moment later and polls anyway.
  if (!refusal) for (const wake of wakers) setTimeout(wake, 25).unref();
  return refusal ? 'not-sendable' : 'queued';
}

/**
 * The order acknowledgement (placed credit orders; proforma orders when their payment is approved,
 * which is when they are placed): to the user who placed it, and to the account's email when it
 * differs.
 */
export async function recordOrderAcknowledgement(trx: Db, orderNumber: string): Promise<void> {
  if (!mailRecording.enabled) return;
  const o = await mailRepository(trx).order(orderNumber);
  if (!o) throw new Error(`mail: order ${orderNumber} not found`);
  await recordMail(trx, {
    kind: 'order.acknowledgement',
    accountId: o.account_id,
    userId: o.user_id,
    to: [o.user_email, o.account_email],
    payload: { orderNumber } satisfies OrderMailPayload,
  });
}

/** A payment receipt: a proforma order's card payment or invoices paid online, to who paid and the account. */
export async function recordPaymentReceipt(trx: Db, paymentId: string): Promise<void> {
  if (!mailRecording.enabled) return;
  const p = await mailRepository(trx).payment(paymentId);
  if (!p) throw new Error(`mail: payment ${paymentId} not found`);
  await recordMail(trx, {
    kind: 'payment.receipt',
    accountId: p.account_id,
    userId: p.user_id,
    to: [p.user_email, p.account_email],
    payload: { paymentId } satisfies ReceiptMailPayload,
  });
}

/**
 * An optional email about an order (despatch, cancellation): to the user who placed it unless they
 * turned the category off; an order with no portal user (entered by the ERP) to the account's email.
 */
async function recordOrderNotice(
  trx: Db,
  kind: 'order.despatched' | 'order.cancelled',
  orderNumber: string,
  payload: OrderMailPayload | CancelledMailPayload,
): Promise<void> {
  if (!mailRecording.enabled) return;
  const repo = mailRepository(trx);
  const o = await repo.order(orderNumber);
  if (!o) throw new Error(`mail: order ${orderNumber} not found`);
  const category = OPTIONAL_KINDS[kind]!;
  if (o.user_id !== null && (await repo.optedOut(o.user_id, category))) return;
  await recordMail(trx, {
    kind,
    accountId: o.account_id,
    userId: o.user_id,
    to: o.user_id !== null ? [o.user_email] : [o.account_email],
    payload,
  });
}

/** The order became Shipped (the ERP's status push or the admin CLI). */
export const recordOrderDespatched = (trx: Db, orderNumber: string) =>
  recordOrderNotice(trx, 'order.despatched', orderNumber, { orderNumber });

/**
 * The order was cancelled: by a portal user (`cancelledBy`), or by the supplier (null), named when a
 * member of staff did it (`cancelledByStaff`).
 */
export const recordOrderCancelledMail = (
  trx: Db,
  orderNumber: string,
  cancelledBy: number | null,
  cancelledByStaff: string | null = null,
) =>
  recordOrderNotice(trx, 'order.cancelled', orderNumber, {
    orderNumber,
    cancelledBy,
    ...(cancelledByStaff ? { cancelledByStaff } : {}),
  } satisfies CancelledMailPayload);

/**
 * A forgotten-password link or an invitation to set a first password: to the user's own email.
 * The link's URL is sealed with `box` in the row (the worker opens it to write the email).
 */
export async function recordPasswordLinkMail(
  trx: Db,
  box: SecretBox,
  kind: 'password.reset' | 'password.invitation',
  userId: number,
  link: { url: string; expiresAt: string },
): Promise<'queued' | 'not-sendable'> {
  if (!mailRecording.enabled) return 'not-sendable';
  const u = await mailRepository(trx).userContact(userId);
  if (!u) throw new Error(`mail: user ${userId} not found`);
  return recordMail(trx, {
    kind,
    accountId: u.account_id,
    userId,
    to: [u.user_email],
    payload: { userId, link: box.seal(link.url), expiresAt: link.expiresAt } satisfies LinkMailPayload,
  });
}

/** A new staff member's set-up link, sealed, to their own address (in the transaction that creates them). */
export async function recordStaffSetupMail(
  trx: Db,
  box: SecretBox,
  staff: { username: string; email: string },
  link: { url: string; expiresAt: string },
): Promise<'queued' | 'not-sendable'> {
  return recordMail(trx, {
    kind: 'staff.setup',
    accountId: null,
    userId: null,
    to: [staff.email],
    payload: {
      username: staff.username,
      link: box.seal(link.url),
      expiresAt: link.expiresAt,
    } satisfies StaffSetupMailPayload,
  });
}

/** "Your password was changed": to the user's own email. */
export async function recordPasswordChanged(trx: Db, userId: number): Promise<void> {
  if (!mailRecording.enabled) return;
  const u = await mailRepository(trx).userContact(userId);
  if (!u) return;
  await recordMail(trx, {
    kind: 'password.changed',
    accountId: u.account_id,
    userId,
    to: [u.user_email],
    payload: { userId } satisfies UserMailPayload,
  });
}

/**
 * An order waits for approval (team accounts): to the account's active approvers and account admins
 * other than the buyer who submitted it (`to`, found by the team module), in one email.
 */
export async function recordApprovalRequested(
  trx: Db,
  order: { accountId: number; orderNumber: string },
  to: readonly string[],
): Promise<void> {
  if (!mailRecording.enabled) return;
  await recordMail(trx, {
    kind: 'approval.requested',
    accountId: order.accountId,
    userId: null,
    to,
    payload: { orderNumber: order.orderNumber } satisfies OrderMailPayload,
  });
}

/** An order was declined: to the buyer who submitted it, with the reason (read from the order). */
export const recordApprovalDeclined = (trx: Db, orderNumber: string) =>
  recordToBuyer(trx, 'approval.declined', orderNumber);

/** A card-paying account's order was approved: to the buyer who submitted it, to pay for it. */
export const recordApprovalAwaitingPayment = (trx: Db, orderNumber: string) =>
  recordToBuyer(trx, 'approval.awaitingPayment', orderNumber);

async function recordToBuyer(
  trx: Db,
  kind: 'approval.declined' | 'approval.awaitingPayment',
  orderNumber: string,
): Promise<void> {
  if (!mailRecording.enabled) return;
  const o = await mailRepository(trx).order(orderNumber);
  if (!o) throw new Error(`mail: order ${orderNumber} not found`);
  await recordMail(trx, {
    kind,
    accountId: o.account_id,
    userId: o.user_id,
    to: [o.user_email],
    payload: { orderNumber } satisfies OrderMailPayload,
  });
}
