import type { Db } from '../../db/client.js';
import { nowIso } from '../../lib/time.js';

/** The only place basket SQL lives. Baskets are per login user; each change bumps `revision`. */
export function basketRepository(db: Db) {
  return {
    /** The user's basket id, creating the basket on first use. */
    async ensureBasket(userId: number, accountId: number): Promise<number> {
      const existing = await db.selectFrom('baskets').select('id').where('user_id', '=', userId).executeTakeFirst();
      if (existing) return existing.id;
      await db
        .insertInto('baskets')
        .values({ user_id: userId, account_id: accountId, revision: 0, updated_at: nowIso() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const row = await db.selectFrom('baskets').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
      return row.id;
    },

    findBasket(userId: number) {
      return db.selectFrom('baskets').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Bumps the revision; in a transaction this also locks the basket row against concurrent changes. */
    async touch(basketId: number): Promise<void> {
      await db
        .updateTable('baskets')
        .set((eb) => ({ revision: eb('revision', '+', 1), updated_at: nowIso() }))
        .where('id', '=', basketId)
        .execute();
    },

    /** Lines joined with their products, in line order. */
    lines(basketId: number) {
      return db
        .selectFrom('basket_lines')
        .innerJoin('products', 'products.id', 'basket_lines.product_id')
        .select([
          'basket_lines.id',
          'basket_lines.line_number',
          'basket_lines.quantity',
          'products.id as product_id',
          'products.item_number',
          'products.description',
          'products.product_type_id',
          'products.stock',
          'products.unit',
          'products.active',
        ])
        .where('basket_lines.basket_id', '=', basketId)
        .orderBy('basket_lines.line_number')
        .execute();
    },

    findActiveProduct(itemNumber: string) {
      return db
        .selectFrom('products')
        .select(['id', 'item_number', 'stock'])
        .where('item_number', '=', itemNumber)
        .where('active', '=', 1)
        .executeTakeFirst();
    },

    findLineByProduct(basketId: number, productId: number) {
      return db
        .selectFrom('basket_lines')
        .select(['id', 'line_number', 'quantity'])
        .where('basket_id', '=', basketId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    findLine(basketId: number, lineNumber: number) {
      return db
        .selectFrom('basket_lines')
        .innerJoin('products', 'products.id', 'basket_lines.product_id')
        .select(['basket_lines.id', 'basket_lines.quantity', 'products.item_number', 'products.stock'])
        .where('basket_lines.basket_id', '=', basketId)
        .where('basket_lines.line_number', '=', lineNumber)
        .executeTakeFirst();
    },

    async insertLine(basketId: number, productId: number, quantity: number): Promise<number> {
      const max = await db
        .selectFrom('basket_lines')
        .select((eb) => eb.fn.max('line_number').as('max'))
        .where('basket_id', '=', basketId)
        .executeTakeFirst();
      const lineNumber = Number(max?.max ?? 0) + 1;
      await db
        .insertInto('basket_lines')
        .values({ basket_id: basketId, line_number: lineNumber, product_id: productId, quantity, created_at: nowIso() })
        .execute();
      return lineNumber;
    },

    async setQuantity(lineId: number, quantity: number): Promise<void> {
      await db.updateTable('basket_lines').set({ quantity }).where('id', '=', lineId).execute();
    },

    async deleteLine(lineId: number): Promise<void> {
      await db.deleteFrom('basket_lines').where('id', '=', lineId).execute();
    },

    async clearLines(basketId: number): Promise<void> {
      await db.deleteFrom('basket_lines').where('basket_id', '=', basketId).execute();
    },
  };
}
export type BasketRepository = ReturnType<typeof basketRepository>;
