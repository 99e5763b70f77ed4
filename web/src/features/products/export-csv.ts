import { productCsvColumns, type CurrencyCode, type Product } from '@wholesale/contract';
import Papa from 'papaparse';

/**
 * The listed products as CSV (spec section 2), with the server export's columns (the contract's
 * productCsvColumns: the screen's titles, prices naming the currency). While a filter (Favorites,
 * Usual Orders) is active the multi-buy discount flag is left out. Cells that a spreadsheet would
 * run as a formula are escaped.
 */
export function productsCsv(products: readonly Product[], filterActive: boolean, currency: CurrencyCode): string {
  const columns = productCsvColumns(filterActive, currency);
  return Papa.unparse(
    { fields: columns.map((c) => c.title), data: products.map((p) => columns.map((c) => p[c.field] ?? '')) },
    { escapeFormulae: true },
  );
}
