/**
 * The mail outbox (docs/ARCHITECTURE.md, Email). A change that causes an email calls one of the
 * `record...` functions with its own transaction: the email's row commits with the change or not at
 * all, and the worker holding its lease renders and sends it later (mail-worker.ts). Recording is
 * one small read and one insert; nothing here renders, connects or waits on a mail server.
 */
import { randomUUID } from 'node:crypto';
import { MAIL_MSG } from '@wholesale/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { nowIso } from '../../lib/time.js';
import { mailRepository } from './mail.repository.js';

/** What an email is about: its template, and whether the user may turn it off. */
export const MAIL_KINDS = ['order.acknowledgement'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface OrderMailPayload {
  orderNumber: string;
}

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
): Promise<void> {
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
}

/**
 * The order acknowledgement (placed credit orders; proforma orders when their payment is approved,
 * which is when they are placed): to the user who placed it, and to the account's email when it
 * differs.
 */
export async function recordOrderAcknowledgement(trx: Db, orderNumber: string): Promise<void> {
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
