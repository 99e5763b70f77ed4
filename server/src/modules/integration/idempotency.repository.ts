import type { Db } from '../../db/client.js';

/** A claim not yet answered: its status code until the first request's answer replaces it. */
export const IN_PROGRESS = 0;

/** SQL of the Idempotency-Key store (a claim per client and key, then the first answer). */
export function idempotencyRepository(db: Db) {
  return {
    find: (clientId: number, key: string) =>
      db
        .selectFrom('integration_idempotency')
        .select(['request_hash', 'status_code', 'content_type', 'body', 'created_at'])
        .where('client_id', '=', clientId)
        .where('key', '=', key)
        .executeTakeFirst(),

    /**
     * Claims the key for a request about to run: one atomic insert-or-nothing, so of concurrent
     * requests with one key exactly one gets true (on either engine, across servers).
     */
    async claim(row: { clientId: number; key: string; requestHash: string; now: string }): Promise<boolean> {
      const r = await db
        .insertInto('integration_idempotency')
        .values({
          client_id: row.clientId,
          key: row.key,
          request_hash: row.requestHash,
          status_code: IN_PROGRESS,
          content_type: '',
          body: '',
          created_at: row.now,
        })
        .onConflict((oc) => oc.columns(['client_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Takes over a claim whose request died (its server stopped) before answering: true if taken. */
    async takeOver(clientId: number, key: string, claimedAt: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable('integration_idempotency')
        .set({ created_at: now })
        .where('client_id', '=', clientId)
        .where('key', '=', key)
        .where('status_code', '=', IN_PROGRESS)
        .where('created_at', '=', claimedAt)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Records the answer on the claim. */
    async answer(row: { clientId: number; key: string; statusCode: number; contentType: string; body: string }) {
      await db
        .updateTable('integration_idempotency')
        .set({ status_code: row.statusCode, content_type: row.contentType, body: row.body })
        .where('client_id', '=', row.clientId)
        .where('key', '=', row.key)
        .where('status_code', '=', IN_PROGRESS)
        .execute();
    },

    /** Gives an unanswered claim up (the answer said "try again"), so a retry runs for real. */
    async release(clientId: number, key: string) {
      await db
        .deleteFrom('integration_idempotency')
        .where('client_id', '=', clientId)
        .where('key', '=', key)
        .where('status_code', '=', IN_PROGRESS)
        .execute();
    },

    /** Deletes keys claimed before `iso` (housekeeping); how many. */
    async purgeBefore(iso: string): Promise<number> {
      const r = await db.deleteFrom('integration_idempotency').where('created_at', '<', iso).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
