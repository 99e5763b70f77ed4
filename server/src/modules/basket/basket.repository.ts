import type { CurrencyCode } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { nowIso } from '../../lib/time.js';

const basketQuery = prepared((db: Db, userId: number, currency: CurrencyCode) =>
  db
    .selectFrom('baskets as b')
    .leftJoin('basket_lines as bl', 'bl.basket_id', 'b.id')
    .leftJoin('products as p', 'p.id', 'bl.product_id')
    .leftJoin('product_prices as pp', (j) =>
      j.onRef('pp.product_id', '=', 'p.id').on('pp.currency_code', '=', currency),
    )
    .select([
      'b.id as basket_id',
      'b.revision',
      'bl.id',
      'bl.line_number',
      'bl.quantity',
      'p.id as product_id',
      'p.item_number',
      'p.description',
      'p.product_type_id',
      'p.stock',
      'p.unit',
      'pp.list_price_e5',
    ])
    .where('b.user_id', '=', userId)
    .orderBy('bl.line_number'),
);

/** A line as a clear kept it for its undo. */
export interface ClearedLine {
  line_number: number;
  product_id: number;
  quantity: number;
  copied_from_order: string | null;
  ordered_unit_price_e5: number | null;
  ordered_quantity: number | null;
}

/** The only place basket SQL lives. Baskets are per login user; each change bumps `revision`. */
export function basketRepository(db: Db) {
  /** The number a line appended to the basket gets: one past its last. */
  const nextLineNumber = async (basketId: number) => {
    const max = await db
      .selectFrom('basket_lines')
      .select((eb) => eb.fn.max('line_number').as('max'))
      .where('basket_id', '=', basketId)
      .executeTakeFirst();
    return Number(max?.max ?? 0) + 1;
  };
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

    /**
     * The user's basket (id, revision) with its lines, their products and list prices in `currency`
     * (null when the product has none), in line order: one statement. Undefined: no basket yet.
     */
    async basketWithLines(userId: number, currency: CurrencyCode) {
      const rows = await basketQuery.execute(db, userId, currency);
      const first = rows[0];
      if (!first) return undefined;
      const lines = rows.flatMap((r) =>
        r.id === null || r.product_id === null
          ? []
          : [
              {
                id: r.id,
                line_number: r.line_number!,
                quantity: r.quantity!,
                product_id: r.product_id,
                item_number: r.item_number!,
                description: r.description!,
                product_type_id: r.product_type_id!,
                stock: r.stock!,
                unit: r.unit!,
                list_price_e5: r.list_price_e5 === null ? null : Number(r.list_price_e5),
              },
            ],
      );
      return { id: first.basket_id, revision: first.revision, lines };
    },

    /** Active products by id with their list price in `currency` (pricing an order's lines again). */
    async productsForPricing(productIds: readonly number[], currency: CurrencyCode) {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom('products as p')
        .leftJoin('product_prices as pp', (j) =>
          j.onRef('pp.product_id', '=', 'p.id').on('pp.currency_code', '=', currency),
        )
        .select([
          'p.id as product_id',
          'p.item_number',
          'p.description',
          'p.product_type_id',
          'p.stock',
          'p.unit',
          'pp.list_price_e5',
        ])
        .where('p.id', 'in', [...new Set(productIds)])
        .where('p.active', '=', 1)
        .execute();
      return rows.map((r) => ({ ...r, list_price_e5: r.list_price_e5 === null ? null : Number(r.list_price_e5) }));
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

    /** `origin`: the order a copied line came from and its unit price on that order (migration 012). */
    async insertLine(
      basketId: number,
      productId: number,
      quantity: number,
      origin?: { orderNumber: string; unitPriceE5: number; quantity: number },
    ): Promise<number> {
      const lineNumber = await nextLineNumber(basketId);
      await db
        .insertInto('basket_lines')
        .values({
          basket_id: basketId,
          line_number: lineNumber,
          product_id: productId,
          quantity,
          created_at: nowIso(),
          copied_from_order: origin?.orderNumber ?? null,
          ordered_unit_price_e5: origin?.unitPriceE5 ?? null,
          ordered_quantity: origin?.quantity ?? null,
        })
        .execute();
      return lineNumber;
    },

    /** Quick Order: the basket's lines for these products, and how many lines it has. */
    async linesForProducts(basketId: number, productIds: readonly number[]) {
      const [lines, count] = await Promise.all([
        productIds.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom('basket_lines')
              .select(['id', 'product_id', 'quantity'])
              .where('basket_id', '=', basketId)
              .where('product_id', 'in', [...productIds])
              .execute(),
        this.lineCount(basketId),
      ]);
      return { lines, count };
    },

    /** Quick Order: appends lines after the basket's last line number, in a few statements. */
    async appendLines(basketId: number, rows: readonly { productId: number; quantity: number }[]): Promise<void> {
      if (rows.length === 0) return;
      const first = await nextLineNumber(basketId);
      const created = nowIso();
      const values = rows.map((r, k) => ({
        basket_id: basketId,
        line_number: first + k,
        product_id: r.productId,
        quantity: r.quantity,
        created_at: created,
      }));
      // 200 rows (1,000 bound values) a statement stays well inside both engines' limits.
      for (let k = 0; k < values.length; k += 200)
        await db
          .insertInto('basket_lines')
          .values(values.slice(k, k + 200))
          .execute();
    },

    /** Price-break nudges: lines copied from an order, with that order's number, quantity and unit price. */
    async copiedLines(basketId: number) {
      const rows = await db
        .selectFrom('basket_lines')
        .select(['id', 'copied_from_order', 'ordered_unit_price_e5', 'ordered_quantity'])
        .where('basket_id', '=', basketId)
        .where('copied_from_order', 'is not', null)
        .execute();
      return new Map(
        rows.map((r) => [
          r.id,
          {
            orderNumber: r.copied_from_order!,
            unitPriceE5: Number(r.ordered_unit_price_e5),
            quantity: Number(r.ordered_quantity),
          },
        ]),
      );
    },

    async setQuantity(lineId: number, quantity: number): Promise<void> {
      await db.updateTable('basket_lines').set({ quantity }).where('id', '=', lineId).execute();
    },

    async deleteLine(lineId: number): Promise<void> {
      await db.deleteFrom('basket_lines').where('id', '=', lineId).execute();
    },

    async lineCount(basketId: number): Promise<number> {
      const row = await db
        .selectFrom('basket_lines')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('basket_id', '=', basketId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Every line as stored, origins included, in line order: what a clear keeps for its undo. */
    allLines(basketId: number) {
      return db
        .selectFrom('basket_lines')
        .select([
          'line_number',
          'product_id',
          'quantity',
          'copied_from_order',
          'ordered_unit_price_e5',
          'ordered_quantity',
        ])
        .where('basket_id', '=', basketId)
        .orderBy('line_number')
        .execute();
    },

    /** Puts lines back exactly as `allLines` read them (their line numbers included). */
    async restoreLines(basketId: number, lines: readonly ClearedLine[]): Promise<void> {
      const created = nowIso();
      for (let k = 0; k < lines.length; k += 100)
        await db
          .insertInto('basket_lines')
          .values(lines.slice(k, k + 100).map((l) => ({ ...l, basket_id: basketId, created_at: created })))
          .execute();
    },

    async setClearedLines(basketId: number, cleared: string | null): Promise<void> {
      await db.updateTable('baskets').set({ cleared_lines: cleared }).where('id', '=', basketId).execute();
    },

    async clearLines(basketId: number): Promise<void> {
      await db.deleteFrom('basket_lines').where('basket_id', '=', basketId).execute();
    },
  };
}
export type BasketRepository = ReturnType<typeof basketRepository>;
