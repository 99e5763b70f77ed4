/**
 * Seed step 1, the catalogue: product types and ranges, products, list prices and multi-buy tiers,
 * deliveries due and pictures, written through the catalogue's repository.
 */
import { CATALOGUE, generateProducts, type ProductSpec } from './catalogue.js';
import { productImages, SHARED_PALETTE, SVG } from './images.js';
import { addDays, type PricedProduct } from './orders.js';
import { hashString } from './random.js';
import type { SeedRun } from './run.js';

export interface SeededCatalogue {
  products: PricedProduct[];
}

type IdOf = (p: ProductSpec) => number;

/** Pictures are made this many products at a time, so a big catalogue's never sit in memory at once. */
const IMAGE_SLICE = 250;

export async function seedCatalogue(
  run: SeedRun,
  productCount: number,
  sharedImages: boolean,
): Promise<SeededCatalogue> {
  const { typeIds, rangeIds } = await seedTypesAndRanges(run);
  const specs = generateProducts(run.rng.fork(1), productCount);
  const ids = await seedProducts(run, specs, typeIds, rangeIds);
  const idOf: IdOf = (p) => ids.get(p.itemNumber) ?? 0;
  await seedPrices(run, specs, idOf);
  await seedDueIn(run, specs, idOf);
  await seedImages(run, specs, idOf, sharedImages);
  return { products: specs.map((p) => pricedProduct(p, idOf(p))) };
}

/** The types in CATALOGUE order, each with its ranges in order. */
async function seedTypesAndRanges({ repos, summary }: SeedRun) {
  const typeIds: number[] = [];
  const rangeIds: number[][] = [];
  for (const [ti, type] of CATALOGUE.entries()) {
    const typeId = await repos.catalogue.insertProductType(type.name, ti + 1);
    typeIds.push(typeId);
    const ranges: number[] = [];
    for (const [ri, range] of type.ranges.entries())
      ranges.push(await repos.catalogue.insertProductRange(typeId, range.name, ri + 1));
    rangeIds.push(ranges);
  }
  summary.productTypes = typeIds.length;
  summary.ranges = rangeIds.flat().length;
  return { typeIds, rangeIds };
}

/** The products; answers their ids by item number. */
async function seedProducts(
  { repos, summary }: SeedRun,
  specs: readonly ProductSpec[],
  typeIds: readonly number[],
  rangeIds: readonly (readonly number[])[],
) {
  const ids = await repos.catalogue.insertProducts(
    specs.map((p) => ({
      item_number: p.itemNumber,
      description: p.description,
      product_type_id: typeIds[p.typeIndex] ?? 0,
      range_id: rangeIds[p.typeIndex]?.[p.rangeIndex] ?? 0,
      pack_quantity: p.packQuantity,
      unit: p.unit,
      stock: p.stock,
      active: 1,
      search_text: `${p.itemNumber} ${p.description}`.toLowerCase(),
    })),
  );
  summary.products = specs.length;
  return ids;
}

/** A list price in each currency for every product, and the multi-buy tiers of some. */
async function seedPrices({ repos, summary }: SeedRun, specs: readonly ProductSpec[], idOf: IdOf) {
  await repos.catalogue.insertPrices(
    specs.flatMap((p) => [
      { product_id: idOf(p), currency_code: 'GBP' as const, list_price_e5: p.price.GBP },
      { product_id: idOf(p), currency_code: 'EUR' as const, list_price_e5: p.price.EUR },
    ]),
  );
  await repos.catalogue.insertTiers(
    specs.flatMap((p) =>
      (['GBP', 'EUR'] as const).flatMap((cur) =>
        p.tiers[cur].map((t) => ({
          product_id: idOf(p),
          currency_code: cur,
          minimum_quantity: t.minimumQuantity,
          price_e5: t.priceE5,
        })),
      ),
    ),
  );
  summary.multiBuyProducts = specs.filter((p) => p.tiers.GBP.length > 0).length;
}

/** Deliveries due in from today. */
async function seedDueIn({ repos, today, summary }: SeedRun, specs: readonly ProductSpec[], idOf: IdOf) {
  const rows = specs.flatMap((p) =>
    p.inbound.map((d) => ({ product_id: idOf(p), quantity: d.quantity, due_date: addDays(today, d.inDays) })),
  );
  await repos.catalogue.insertDueIn(rows);
  summary.inboundDeliveries = rows.length;
}

/** A thumbnail and a large picture per product: its own, or one of a few shared per type. */
async function seedImages({ repos, summary }: SeedRun, specs: readonly ProductSpec[], idOf: IdOf, shared: boolean) {
  const imagesOf = shared ? sharedPictures() : ownPictures;
  for (let i = 0; i < specs.length; i += IMAGE_SLICE) {
    const rows = specs.slice(i, i + IMAGE_SLICE).flatMap((p) => {
      const [thumb, large] = imagesOf(p);
      return [
        { product_id: idOf(p), image_type: 0, content_type: SVG, data: thumb },
        { product_id: idOf(p), image_type: 1, content_type: SVG, data: large },
      ];
    });
    await repos.catalogue.insertImages(rows);
    summary.images += rows.length;
  }
}

const ownPictures = (p: ProductSpec): [Buffer, Buffer] =>
  productImages({
    kind: CATALOGUE[p.typeIndex]?.drawing ?? 'component',
    colour: p.colour,
    label: p.itemNumber,
    caption: p.description,
  });

/** Pictures made once per type and palette colour (the colour from the item number). */
function sharedPictures(): (p: ProductSpec) => [Buffer, Buffer] {
  const made = new Map<string, [Buffer, Buffer]>();
  return (p) => {
    const type = CATALOGUE[p.typeIndex];
    const variant = hashString(p.itemNumber) % SHARED_PALETTE.length;
    const key = `${p.typeIndex}:${variant}`;
    let imgs = made.get(key);
    if (!imgs) {
      imgs = productImages({
        kind: type?.drawing ?? 'component',
        colour: SHARED_PALETTE[variant] ?? '#888888',
        label: type?.name ?? '',
      });
      made.set(key, imgs);
    }
    return imgs;
  };
}

/** What the order history needs of a product to price its lines. */
const pricedProduct = (p: ProductSpec, id: number): PricedProduct => ({
  id,
  itemNumber: p.itemNumber,
  description: p.description,
  unit: p.unit,
  packQuantity: p.packQuantity,
  typeIndex: p.typeIndex,
  isMotor: CATALOGUE[p.typeIndex]?.drawing === 'motor',
  list: p.price,
  tiers: {
    GBP: p.tiers.GBP.map((t) => ({ minimumQuantity: t.minimumQuantity, priceE5: t.priceE5 })),
    EUR: p.tiers.EUR.map((t) => ({ minimumQuantity: t.minimumQuantity, priceE5: t.priceE5 })),
  },
});
