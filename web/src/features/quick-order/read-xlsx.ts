// Runs in the Quick Order page's xlsx worker, started only when the buyer chooses an .xlsx file:
// exceljs is large (the worker's bundle, a named exception in scripts/size-budget.mjs).
import ExcelJS from 'exceljs';
import { parseSheetRows, type ReadLine } from './parse-lines';

/** A cell as the buyer sees it: numbers as plain digits (1000, not "1,000"), text as typed. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue); // a formula: its value
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text); // a hyperlink
  }
  return String(value as unknown);
}

/** The first worksheet of an .xlsx file to lines, read as a paste or a CSV is. */
export async function readXlsxLines(data: ArrayBuffer): Promise<ReadLine[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows[rowNumber - 1] = Array.from(values, (v) => cellText(v as ExcelJS.CellValue)); // holes to ''
  });
  return parseSheetRows(Array.from(rows, (r) => r ?? []));
}
