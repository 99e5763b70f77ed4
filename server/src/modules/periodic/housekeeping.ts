import type { Db } from '../../db/client.js';
import type { PeriodicJob } from './periodic.js';
import { housekeepingRepository } from './housekeeping.repository.js';

/** How often expired rows are swept (once across all servers, through a lease). */
export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/**
 * The server's periodic work today: rows that only grow. One-time login tokens and refresh tokens
 * past their expiry can never be used again (a refresh token's reuse check needs it only until it
 * expires), so they are deleted.
 */
export function housekeepingJobs(db: Db, everyMs = HOUSEKEEPING_EVERY_MS): PeriodicJob[] {
  const repo = housekeepingRepository(db);
  return [
    {
      name: 'expired-tokens',
      everyMs,
      run: async (now) => {
        await repo.deleteExpiredTokens(now.toISOString());
      },
    },
  ];
}
