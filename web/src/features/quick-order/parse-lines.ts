import type { QuickOrderLineInput, QuickOrderLineResult } from '@wholesale/contract';
import Papa from 'papaparse';

/** A first cell that names the code column ("Item", "Item No", "Code", "SKU", ...): a header line. */
const CODE_TITLE =
  /^(item|items|item ?(no|no\.|number|code)|itemnumber|code|sku|product|product ?code|part|part ?no|stock ?code)\.?:?$/i;
const QTY_TITLE = /^(qty|qty\.|quantity|quantities|order ?qty|amount|units?|count)\.?:?$/i;
const unquote = (s: string) =>
  s
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * Pasted text to lines (issue 27): one "code quantity" a line, separated by tabs, commas, spaces or
 * semicolons; blank lines and header lines ("Item, Qty", "Code Quantity") left out. Further
 * fields on a line (a description after the quantity) are ignored. The server merges the same code
 * given twice and checks everything.
 */
export function parsePastedLines(text: string): QuickOrderLineInput[] {
  const out: QuickOrderLineInput[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const fields = raw
      .trim()
      .split(/[\t,; ]+/)
      .map(unquote)
      .filter((f) => f !== '');
    const [code = '', quantity = ''] = fields;
    if (!code) continue;
    if (CODE_TITLE.test(code) && !/^\d/.test(quantity)) continue;
    out.push({ itemNumber: code, quantity });
  }
  return out;
}

/**
 * A CSV file to lines: the columns titled like "Item"/"Code" and "Qty"/"Quantity" when the first
 * row names them (other columns ignored), else the first two columns.
 */
export function parseCsvLines(text: string): QuickOrderLineInput[] {
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const first = data[0]?.map(unquote) ?? [];
  const codeAt = first.findIndex((c) => CODE_TITLE.test(c));
  const qtyAt = first.findIndex((c) => QTY_TITLE.test(c));
  const header = codeAt >= 0;
  const code = header ? codeAt : 0;
  const qty = header && qtyAt >= 0 ? qtyAt : code === 0 ? 1 : 0;
  return data
    .slice(header ? 1 : 0)
    .map((row) => ({ itemNumber: unquote(row[code] ?? ''), quantity: unquote(row[qty] ?? '') }))
    .filter((l) => l.itemNumber !== '' || l.quantity !== '');
}

/** The lines still wrong, as CSV a spreadsheet opens (formula-like cells escaped). */
export function linesToFixCsv(lines: readonly QuickOrderLineResult[]): string {
  return Papa.unparse(
    {
      fields: ['Item', 'Qty', 'Problem', 'Nearest codes'],
      data: lines.map((l) => [l.itemNumber, l.quantity, l.message, l.suggestions.join(' ')]),
    },
    { escapeFormulae: true },
  );
}

export const TO_FIX_FILENAME = 'quick-order-to-fix.csv';
