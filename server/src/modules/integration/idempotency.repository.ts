import type { Db } from '../../db/client.js';

/** SQL of the Idempotency-Key store (first answer per client and key). */
export function idempotencyRepository(db: Db) {
  return {
    find: (clientId: number, key: string) =>
      db
        .selectFrom('integration_idempotency')
        .select(['request_hash', 'status_code', 'content_type', 'body'])
        .where('client_id', '=', clientId)
        .where('key', '=', key)
        .executeTakeFirst(),
    /** The first answer stays: a concurrent twin's insert is ignored. */
    save: (row: {
      clientId: number;
      key: string;
      requestHash: string;
      statusCode: number;
      contentType: string;
      body: string;
      now: string;
    }) =>
      db
        .insertInto('integration_idempotency')
        .values({
          client_id: row.clientId,
          key: row.key,
          request_hash: row.requestHash,
          status_code: row.statusCode,
          content_type: row.contentType,
          body: row.body,
          created_at: row.now,
        })
        .onConflict((oc) => oc.columns(['client_id', 'key']).doNothing())
        .execute(),
  };
}
