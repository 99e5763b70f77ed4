/**
 * The mail worker (docs/areas.md, Email). Every server runs one unless MAIL_DELIVERY=false.
 * It polls for due emails (every MAIL_POLL_MS, and 25 ms after this process records one), takes
 * each one's lease with an atomic conditional UPDATE (mail.repository.ts `claim`), renders it and
 * hands it to the transport. With several servers an email is attempted by one at a time; a server
 * that dies holding a lease leaves it to run out, and another sends it again with the same
 * Message-ID (a receiving system that saw it already can tell).
 *
 * Outcomes: sent; a 5xx answer (a bad address, a refused message) or a template that cannot be
 * rendered is failed at once with the server's answer; anything else (no connection, a timeout, a
 * 4xx) is retried on `mailRetryDelayMs`'s schedule until `maxAttempts`, then failed.
 * `npm run admin -- mail resend --id N` queues a failed one again.
 */
import { randomUUID } from 'node:crypto';
import type { MailKind } from './mail-outbox.js';
import { onMailRecorded } from './mail-outbox.js';
import { MailNotRenderable, renderMail, type RenderDeps } from './mail-render.js';
import { describeError, isPermanent, type MailTransport } from './mail-transport.js';
import type { MailRepository } from './mail.repository.js';

/**
 * The retry schedule, stated once: after failed attempt n (1-based), base * 3^(n-1), at most 2 hours.
 * With the defaults (1 minute, 20 attempts): 1, 3, 9, 27 and 81 minutes, then every 2 hours: about
 * 32 hours in all, so a mail server down for a day still gets every email.
 */
export function mailRetryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 3 ** (attempt - 1), 2 * 3600_000);
}
export const MAIL_BACKOFF_BASE_MS = 60_000;
export const MAIL_MAX_ATTEMPTS = 20;

export interface MailWorkerOptions {
  transport: MailTransport;
  render: Omit<RenderDeps, 'repo'>;
  /** The sender: MAIL_FROM, else the company name and support email settings. */
  from: () => Promise<string>;
  pollMs: number;
  /** Longer than one attempt can take (connection, greeting and commands, each bounded). */
  leaseMs: number;
  backoffBaseMs?: number;
  maxAttempts?: number;
  /** Emails in flight at once in this server (default 4). */
  batch?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** What tests may tune. */
export type MailWorkerTuning = Partial<Pick<MailWorkerOptions, 'backoffBaseMs' | 'maxAttempts' | 'leaseMs' | 'pollMs'>>;

export interface MailWorker {
  start(): void;
  /** Stops polling and waits for the attempts in flight. */
  stop(): Promise<void>;
  /** One pass now (tests, the bench): resolves when the emails due have been attempted. */
  drain(): Promise<void>;
}

/** `Name <address>` → the address's domain, for Message-IDs. */
export function domainOf(from: string): string {
  const m = /@([^\s>]+)>?\s*$/.exec(from);
  return m?.[1] ?? 'wholesale-portal.invalid';
}

export function mailWorker(repo: MailRepository, opts: MailWorkerOptions): MailWorker {
  const holder = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const base = opts.backoffBaseMs ?? MAIL_BACKOFF_BASE_MS;
  const maxAttempts = opts.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const batch = opts.batch ?? 4;
  let stopped = true;
  let running: Promise<void> | undefined;
  let again = false;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  async function attempt(id: number): Promise<void> {
    const now = new Date();
    if (!(await repo.claim(id, holder, now.toISOString(), new Date(now.getTime() + opts.leaseMs).toISOString())))
      return;
    const row = await repo.get(id);
    if (!row) return;
    const attempts = Number(row.attempts) + 1;
    let sent: string | null = null;
    let error: string | null = null;
    let permanent = false;
    try {
      const rendered = await renderMail(row.kind as MailKind, JSON.parse(row.payload), { ...opts.render, repo });
      const from = await opts.from();
      const r = await opts.transport.send({
        messageId: `<${row.message_id}@${domainOf(from)}>`,
        from,
        to: JSON.parse(row.recipients) as string[],
        ...rendered,
        fileTag: `${row.kind.replace(/\./g, '-')}-${row.id}`,
      });
      sent = r.detail;
    } catch (err) {
      // A template that throws fails the same way on every attempt: recorded, not retried.
      permanent = isPermanent(err) || err instanceof MailNotRenderable || !isTransportError(err);
      error = describeError(err);
    }
    const done = new Date();
    const giveUp = sent === null && (permanent || attempts >= maxAttempts);
    if (sent === null) opts.log?.warn({ mailId: id, kind: row.kind, error, attempts, giveUp }, 'email not sent');
    await repo.finish(id, holder, {
      status: sent !== null ? 'sent' : giveUp ? 'failed' : 'pending',
      attempts,
      nextAttemptAt:
        sent !== null || giveUp
          ? done.toISOString()
          : new Date(done.getTime() + mailRetryDelayMs(attempts, base)).toISOString(),
      lastError: sent !== null ? null : error,
      sentAt: sent !== null ? done.toISOString() : null,
    });
  }

  async function fill(): Promise<void> {
    const room = batch - inFlight.size;
    if (room <= 0) return;
    const due = await repo.due(new Date().toISOString(), room);
    for (const d of due) {
      const p: Promise<void> = attempt(Number(d.id))
        .catch((err: unknown) => opts.log?.warn({ err, mailId: d.id }, 'email attempt failed'))
        .finally(() => {
          inFlight.delete(p);
          wake();
        });
      inFlight.add(p);
    }
    if (due.length === room) again = true;
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await fill();
        } while (again && !stopped && inFlight.size < batch);
      } catch (err) {
        opts.log?.warn({ err }, 'mail worker pass failed');
      } finally {
        running = undefined;
      }
    })();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = onMailRecorded(wake);
      timer = setInterval(wake, opts.pollMs).unref();
      wake();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (timer) clearInterval(timer);
      await running;
      await Promise.all([...inFlight]);
    },
    async drain() {
      const due = await repo.due(new Date().toISOString(), 1000);
      await Promise.all(due.map((d) => attempt(Number(d.id))));
    },
  };
}

/**
 * Errors from the transport (nodemailer's carry a `code` such as ECONNECTION, ETIMEDOUT, EAUTH, or
 * an SMTP `responseCode`; file system errors a `code` such as ENOSPC) are about delivery and worth
 * another attempt unless permanent; anything else is a fault in rendering that would recur.
 */
function isTransportError(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  return typeof e?.code === 'string' || typeof e?.responseCode === 'number';
}
