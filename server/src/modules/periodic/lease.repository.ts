import type { Db } from '../../db/client.js';

/**
 * Leases (migration 008): one row per named piece of work. A process holds a lease until its
 * `expires_at`; taking it succeeds when nobody holds it, when the holder's time ran out (it died or
 * stalled) or when the caller already holds it (renewal). One statement, so two processes racing for
 * it cannot both win, on SQLite or PostgreSQL. Times are ISO text from the callers' clocks (keep
 * servers' clocks in sync, as NTP does; a lease is seconds long, skew is milliseconds).
 */
export function leaseRepository(db: Db) {
  return {
    /** Takes or renews `name` for `holder` until `until`; true when the caller now holds it. */
    async acquire(name: string, holder: string, now: string, until: string): Promise<boolean> {
      const row = await db
        .insertInto('leases')
        .values({ name, holder, expires_at: until })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, expires_at: until })
            .where((eb) => eb.or([eb('leases.expires_at', '<=', now), eb('leases.holder', '=', holder)])),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Gives `name` up at once (a server stopping), if `holder` holds it. */
    async release(name: string, holder: string, now: string): Promise<void> {
      await db
        .updateTable('leases')
        .set({ expires_at: now })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },

    /** Who holds `name` and until when (for tests and operators). */
    async find(name: string) {
      return db.selectFrom('leases').selectAll().where('name', '=', name).executeTakeFirst();
    },
  };
}
export type LeaseRepository = ReturnType<typeof leaseRepository>;
