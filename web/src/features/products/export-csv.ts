import { productCsvFields, type Product } from '@wholesale/contract';
import Papa from 'papaparse';

export { EXPORT_FILENAME } from './export-csv-name';

/**
 * The listed products as CSV (spec section 2). While a filter (Favorites, Usual Orders) is active
 * the multi-buy discount flag is left out. Cells that a spreadsheet would run as a formula are
 * escaped.
 */
export function productsCsv(products: readonly Product[], filterActive: boolean): string {
  const fields = productCsvFields(filterActive);
  return Papa.unparse({ fields, data: products.map((p) => fields.map((f) => p[f] ?? '')) }, { escapeFormulae: true });
}
