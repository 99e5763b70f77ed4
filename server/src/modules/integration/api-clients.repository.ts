import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/repos.js';

/** SQL for API clients and their keys (migration 009). */
export function apiClientsRepository(db: Db) {
  return {
    clientByName: (name: string) =>
      db.selectFrom('api_clients').selectAll().where('name', '=', name).executeTakeFirst(),

    insertClient: (name: string, scopes: string, now: string) =>
      db
        .insertInto('api_clients')
        .values({ name, scopes, created_at: now, revoked_at: null })
        .returning('id')
        .executeTakeFirstOrThrow(),

    insertKey: (key: { keyId: string; clientId: number; hash: string; now: string }) =>
      db
        .insertInto('api_keys')
        .values({
          key_id: key.keyId,
          client_id: key.clientId,
          key_hash: key.hash,
          created_at: key.now,
          revoked_at: null,
        })
        .execute(),

    /** A live key of a live client, by its key id. */
    liveKey: (keyId: string) =>
      db
        .selectFrom('api_keys as k')
        .innerJoin('api_clients as c', 'c.id', 'k.client_id')
        .select(['k.key_hash', 'c.id as client_id', 'c.name', 'c.scopes'])
        .where('k.key_id', '=', keyId)
        .where('k.revoked_at', 'is', null)
        .where('c.revoked_at', 'is', null)
        .executeTakeFirst(),

    listClients: () =>
      db
        .selectFrom('api_clients as c')
        .leftJoin('api_keys as k', (j) => j.onRef('k.client_id', '=', 'c.id').on('k.revoked_at', 'is', null))
        .select([
          'c.id',
          'c.name',
          'c.scopes',
          'c.created_at',
          'c.revoked_at',
          'k.key_id',
          'k.created_at as key_created_at',
        ])
        .orderBy('c.name')
        .orderBy('k.created_at')
        .execute(),

    liveKeysOf: (clientId: number) =>
      db
        .selectFrom('api_keys')
        .select(['key_id', 'created_at'])
        .where('client_id', '=', clientId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at')
        .execute(),

    /** The client a key belongs to (revoked or not) and how many live keys it has. */
    clientOfKey: (keyId: string) =>
      db
        .selectFrom('api_keys as k')
        .innerJoin('api_clients as c', 'c.id', 'k.client_id')
        .select((eb) => [
          'c.id',
          'c.name',
          eb
            .selectFrom('api_keys as l')
            .select((e) => e.fn.countAll<number | string>().as('n'))
            .whereRef('l.client_id', '=', 'c.id')
            .where('l.revoked_at', 'is', null)
            .as('live_keys'),
        ])
        .where('k.key_id', '=', keyId)
        .executeTakeFirst()
        .then((r) => r && { ...r, live_keys: Number(r.live_keys) }),

    revokeKey: async (keyId: string, now: string) =>
      Number(
        (
          await db
            .updateTable('api_keys')
            .set({ revoked_at: now })
            .where('key_id', '=', keyId)
            .where('revoked_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),

    /** The client, its keys and its webhook endpoints (disabled with `endpointReason`), in one transaction. */
    revokeClient: (clientId: number, now: string, endpointReason: string) =>
      inTransaction(db, async (trx) => {
        await trx.updateTable('api_clients').set({ revoked_at: now }).where('id', '=', clientId).execute();
        await trx
          .updateTable('webhook_endpoints')
          .set({ enabled: 0, disabled_reason: endpointReason, updated_at: now })
          .where('client_id', '=', clientId)
          .where('enabled', '=', 1)
          .execute();
        await trx
          .updateTable('api_keys')
          .set({ revoked_at: now })
          .where('client_id', '=', clientId)
          .where('revoked_at', 'is', null)
          .execute();
      }),
  };
}
export type ApiClientsRepository = ReturnType<typeof apiClientsRepository>;
