/** How products, prices and stock are upserted (each a spec the runner in upsert-runner.ts applies). */
import type { z } from 'zod';
import { priceUpsertItem, productUpsertItem, stockUpsertItem } from '@wholesale/contract';
import { amountToE5 } from '../../domain/money.js';

import { unknownItem, type Repo, type UpsertSpec } from './upsert-runner.js';

// ---- products ----

type ProductItem = z.output<typeof productUpsertItem>;
export type Products = Awaited<ReturnType<Repo['productsByItemNumber']>>;
interface ProductsLoaded {
  products: Products;
  types: Map<string, number>;
  ranges: Map<string, number>;
  typeSort: number;
}

const rangeKey = (typeId: number, name: string) => `${typeId}|${name.toLowerCase()}`;

export const productSpec: UpsertSpec<ProductItem, ProductsLoaded> = {
  entity: 'product',
  schema: productUpsertItem as unknown as z.ZodType<ProductItem>,
  key: (i) => i.itemNumber,
  async load(repo, items) {
    const types = await repo.productTypes();
    return {
      products: await repo.productsByItemNumber(items.map((i) => i.itemNumber)),
      types: new Map(types.map((t) => [t.name.toLowerCase(), t.id])),
      ranges: new Map((await repo.productRanges()).map((r) => [rangeKey(r.product_type_id, r.name), r.id])),
      typeSort: types.reduce((m, t) => Math.max(m, t.sort), 0),
    };
  },
  check: () => [],
  unchanged(i, { products, types, ranges }) {
    const p = products.get(i.itemNumber);
    if (!p) return false;
    const typeId = types.get(i.productType.toLowerCase());
    return (
      typeId === p.product_type_id &&
      ranges.get(rangeKey(typeId, i.range)) === p.range_id &&
      p.description === i.description &&
      p.unit === i.unit &&
      p.pack_quantity === i.packQuantity &&
      p.active === (i.sellable ? 1 : 0)
    );
  },
  async write(repo, items, loaded) {
    const created = new Set<ProductItem>();
    const inserts = [];
    for (const i of items) {
      let typeId = loaded.types.get(i.productType.toLowerCase());
      if (typeId === undefined) {
        loaded.typeSort += 1;
        typeId = await repo.insertProductType(i.productType, loaded.typeSort);
        loaded.types.set(i.productType.toLowerCase(), typeId);
      }
      let rangeId = loaded.ranges.get(rangeKey(typeId, i.range));
      if (rangeId === undefined) {
        rangeId = await repo.insertProductRange(typeId, i.range);
        loaded.ranges.set(rangeKey(typeId, i.range), rangeId);
      }
      const values = {
        description: i.description,
        product_type_id: typeId,
        range_id: rangeId,
        pack_quantity: i.packQuantity,
        unit: i.unit,
        active: i.sellable ? 1 : 0,
        search_text: `${i.itemNumber} ${i.description}`.toLowerCase(),
      };
      const existing = loaded.products.get(i.itemNumber);
      if (existing) await repo.updateProduct(existing.id, values);
      else {
        inserts.push({ item_number: i.itemNumber, stock: 0, ...values });
        created.add(i);
      }
    }
    await repo.insertProducts(inserts);
    return created;
  },
};

// ---- prices ----

type PriceItem = z.output<typeof priceUpsertItem>;
interface PricesLoaded {
  products: Products;
  prices: Map<string, number>;
  tiers: Map<string, string>;
}
const priceKey = (productId: number, currency: string) => `${productId}|${currency}`;
const tierText = (tiers: readonly { minimumQuantity: number; priceE5: number }[]) =>
  [...tiers]
    .sort((a, b) => a.minimumQuantity - b.minimumQuantity)
    .map((t) => `${t.minimumQuantity}@${t.priceE5}`)
    .join(',');

export const priceSpec: UpsertSpec<PriceItem, PricesLoaded> = {
  entity: 'price',
  schema: priceUpsertItem as unknown as z.ZodType<PriceItem>,
  key: (i) => `${i.itemNumber}/${i.currency}`,
  async load(repo, items) {
    const products = await repo.productsByItemNumber([...new Set(items.map((i) => i.itemNumber))]);
    const { prices, tiers } = await repo.prices([...products.values()].map((p) => p.id));
    const tierLists = new Map<string, { minimumQuantity: number; priceE5: number }[]>();
    for (const t of tiers) {
      const k = priceKey(t.product_id, t.currency_code);
      tierLists.set(k, [
        ...(tierLists.get(k) ?? []),
        { minimumQuantity: t.minimum_quantity, priceE5: Number(t.price_e5) },
      ]);
    }
    return {
      products,
      prices: new Map(prices.map((p) => [priceKey(p.product_id, p.currency_code), Number(p.list_price_e5)])),
      tiers: new Map([...tierLists].map(([k, v]) => [k, tierText(v)])),
    };
  },
  check: (i, { products }) => (products.has(i.itemNumber) ? [] : unknownItem(i.itemNumber)),
  unchanged(i, { products, prices, tiers }) {
    const p = products.get(i.itemNumber);
    if (!p) return false;
    const k = priceKey(p.id, i.currency);
    if (prices.get(k) !== amountToE5(i.listPrice)) return false;
    if (i.multibuy === undefined) return true;
    return (
      (tiers.get(k) ?? '') ===
      tierText(i.multibuy.map((t) => ({ minimumQuantity: t.minimumQuantity, priceE5: amountToE5(t.price) })))
    );
  },
  async write(repo, items, { products, prices }) {
    const created = new Set<PriceItem>();
    const changed: { productId: number; currency: PriceItem['currency']; e5: number }[] = [];
    for (const i of items) {
      const p = products.get(i.itemNumber);
      if (!p) continue;
      const current = prices.get(priceKey(p.id, i.currency));
      if (current === undefined) {
        created.add(i);
        await repo.upsertPrice(p.id, i.currency, amountToE5(i.listPrice));
      } else if (current !== amountToE5(i.listPrice))
        changed.push({ productId: p.id, currency: i.currency, e5: amountToE5(i.listPrice) });
      if (i.multibuy !== undefined)
        await repo.replaceTiers(
          p.id,
          i.currency,
          i.multibuy.map((t) => ({
            product_id: p.id,
            currency_code: i.currency,
            minimum_quantity: t.minimumQuantity,
            price_e5: amountToE5(t.price),
          })),
        );
    }
    // The changed list prices in one statement a few hundred rows (an ERP's usual push is a price list).
    await repo.updatePrices(changed);
    return created;
  },
};

// ---- stock ----

type StockItem = z.output<typeof stockUpsertItem>;
interface StockLoaded {
  products: Products;
  dueIn: Map<number, string>;
}
const dueText = (rows: readonly { date: string; quantity: number }[]) =>
  [...rows]
    .sort((a, b) => a.date.localeCompare(b.date) || a.quantity - b.quantity)
    .map((r) => `${r.date}:${r.quantity}`)
    .join(',');

export const stockSpec: UpsertSpec<StockItem, StockLoaded> = {
  entity: 'stock',
  schema: stockUpsertItem as unknown as z.ZodType<StockItem>,
  key: (i) => i.itemNumber,
  async load(repo, items) {
    const products = await repo.productsByItemNumber(items.map((i) => i.itemNumber));
    const rows = await repo.dueIn([...products.values()].map((p) => p.id));
    const lists = new Map<number, { date: string; quantity: number }[]>();
    for (const r of rows)
      lists.set(r.product_id, [...(lists.get(r.product_id) ?? []), { date: r.due_date, quantity: r.quantity }]);
    return { products, dueIn: new Map([...lists].map(([k, v]) => [k, dueText(v)])) };
  },
  check: (i, { products }) => (products.has(i.itemNumber) ? [] : unknownItem(i.itemNumber)),
  unchanged(i, { products, dueIn }) {
    const p = products.get(i.itemNumber);
    if (!p || p.stock !== i.quantity) return false;
    return i.dueIn === undefined || (dueIn.get(p.id) ?? '') === dueText(i.dueIn);
  },
  async write(repo, items, { products }) {
    for (const i of items) {
      const p = products.get(i.itemNumber);
      if (!p) continue;
      if (p.stock !== i.quantity) await repo.setStock(p.id, i.quantity);
      if (i.dueIn !== undefined)
        await repo.replaceDueIn(
          p.id,
          i.dueIn.map((d) => ({ product_id: p.id, due_date: d.date, quantity: d.quantity })),
        );
    }
    return new Set();
  },
};
