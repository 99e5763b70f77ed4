import type { CurrencyCode } from '@wholesale/contract';
import type { Db, Engine } from '../../db/client.js';
import type { Tier } from '../../domain/pricing.js';
import { oneOf } from '../../db/one-of.js';

/** Quick Order's SQL: products, tiers and due-in schedules of the codes a buyer gave, by id. */
export function quickOrderRepository(db: Db, engine: Engine) {
  return {
    /** Products by id with their list price in `currency` (null: not priced there), active or not. */
    async products(ids: readonly number[], currency: CurrencyCode) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('products as p')
        .leftJoin('product_prices as pp', (j) =>
          j.onRef('pp.product_id', '=', 'p.id').on('pp.currency_code', '=', currency),
        )
        .select([
          'p.id',
          'p.item_number',
          'p.description',
          'p.product_type_id',
          'p.stock',
          'p.active',
          'pp.list_price_e5',
        ])
        .where(oneOf(engine, 'p.id', ids))
        .execute();
      return rows.map((r) => ({
        ...r,
        active: Boolean(Number(r.active)),
        list_price_e5: r.list_price_e5 === null ? null : Number(r.list_price_e5),
      }));
    },

    /** Multi-buy tiers by product id in a currency, lowest minimum first. */
    async tiers(ids: readonly number[], currency: CurrencyCode): Promise<Map<number, Tier[]>> {
      const out = new Map<number, Tier[]>();
      if (ids.length === 0) return out;
      const rows = await db
        .selectFrom('multibuy_tiers')
        .select(['product_id', 'minimum_quantity', 'price_e5'])
        .where('currency_code', '=', currency)
        .where(oneOf(engine, 'product_id', ids))
        .orderBy('product_id')
        .orderBy('minimum_quantity')
        .execute();
      for (const r of rows) {
        const list = out.get(r.product_id) ?? [];
        list.push({ minimumQuantity: r.minimum_quantity, priceE5: Number(r.price_e5) });
        out.set(r.product_id, list);
      }
      return out;
    },
  };
}
export type QuickOrderRepository = ReturnType<typeof quickOrderRepository>;
