import { sql, type RawBuilder } from 'kysely';
import type { Db, Engine } from '../../db/client.js';
import type { Tier } from '../../domain/pricing.js';

/**
 * `column` is one of `ids`, as one bound value: a 1,000-entry `in (...)` list cost PostgreSQL more to
 * parse and plan than to run (bench/quick-order.ts), and binds a thousand values on SQLite.
 */
function oneOf(engine: Engine, column: string, ids: readonly number[]): RawBuilder<boolean> {
  return engine === 'postgres'
    ? sql<boolean>`${sql.ref(column)} = any(${[...ids]}::integer[])`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** Quick Order's SQL (issue 27): products, tiers and due-in schedules of the codes a buyer gave, by id. */
export function quickOrderRepository(db: Db, engine: Engine) {
  return {
    /** Products by id with their list price in `currency` (null: not priced there), active or not. */
    async products(ids: readonly number[], currency: 'GBP' | 'EUR') {
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
    async tiers(ids: readonly number[], currency: 'GBP' | 'EUR'): Promise<Map<number, Tier[]>> {
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

    /** Due-in schedules by product id, earliest first. */
    async dueIn(ids: readonly number[]): Promise<Map<number, { quantity: number; date: string }[]>> {
      const out = new Map<number, { quantity: number; date: string }[]>();
      if (ids.length === 0) return out;
      const rows = await db
        .selectFrom('inbound_deliveries')
        .select(['product_id', 'quantity', 'due_date'])
        .where(oneOf(engine, 'product_id', ids))
        .orderBy('product_id')
        .orderBy('due_date')
        .execute();
      for (const r of rows) {
        const list = out.get(r.product_id) ?? [];
        list.push({ quantity: r.quantity, date: r.due_date });
        out.set(r.product_id, list);
      }
      return out;
    },
  };
}
