/**
 * Webhook deliveries (docs/areas.md, Integration). Every server runs one dispatcher. It
 * polls for due deliveries (every WEBHOOK_POLL_MS, and 25 ms after this process records an event),
 * takes each one's lease with an atomic conditional UPDATE (events.repository.ts `claim`), signs it
 * per the Standard Webhooks spec and POSTs it. So with several servers a delivery is attempted by one
 * at a time; a server that dies holding a lease leaves it to run out and another sends it again, with
 * the same webhook-id (at least once; receivers drop an id they have seen).
 *
 * Outcomes: 2xx delivered; 410 Gone disables the endpoint; anything else (a 3xx too: redirects are
 * not followed, a timeout, a refused address) is retried on `retryDelayMs`'s schedule until
 * `maxAttempts`, then the delivery is marked failed (POST /events/{id}/redeliver queues it again).
 *
 * Isolation: each endpoint is its own queue with its own concurrency (events.repository.ts
 * ENDPOINT_CONCURRENCY, counted across servers), so a slow or dead receiver holds at most two of
 * this server's `batch` slots and delays only itself. An endpoint whose attempts have all failed
 * for FAILING_DISABLE_DAYS (`failing_since`, cleared by a success and untouched by a redeliver) is
 * disabled with its reason, and a `webhook_endpoint.disabled` event tells its client, as Standard
 * Webhooks senders (Svix) do.
 */
import { INTEGRATION_MSG } from '@wholesale/contract';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Repos } from '../../db/repos.js';
import type { EventsRepository } from './events.repository.js';
import { toIntegrationEvent } from './events.service.js';
import { onEventRecorded, recordEndpointDisabled } from './outbox.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { postWebhook } from './webhook-sender.js';

/** The retry schedule, stated once: the delay after failed attempt n (1-based) is base * 3^(n-1), at most base * 2880. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 3 ** (attempt - 1), baseMs * 2880);
}
/** With the defaults (10 s base, 12 attempts): 10 s, 30 s, 1.5 min, 4.5 min, 13.5 min, 40.5 min, 2 h, 6 h, then 8 h three times: about 33 hours in all. */
export const DEFAULT_BACKOFF_BASE_MS = 10_000;
export const DEFAULT_MAX_ATTEMPTS = 12;
/** An endpoint that has failed every attempt for this long is disabled. */
export const FAILING_DISABLE_DAYS = 3;

/** What tests may tune: a faster retry schedule or shorter leases than the defaults. */
export type DispatcherTuning = Partial<
  Pick<DispatcherOptions, 'backoffBaseMs' | 'maxAttempts' | 'leaseMs' | 'pollMs' | 'batch' | 'now'>
>;

export interface DispatcherOptions {
  box: SecretBox;
  timeoutMs: number;
  allowPrivate: boolean;
  pollMs: number;
  /** How long a claimed delivery stays this server's: longer than one attempt can take. */
  leaseMs?: number;
  backoffBaseMs?: number;
  maxAttempts?: number;
  /**
   * Attempts in flight at once in this server (default 64): a safety limit on sockets; fairness
   * between endpoints comes from each endpoint's own concurrency.
   */
  batch?: number;
  log?: { warn(obj: object, msg: string): void };
  /** The clock (tests move it days ahead to see an endpoint failing for days). */
  now?: () => Date;
}

export interface WebhookDispatcher {
  readonly holder: string;
  start(): void;
  /** Stops polling and waits for the attempts in flight. */
  stop(): Promise<void>;
}

export function webhookDispatcher(events: Repos<EventsRepository>, opts: DispatcherOptions): WebhookDispatcher {
  const holder = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const repo = events.base;
  const leaseMs = opts.leaseMs ?? opts.timeoutMs + 20_000;
  const base = opts.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const batch = opts.batch ?? 64;
  const clock = opts.now ?? (() => new Date());
  let stopped = true;
  let running: Promise<void> | undefined;
  let again = false;
  const inFlight = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void) | undefined;

  async function attempt(id: number, endpointId: number): Promise<boolean> {
    const now = clock();
    if (!(await repo.claim(id, endpointId, holder, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString())))
      return false;
    const d = await repo.deliveryToSend(id);
    if (!d) return false;
    // Disabled or its client revoked since the claim: send nothing, leave it pending and unleased.
    if (d.enabled !== 1 || d.client_revoked_at !== null) {
      await repo.releaseLease(id, holder);
      return false;
    }
    const body = JSON.stringify(toIntegrationEvent(d));
    const sentAt = new Date();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const signature = new Webhook(opts.box.open(d.secret_enc)).sign(d.event_id, sentAt, body);
      status = await postWebhook(
        d.url,
        {
          'webhook-id': d.event_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        { timeoutMs: opts.timeoutMs, allowPrivate: opts.allowPrivate },
      );
    } catch (err) {
      error = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 500) : 'request failed';
    }
    const attempts = Number(d.attempts) + 1;
    const done = clock();
    const ok = status !== null && status >= 200 && status < 300;
    const gone = status === 410;
    const giveUp = !ok && (gone || attempts >= maxAttempts);
    if (gone) await repo.disableEndpoint(d.endpoint_id, INTEGRATION_MSG.webhookDisabled.gone, done.toISOString());
    if (ok) await repo.markEndpointHealthy(d.endpoint_id);
    else if (!gone) await failing(d, done);
    if (!ok)
      opts.log?.warn(
        { eventId: d.event_id, endpointId: d.endpoint_id, status, error, attempts },
        'webhook delivery failed',
      );
    await repo.finishAttempt(id, holder, {
      status: ok ? 'delivered' : giveUp ? 'failed' : 'pending',
      attempts,
      nextAttemptAt:
        ok || giveUp ? done.toISOString() : new Date(done.getTime() + retryDelayMs(attempts, base)).toISOString(),
      lastStatus: status,
      lastError: error ?? (ok ? null : `HTTP ${status}`),
      deliveredAt: ok ? done.toISOString() : null,
    });
    return true;
  }

  /** Records a failed attempt on its endpoint; failing for FAILING_DISABLE_DAYS disables it and says so. */
  async function failing(d: { endpoint_id: number; client_id: number; url: string }, at: Date): Promise<void> {
    const since = await repo.markEndpointFailing(d.endpoint_id, at.toISOString());
    if (Date.parse(since) > at.getTime() - FAILING_DISABLE_DAYS * 86_400_000) return;
    const reason = INTEGRATION_MSG.webhookDisabled.failing(FAILING_DISABLE_DAYS, since);
    await events.transaction(async (r, trx) => {
      if (!(await r.disableIfEnabled(d.endpoint_id, reason, at.toISOString()))) return;
      await recordEndpointDisabled(trx, d.client_id, {
        endpointId: d.endpoint_id,
        url: d.url,
        reason,
        failingSince: since,
      });
    });
    opts.log?.warn({ endpointId: d.endpoint_id, failingSince: since }, 'webhook endpoint disabled: failing for days');
  }

  /**
   * Fills free slots (up to `batch` attempts in flight) with due deliveries, without waiting for
   * the attempts: a slow endpoint holds its own slots, not the next poll. A finished attempt wakes
   * the loop again.
   */
  async function fill(): Promise<void> {
    const room = batch - inFlight.size;
    if (room <= 0) return;
    const due = await repo.dueDeliveries(clock().toISOString(), room);
    for (const d of due) {
      const p: Promise<void> = attempt(d.id, d.endpoint_id)
        .then(() => undefined)
        .catch((err: unknown) => opts.log?.warn({ err, deliveryId: d.id }, 'webhook attempt failed'))
        .finally(() => {
          inFlight.delete(p);
          wake();
        });
      inFlight.add(p);
    }
    if (due.length === room) again = true;
  }

  /** Runs fills one after another; a wake-up during one asks for one more. */
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
        opts.log?.warn({ err }, 'webhook dispatcher pass failed');
      } finally {
        running = undefined;
      }
    })();
  }

  return {
    holder,
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = onEventRecorded(wake);
      timers.push(setInterval(wake, opts.pollMs).unref());
      wake();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      for (const t of timers.splice(0)) clearInterval(t);
      await running;
      await Promise.all([...inFlight]);
    },
  };
}
