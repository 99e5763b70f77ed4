import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/repos.js';

/** The only SQL of the site area: operator settings and the delivery countries. */
export function siteRepository(db: Db) {
  return {
    /** Every stored setting (keys without a row take their default in settings.service.ts). */
    settings: () => db.selectFrom('settings').select(['key', 'value']).execute(),

    async setting(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    /** Stores the values, all or none (in the caller's transaction when it has one: the seed's). */
    async putSettings(entries: readonly (readonly [key: string, value: string])[]): Promise<void> {
      const put = async (trx: Db) => {
        for (const [key, value] of entries)
          await trx
            .insertInto('settings')
            .values({ key, value })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
            .execute();
      };
      await inTransaction(db, put);
    },

    /** Delivery countries in the order the screens list them. */
    countries: () => db.selectFrom('countries').select(['code', 'name']).orderBy('sort').execute(),
  };
}
export type SiteRepository = ReturnType<typeof siteRepository>;
