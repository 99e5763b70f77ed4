import type { CurrencyCode } from '@wholesale/contract';
import { engineOf, type Db } from '../../db/client.js';
import { sql, type Insertable } from 'kysely';
import { insertInBatches, insertReturningIds } from '../../db/batches.js';
import { oneOf, oneOfText } from '../../db/one-of.js';
import type {
  InboundDeliveriesTable,
  MultibuyTiersTable,
  ProductImagesTable,
  ProductPricesTable,
  ProductsTable,
} from '../../db/types.js';

/** Statements stay under PostgreSQL's 65,535 parameters (and SQLite's 32,766) at 20 columns a row. */
const CHUNK = 500;
const chunks = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

/**
 * SQL of the catalogue's writes: the ERP's bulk upserts (products, prices, stock) with their source
 * versions, and the demo seed's bulk inserts (server/src/seed). Every write goes to the catalogue's
 * own tables, so the change feed's and the catalogue revision's triggers (migrations 004-006) see it
 * exactly as they see the portal's other writes.
 */
export function catalogueUpsertRepository(db: Db) {
  // The bulk reads take their keys as one bound value (db/one-of.ts): one short statement of the
  // same text for any number of rows, instead of 500-entry IN lists Kysely builds and compiles and
  // SQLite prepares anew each time (bench/README.md, ERP contention).
  const engine = engineOf(db);
  return {
    async versions(entity: string, keys: readonly string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      if (keys.length === 0) return out;
      const rows = await db
        .selectFrom('integration_versions')
        .select(['erp_key', 'source_version'])
        .where('entity', '=', entity)
        .where(oneOfText(engine, 'erp_key', keys))
        .execute();
      for (const r of rows) out.set(r.erp_key, Number(r.source_version));
      return out;
    },

    async saveVersions(entity: string, rows: readonly { key: string; version: number }[]): Promise<void> {
      for (const part of chunks(rows))
        await db
          .insertInto('integration_versions')
          .values(part.map((r) => ({ entity, erp_key: r.key, source_version: r.version })))
          .onConflict((oc) =>
            oc
              .columns(['entity', 'erp_key'])
              .doUpdateSet((eb) => ({ source_version: eb.ref('excluded.source_version') })),
          )
          .execute();
    },

    async productsByItemNumber(itemNumbers: readonly string[]) {
      const out = new Map<
        string,
        {
          id: number;
          description: string;
          product_type_id: number;
          range_id: number;
          pack_quantity: number;
          unit: string;
          active: number;
          stock: number;
        }
      >();
      if (itemNumbers.length === 0) return out;
      const rows = await db
        .selectFrom('products')
        .select([
          'id',
          'item_number',
          'description',
          'product_type_id',
          'range_id',
          'pack_quantity',
          'unit',
          'active',
          'stock',
        ])
        .where(oneOfText(engine, 'item_number', itemNumbers))
        .execute();
      for (const { item_number, ...r } of rows) out.set(item_number, r);
      return out;
    },

    productTypes: () => db.selectFrom('product_types').select(['id', 'name', 'sort']).execute(),
    productRanges: () => db.selectFrom('product_ranges').select(['id', 'name', 'product_type_id']).execute(),
    insertProductType: async (name: string, sort: number) =>
      (await db.insertInto('product_types').values({ name, sort }).returning('id').executeTakeFirstOrThrow()).id,
    /** A new range sorts after the ones listed so far unless given its place. */
    insertProductRange: async (typeId: number, name: string, sort = 1000) =>
      (
        await db
          .insertInto('product_ranges')
          .values({ product_type_id: typeId, name, sort })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    /** Inserts the products; answers each new product's id by item number. */
    insertProducts: (rows: readonly Insertable<ProductsTable>[]): Promise<Map<string, number>> =>
      insertReturningIds(db, 'products', rows, 'item_number'),

    /** Bulk inserts of new products' prices, multi-buy tiers, deliveries due and pictures (the seed). */
    insertPrices: (rows: readonly Insertable<ProductPricesTable>[]) => insertInBatches(db, 'product_prices', rows),
    insertTiers: (rows: readonly Insertable<MultibuyTiersTable>[]) => insertInBatches(db, 'multibuy_tiers', rows),
    insertDueIn: (rows: readonly Insertable<InboundDeliveriesTable>[]) =>
      insertInBatches(db, 'inbound_deliveries', rows),
    insertImages: (rows: readonly Insertable<ProductImagesTable>[]) => insertInBatches(db, 'product_images', rows),

    updateProduct: (id: number, values: Partial<Insertable<ProductsTable>>) =>
      db.updateTable('products').set(values).where('id', '=', id).execute(),

    async prices(productIds: readonly number[]) {
      if (productIds.length === 0) return { prices: [], tiers: [] };
      const prices = await db
        .selectFrom('product_prices')
        .select(['product_id', 'currency_code', 'list_price_e5'])
        .where(oneOf(engine, 'product_id', productIds))
        .execute();
      const tiers = await db
        .selectFrom('multibuy_tiers')
        .select(['product_id', 'currency_code', 'minimum_quantity', 'price_e5'])
        .where(oneOf(engine, 'product_id', productIds))
        .orderBy('product_id')
        .orderBy('minimum_quantity')
        .execute();
      return { prices, tiers };
    },

    upsertPrice: (productId: number, currency: CurrencyCode, e5: number) =>
      db
        .insertInto('product_prices')
        .values({ product_id: productId, currency_code: currency, list_price_e5: e5 })
        .onConflict((oc) => oc.columns(['product_id', 'currency_code']).doUpdateSet({ list_price_e5: e5 }))
        .execute(),
    /**
     * Changed list prices of existing price rows: a plain UPDATE of the amounts, so the catalogue
     * revision stays (migration 004; on PostgreSQL an INSERT ... ON CONFLICT fires the statement's
     * insert trigger even when every row conflicts, and each would rebuild every server's search
     * index). One UPDATE ... FROM for all the rows, handed over as one JSON value (SQLite) or three
     * arrays (PostgreSQL): the same SQL text whatever the count, so SQLite keeps it prepared and
     * PostgreSQL parses a short statement (a VALUES list of 300 rows, 900 parameters, took SQLite
     * longer to prepare than to run; bench/README.md, ERP contention).
     */
    async updatePrices(rows: readonly { productId: number; currency: CurrencyCode; e5: number }[]) {
      if (rows.length === 0) return;
      if (engine === 'postgres')
        await sql`update product_prices set list_price_e5 = v.e5
          from unnest(${rows.map((r) => r.productId)}::integer[], ${rows.map((r) => r.currency)}::text[],
            ${rows.map((r) => r.e5)}::bigint[]) as v(product_id, currency_code, e5)
          where product_prices.product_id = v.product_id and product_prices.currency_code = v.currency_code`.execute(
          db,
        );
      else
        await sql`update product_prices set list_price_e5 = v.e5
          from (select value ->> 0 as product_id, value ->> 1 as currency_code, value ->> 2 as e5
            from json_each(${JSON.stringify(rows.map((r) => [r.productId, r.currency, r.e5]))})) as v
          where product_prices.product_id = v.product_id and product_prices.currency_code = v.currency_code`.execute(
          db,
        );
    },

    async replaceTiers(productId: number, currency: CurrencyCode, tiers: Insertable<MultibuyTiersTable>[]) {
      await db
        .deleteFrom('multibuy_tiers')
        .where('product_id', '=', productId)
        .where('currency_code', '=', currency)
        .execute();
      if (tiers.length > 0) await db.insertInto('multibuy_tiers').values(tiers).execute();
    },

    async dueIn(productIds: readonly number[]) {
      const out: { product_id: number; due_date: string; quantity: number }[] = [];
      for (const part of chunks(productIds))
        out.push(
          ...(await db
            .selectFrom('inbound_deliveries')
            .select(['product_id', 'due_date', 'quantity'])
            .where('product_id', 'in', part)
            .orderBy('due_date')
            .orderBy('quantity')
            .execute()),
        );
      return out;
    },

    setStock: (productId: number, stock: number) =>
      db.updateTable('products').set({ stock }).where('id', '=', productId).execute(),

    async replaceDueIn(productId: number, rows: Insertable<InboundDeliveriesTable>[]) {
      await db.deleteFrom('inbound_deliveries').where('product_id', '=', productId).execute();
      if (rows.length > 0) await db.insertInto('inbound_deliveries').values(rows).execute();
    },
  };
}
export type CatalogueUpsertRepository = ReturnType<typeof catalogueUpsertRepository>;
