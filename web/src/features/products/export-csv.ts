import { product, type Product } from '@wholesale/contract';
import Papa from 'papaparse';

export const EXPORT_FILENAME = 'export.csv';

/** The product fields in the contract's order; the column headers of the export. */
const FIELDS = Object.keys(product.shape) as (keyof Product)[];

/**
 * The listed products as CSV (spec section 2). While a filter (Favorites, Usual Orders) is active
 * the multi-buy discount flag is left out. Cells that a spreadsheet would run as a formula are
 * escaped.
 */
export function productsCsv(products: readonly Product[], filterActive: boolean): string {
  const fields = filterActive ? FIELDS.filter((f) => f !== 'hasMultiBuyDiscount') : FIELDS;
  return Papa.unparse({ fields, data: products.map((p) => fields.map((f) => p[f] ?? '')) }, { escapeFormulae: true });
}
