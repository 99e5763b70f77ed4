import type { CurrencyCode } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';

const revisionQuery = prepared((db: Db) => db.selectFrom('catalogue_revision').select('revision').where('id', '=', 1));

/** What the in-memory text search (catalogue-index.ts) reads to build itself, a batch at a time. */
export function catalogueIndexRepository(db: Db) {
  return {
    /** The catalogue revision (migration 004): moves on every change to what a search can find. */
    async revision(): Promise<number> {
      const [row] = await revisionQuery.execute(db);
      return Number(row?.revision ?? 0);
    },

    /** Up to `limit` products after `after` in item-code order (unique). */
    productsAfter: (after: { item_number: string } | undefined, limit: number) =>
      db
        .selectFrom('products')
        .select(['id', 'item_number', 'active', 'search_text'])
        .$if(after !== undefined, (q) => q.where('item_number', '>', after!.item_number))
        .orderBy('item_number')
        .limit(limit)
        .execute(),

    /** Up to `limit` (product, currency) prices after `after` in the primary key's order. */
    pricesAfter: (after: { product_id: number; currency_code: CurrencyCode } | undefined, limit: number) =>
      db
        .selectFrom('product_prices')
        .select(['product_id', 'currency_code'])
        .$if(after !== undefined, (q) =>
          q.where((eb) =>
            eb.or([
              eb('product_id', '>', after!.product_id),
              eb.and([eb('product_id', '=', after!.product_id), eb('currency_code', '>', after!.currency_code)]),
            ]),
          ),
        )
        .orderBy('product_id')
        .orderBy('currency_code')
        .limit(limit)
        .execute(),
  };
}
