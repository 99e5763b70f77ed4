import type { PeriodicJob } from './periodic.js';
import type { HousekeepingRepository } from './housekeeping.repository.js';

/** What the jobs clean, each through its owner (compose.ts hands them in). */
export interface HousekeepingDeps {
  repo: HousekeepingRepository;
  /** The events service's sweep of outbox events past their retention. */
  purgeOldEvents(now: Date): Promise<unknown>;
  /** The integration module's sweep of old Idempotency-Keys. */
  purgeOldIdempotencyKeys(now: Date): Promise<unknown>;
}

/** How often expired rows are swept (once across all servers, through a lease). */
export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/** How often outbox events past their retention (30 days) are deleted, with their deliveries. */
export const OLD_EVENTS_EVERY_MS = 60 * 60_000;

/**
 * The server's periodic work today: rows that only grow. One-time login tokens, set-password
 * links and refresh tokens past their expiry can never be used again (a refresh token's reuse
 * check needs it only until it expires), so they are deleted; so are outbox events older than
 * the event feed keeps them (events.service.ts purgeOldEvents), and Idempotency-Keys older than a
 * day (integration/idempotency.ts).
 */
export function housekeepingJobs(
  { repo, purgeOldEvents, purgeOldIdempotencyKeys }: HousekeepingDeps,
  everyMs = HOUSEKEEPING_EVERY_MS,
  eventsEveryMs = OLD_EVENTS_EVERY_MS,
): PeriodicJob[] {
  return [
    {
      name: 'expired-tokens',
      everyMs,
      run: async (now) => {
        await repo.deleteExpiredTokens(now.toISOString());
      },
    },
    {
      name: 'old-idempotency-keys',
      everyMs,
      run: async (now) => {
        await purgeOldIdempotencyKeys(now);
      },
    },
    {
      name: 'old-events',
      everyMs: eventsEveryMs,
      run: async (now) => {
        await purgeOldEvents(now);
      },
    },
  ];
}
