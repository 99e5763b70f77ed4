import { CURRENCY_SYMBOLS, formatMoney, toShortDate } from '@wholesale/contract';
import { DOCUMENT_LINE_COLUMNS, documentLineCells, documentTotals } from '../../documents/document-lines.js';
import type { SummaryDocument } from '../../documents/summary-pdf.js';
import type { RenderPdf } from '../../documents/pdf-pool.js';
import { notFound } from '../../lib/http-errors.js';
import type { SettingsService } from '../site/settings.service.js';
import type { AccountService } from './account.service.js';

/**
 * The account's PDFs (invoice summary, statements), drawn by the shared renderer from the database.
 * Posted payloads only identify the document; every figure is read here, in the main thread, and
 * `render` draws the plain document in a worker (documents/pdf-pool.ts).
 */
export function accountDocuments(service: AccountService, settings: SettingsService) {
  async function header(accountId: number) {
    const [account, site] = await Promise.all([service.account(accountId), settings.all()]);
    if (!account) throw notFound();
    const symbol = CURRENCY_SYMBOLS[account.currency_code];
    const company: SummaryDocument['company'] = {
      name: site['company.name'],
      address: site['company.address'],
      email: site['support.email'],
    };
    const customer: SummaryDocument['customer'] = {
      name: account.name,
      customerNumber: account.customer_number,
      addressLines: [
        account.address1,
        account.address2,
        account.city,
        account.county,
        account.postcode,
        account.country,
      ],
    };
    return { account, symbol, company, customer };
  }

  return {
    /** 'Order Summary' of one invoice the caller's account owns. */
    async invoiceSummaryPdf(accountId: number, documentNumber: string, render: RenderPdf): Promise<Buffer> {
      const invoice = await service.getInvoice({ accountId }, { documentNumber });
      const { symbol, company, customer } = await header(accountId);
      const money = (n: number) => formatMoney(n, symbol);
      return render({
        title: 'Order Summary',
        company,
        customer,
        fields: [
          ['Invoice No', invoice.documentNumber],
          ['Order No', invoice.orderNumber],
          ['Order Date', invoice.orderedDate ?? ''],
          ['Dispatch Date', invoice.despatchDate ?? ''],
          ['Customer Ref', invoice.reference],
          ['Invoice Date', invoice.postingDate],
          ['Due Date', invoice.dueDate],
          ['Amount', money(invoice.amount)],
          ['VAT', money(invoice.vatAmount)],
          ['Invoice Total', money(invoice.totalInvoiceAmount)],
          ['Remaining', money(invoice.remainingAmount)],
        ],
        columns: DOCUMENT_LINE_COLUMNS,
        lines: invoice.invoiceDetails.map((l) => documentLineCells(l, symbol)),
        totals: documentTotals(
          invoice.invoiceDetails.length,
          { net: invoice.amount, vat: invoice.vatAmount, gross: invoice.totalInvoiceAmount },
          symbol,
        ),
      });
    },

    /** A stored statement of the account; the name may carry a '.pdf' suffix. */
    async statementPdf(
      accountId: number,
      requested: string,
      render: RenderPdf,
    ): Promise<{ pdf: Buffer; filename: string }> {
      let data;
      try {
        data = await service.statementData(accountId, requested);
      } catch (err) {
        if (!requested.toLowerCase().endsWith('.pdf')) throw err;
        data = await service.statementData(accountId, requested.slice(0, -4));
      }
      const { symbol, company, customer } = await header(accountId);
      const money = (minor: number) => formatMoney(minor / 100, symbol);
      const pdf = await render({
        title: 'Statement',
        company,
        customer,
        fields: [
          ['Statement', data.name],
          ['Period', `${toShortDate(data.periodStart)} - ${toShortDate(data.periodEnd)}`],
          ['Opening Balance', money(data.openingBalanceMinor)],
          ['Closing Balance', money(data.closingBalanceMinor)],
        ],
        columns: [
          { header: 'Date', width: 0.9 },
          { header: 'Type', width: 1.1 },
          { header: 'Document No.', width: 1.3 },
          { header: 'Reference', width: 1.8 },
          { header: 'Debit', align: 'right' },
          { header: 'Credit', align: 'right' },
          { header: 'Balance', align: 'right' },
        ],
        lines: [
          ['', 'Opening Balance', '', '', '', '', money(data.openingBalanceMinor)],
          ...data.entries.map((e) => [
            toShortDate(e.date),
            e.type,
            e.documentNumber,
            e.reference,
            e.amountMinor > 0 ? money(e.amountMinor) : '',
            e.amountMinor < 0 ? money(-e.amountMinor) : '',
            money(e.balanceMinor),
          ]),
        ],
        totals: [
          ['Opening Balance', money(data.openingBalanceMinor)],
          ['Closing Balance', money(data.closingBalanceMinor)],
        ],
        note: 'Balances are what the account owes; a negative balance is a credit in your favour.',
      });
      return { pdf, filename: data.filename };
    },
  };
}
