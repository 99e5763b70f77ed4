import type { Db, Engine } from '../../db/client.js';
import { oneOf } from '../../db/one-of.js';
import type { DueIn, ProductSupply } from '../../domain/delivery-promise.js';

/** Stock and due-in schedules (read by Quick Order and the delivery promise). */
export function deliveryRepository(db: Db, engine: Engine) {
  async function dueIn(ids: readonly number[]): Promise<Map<number, DueIn[]>> {
    const out = new Map<number, DueIn[]>();
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
  }

  return {
    /** Due-in schedules by product id, earliest first. */
    dueIn,

    /** Stock and due-in by product id (products not found are left out). */
    async supply(ids: readonly number[]): Promise<Map<number, ProductSupply>> {
      const out = new Map<number, ProductSupply>();
      if (ids.length === 0) return out;
      const [rows, schedules] = await Promise.all([
        db
          .selectFrom('products')
          .select(['id', 'stock'])
          .where(oneOf(engine, 'id', ids))
          .execute(),
        dueIn(ids),
      ]);
      for (const r of rows) out.set(r.id, { stock: r.stock, dueIn: schedules.get(r.id) ?? [] });
      return out;
    },
  };
}
export type DeliveryRepository = ReturnType<typeof deliveryRepository>;
