/** Test support: invoices with lines, and statements, for the account and invoice-payment API tests. */
import type { CurrencyCode } from '@wholesale/contract';
import type { Db } from '../../db/client.js';

let seq = 0;

export interface InvoiceFixture {
  documentNumber?: string;
  documentType?: string;
  postingDate?: string;
  dueDate?: string;
  reference?: string;
  orderNumber?: string;
  amountMinor?: number;
  vatMinor?: number;
  /** Defaults to amount + VAT. */
  originalMinor?: number;
  /** Defaults to the original amount (unpaid). */
  remainingMinor?: number;
  currency?: CurrencyCode;
  lines?: {
    itemNo: string;
    description: string;
    quantity: number;
    unitPriceE5: number;
    discountBp?: number;
    totalMinor: number;
  }[];
}

export async function insertInvoice(
  db: Db,
  accountId: number,
  f: InvoiceFixture = {},
): Promise<{ id: number; documentNumber: string }> {
  seq += 1;
  const documentNumber = f.documentNumber ?? `SI-T${process.pid}-${seq}`;
  const amount = f.amountMinor ?? 10_000;
  const vat = f.vatMinor ?? Math.round(amount / 5);
  const original = f.originalMinor ?? amount + vat;
  const row = await db
    .insertInto('invoices')
    .values({
      account_id: accountId,
      document_number: documentNumber,
      document_type: f.documentType ?? 'Invoice',
      posting_date: f.postingDate ?? '2026-01-10',
      due_date: f.dueDate ?? '2026-02-10',
      reference: f.reference ?? `PO-${seq}`,
      description: `Invoice ${documentNumber}`,
      order_number: f.orderNumber ?? '',
      currency_code: f.currency ?? 'GBP',
      amount_minor: amount,
      vat_minor: vat,
      original_minor: original,
      remaining_minor: f.remainingMinor ?? original,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = f.lines ?? [
    { itemNo: 'RB-001', description: 'Roller blind white', quantity: 2, unitPriceE5: 5_000_000, totalMinor: amount },
  ];
  let n = 0;
  for (const l of lines) {
    n += 1;
    await db
      .insertInto('invoice_lines')
      .values({
        invoice_id: row.id,
        line_no: n,
        type: 'Item',
        item_no: l.itemNo,
        description: l.description,
        quantity: l.quantity,
        unit: 'EACH',
        unit_price_e5: l.unitPriceE5,
        line_discount_bp: l.discountBp ?? 0,
        total_minor: l.totalMinor,
      })
      .execute();
  }
  return { id: row.id, documentNumber };
}

export async function insertStatement(
  db: Db,
  accountId: number,
  s: { name: string; filename: string; periodStart: string; periodEnd: string },
): Promise<void> {
  await db
    .insertInto('statements')
    .values({
      account_id: accountId,
      name: s.name,
      filename: s.filename,
      period_start: s.periodStart,
      period_end: s.periodEnd,
    })
    .execute();
}
