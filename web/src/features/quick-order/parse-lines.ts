import type { QuickOrderLineInput, QuickOrderLineResult } from '@wholesale/contract';
import Papa from 'papaparse';

/** A cell that names the code column ("Item", "Item No", "Code", "SKU", ...): a header line. */
const CODE_TITLE =
  /^(item|items|item ?(no|no\.|number|code)|itemnumber|code|sku|product|product ?code|part|part ?no|stock ?code)\.?:?$/i;
const QTY_TITLE = /^(qty|qty\.|quantity|quantities|order ?qty|amount|units?|count)\.?:?$/i;
const unquote = (s: string) =>
  s
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/** A quantity as typed, thousands separators included ("1,000"), or a decimal ("2.5"). */
const NUMBER = /^\d{1,3}(,\d{3})+$|^\d+(\.\d+)?$/;
const THOUSANDS = /^\d{1,3}(,\d{3})+$/;
/** A field that can be an item code: no spaces, letters and digits both (RB-BLK-0001, CS-7). */
const CODE_LIKE = /^(?=.*\d)(?=.*[a-z])[a-z0-9][a-z0-9\-_./]*$/i;

/** One line read from a paste or a file: what goes to the server, and the row it came from (1-based). */
export interface ReadLine extends QuickOrderLineInput {
  row: number;
}

/**
 * A row of cells to a line. `thousands`: whether a comma inside a cell can only be a thousands
 * separator (the cells were split on tabs or semicolons, or the cell was quoted), so "1,000" is
 * 1000; otherwise the comma is left in and the server flags the quantity as ambiguous.
 */
function readCells(cells: readonly string[], columns: Columns | null, thousands: boolean): QuickOrderLineInput {
  const quantityOf = (cell: string) => (thousands && THOUSANDS.test(cell) ? cell.replace(/,/g, '') : cell);
  if (columns) {
    const code = cells[columns.code] ?? '';
    const qty = columns.qty >= 0 ? (cells[columns.qty] ?? '') : lastNumber(cells, columns.code);
    return { itemNumber: code, quantity: quantityOf(qty) };
  }
  // No header: the first code-like cell (else the first cell) and the last number after it.
  let codeAt = cells.findIndex((c) => CODE_LIKE.test(c));
  if (codeAt < 0) codeAt = cells.findIndex((c) => c !== '');
  return { itemNumber: cells[codeAt] ?? '', quantity: quantityOf(lastNumber(cells, codeAt)) };
}

function lastNumber(cells: readonly string[], after: number): string {
  for (let k = cells.length - 1; k > after; k--) if (NUMBER.test(cells[k]!)) return cells[k]!;
  // No number: the cell after the code as typed (the server says what is wrong with it).
  return cells.slice(after + 1).find((c) => c !== '') ?? '';
}

interface Columns {
  code: number;
  /** -1: no quantity column named; the last number on the line. */
  qty: number;
}

/** The columns a header row names, or null when `cells` is not a header. */
function headerOf(cells: readonly string[]): Columns | null {
  const code = cells.findIndex((c) => CODE_TITLE.test(c));
  if (code < 0 || cells.some((c) => NUMBER.test(c))) return null;
  return { code, qty: cells.findIndex((c) => QTY_TITLE.test(c)) };
}

/**
 * A pasted line's cells: split on tabs (a spreadsheet copy) or semicolons when it has them, else
 * as a CSV line (quotes respected), else on spaces. Says whether a comma inside a cell can only be
 * a thousands separator.
 */
function splitLine(raw: string): { cells: string[]; thousands: boolean } {
  if (raw.includes('\t')) return { cells: raw.split('\t').map(unquote), thousands: true };
  if (raw.includes(';')) return { cells: raw.split(';').map(unquote), thousands: true };
  if (raw.includes('"')) {
    const cells = (Papa.parse<string[]>(raw, { delimiter: ',' }).data[0] ?? []).map((c) => c.trim());
    return { cells: joinSplitThousands(raw, cells), thousands: /"\s*\d{1,3}(,\d{3})+\s*"/.test(raw) };
  }
  const cells = raw
    .trim()
    .split(/[\s,]+/)
    .filter((c) => c !== '');
  return { cells: joinSplitThousands(raw, cells), thousands: false };
}

/**
 * "FB-LIN-0031,1,000" split on commas is a code, 1 and 000: a quantity of 1, or 1,000 with a
 * thousands separator? Put the parts back together ("1,000") so that the quantity is flagged, not
 * read as 1.
 */
function joinSplitThousands(raw: string, cells: string[]): string[] {
  const out: string[] = [];
  for (const c of cells) {
    const prev = out[out.length - 1];
    const joined = `${prev},${c}`;
    if (out.length > 1 && /^\d{3}$/.test(c) && /^\d{1,3}(,\d{3})*$/.test(prev!) && raw.includes(joined))
      out[out.length - 1] = joined;
    else out.push(c);
  }
  return out;
}

/**
 * Rows of cells (a paste, a CSV or a worksheet) to lines: the columns a header row names when there
 * is one (later header rows and blank rows left out), else the first code-like cell and the last
 * number on each row. Each line keeps the number of the row it came from.
 */
function readRows(rows: readonly { cells: string[]; thousands: boolean; commaSplit?: boolean }[]): ReadLine[] {
  let columns: Columns | null = null;
  const out: ReadLine[] = [];
  rows.forEach(({ cells: split, thousands, commaSplit }, k) => {
    // A row of a comma-separated file without a header: "RB-BLK-0001,1,500" is flagged, not read as 500.
    const cells = commaSplit && !columns ? joinSplitThousands(split.join(','), split) : split;
    if (cells.every((c) => c === '')) return;
    const header = headerOf(cells);
    if (header) {
      columns ??= header;
      return;
    }
    const line = readCells(cells, columns, thousands);
    if (line.itemNumber === '' && line.quantity === '') return;
    out.push({ ...line, row: k + 1 });
  });
  return out;
}

/**
 * Pasted text to lines: "code quantity" a line, or a block copied from a
 * spreadsheet (Code / Description / Qty). The server merges the same code given twice and checks
 * everything.
 */
export function parsePastedLines(text: string): ReadLine[] {
  return readRows(text.split(/\r?\n/).map(splitLine));
}

/** A CSV file to lines, read the same way as a paste; its own delimiter is detected. */
export function parseCsvLines(text: string): ReadLine[] {
  const body = text.replace(/^\uFEFF/, '');
  // The first line with a tab or a semicolon says the file is not comma-separated (Excel writes
  // semicolons where the comma is the decimal sign).
  const first = body.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const delimiter = first.includes('\t') ? '\t' : first.includes(';') ? ';' : ',';
  const { data } = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  // A comma in a cell of a comma-separated file was quoted: it can only group thousands.
  const thousands = delimiter !== ',' || /"\s*\d{1,3}(,\d{3})+\s*"/.test(body);
  return readRows(data.map((row) => ({ cells: row.map(unquote), thousands, commaSplit: delimiter === ',' })));
}

/** A worksheet's rows (cells as text, numbers as digits) to lines, read as a paste is. */
export function parseSheetRows(rows: readonly string[][]): ReadLine[] {
  return readRows(rows.map((cells) => ({ cells: cells.map((c) => c.trim()), thousands: true })));
}

/** What the server is sent: the lines without their row numbers. */
export const toInput = (lines: readonly ReadLine[]): QuickOrderLineInput[] =>
  lines.map(({ itemNumber, quantity }) => ({ itemNumber, quantity }));

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

/** The template offered beside the upload: the two columns the reader looks for, with an example. */
export const TEMPLATE_CSV = 'Item,Qty\r\nRB-BLK-0001,4\r\nCS-CHN-0002,10\r\n';
export const TEMPLATE_FILENAME = 'quick-order-template.csv';
