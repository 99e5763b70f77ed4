import type { Db } from '../../db/client.js';

export function housekeepingRepository(db: Db) {
  return {
    /** Deletes one-time login tokens, set-password links and refresh tokens that expired before `now`; how many of each. */
    async deleteExpiredTokens(now: string): Promise<{ oneTime: number; refresh: number; passwordLinks: number }> {
      const oneTime = await db.deleteFrom('one_time_tokens').where('expires_at', '<', now).executeTakeFirst();
      const refresh = await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).executeTakeFirst();
      const links = await db.deleteFrom('password_links').where('expires_at', '<', now).executeTakeFirst();
      return {
        oneTime: Number(oneTime.numDeletedRows),
        refresh: Number(refresh.numDeletedRows),
        passwordLinks: Number(links.numDeletedRows),
      };
    },
  };
}
export type HousekeepingRepository = ReturnType<typeof housekeepingRepository>;
