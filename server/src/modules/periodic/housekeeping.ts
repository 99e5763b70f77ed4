import type { Db } from '../../db/client.js';
import { eventsService } from '../events/events.service.js';
import { purgeOldIdempotencyKeys } from '../integration/idempotency.js';
import type { PeriodicJob } from './periodic.js';
import { housekeepingRepository } from './housekeeping.repository.js';

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
  db: Db,
  everyMs = HOUSEKEEPING_EVERY_MS,
  eventsEveryMs = OLD_EVENTS_EVERY_MS,
): PeriodicJob[] {
  const repo = housekeepingRepository(db);
  const events = eventsService(db);
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
        await purgeOldIdempotencyKeys(db, now);
      },
    },
    {
      name: 'old-events',
      everyMs: eventsEveryMs,
      run: async (now) => {
        await events.purgeOldEvents(now);
      },
    },
  ];
}
