import {
  MSG,
  formatMoney,
  formatPercent,
  formatUnitPrice,
  type InvoiceDetail,
  type OpenOrderLine,
} from '@wholesale/contract';
import type { SummaryColumn } from './summary-pdf.js';

/** The lines table of an order or invoice summary PDF: the columns of spec section 2 (View Transaction). */
export const DOCUMENT_LINE_COLUMNS: SummaryColumn[] = [
  { header: 'Item' },
  { header: 'No.', width: 1.4 },
  { header: 'Description', width: 2.8 },
  { header: 'Qty', align: 'right', width: 0.7 },
  { header: 'Qty Shipped', align: 'right', width: 0.9 },
  { header: 'Location', width: 0.9 },
  { header: 'Unit', width: 0.85 },
  { header: 'Unit Price', align: 'right', width: 1.1 },
  { header: 'Disc %', align: 'right', width: 0.8 },
  { header: 'Total', align: 'right', width: 1.1 },
];

/** One row of that table, formatted with the account's currency symbol. */
export function documentLineCells(l: OpenOrderLine | InvoiceDetail, symbol: string): string[] {
  return [
    l.type,
    l.itemNo,
    l.description,
    String(l.quantity),
    String(l.quantityShipped),
    l.location,
    l.unit,
    formatUnitPrice(l.unitPrice, symbol),
    formatPercent(l.lineDiscount),
    formatMoney(l.total, symbol),
  ];
}

/** A document's three figures as the database holds them: before VAT, the VAT, with VAT. */
export interface DocumentTotals {
  net: number;
  vat: number;
  gross: number;
}

/**
 * The totals under an order's or invoice's lines table: the item count, then the three figures
 * named as the screens name them under the same lines (Open Order Enquiry, View Transaction).
 */
export function documentTotals(lineCount: number, totals: DocumentTotals, symbol: string): [string, string][] {
  return [
    ['Items', String(lineCount)],
    [MSG.totalExclVat, formatMoney(totals.net, symbol)],
    ['VAT', formatMoney(totals.vat, symbol)],
    [MSG.totalInclVat, formatMoney(totals.gross, symbol)],
  ];
}
