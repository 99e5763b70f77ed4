import { CURRENCY_SYMBOLS, ORDER_MSG, formatMoney, toShortDate } from '@wholesale/contract';
import { amountToMinor, percentOfMinor } from '../../domain/money.js';
import { DOCUMENT_LINE_COLUMNS, documentLineCells, documentTotals } from '../../documents/document-lines.js';
import { documentCompany, documentCustomer } from '../../documents/summary-pdf.js';
import type { RenderPdf } from '../../documents/pdf-pool.js';
import { notFound } from '../../lib/http-errors.js';
import type { SettingsService } from '../site/settings.service.js';
import type { AccountService } from './account.service.js';

/**
 * The VAT rate an invoice was charged at, as '20%' or '13.5%': the account's rate when the invoice's
 * VAT is that rate of its net amount (to the penny), else the rate its own figures give (an invoice
 * the ERP sent at another rate). The portal holds one rate per invoice, so one line of the VAT
 * analysis: the rate, the net amount at it and the VAT.
 */
export function invoiceVatRate(netAmount: number, vatAmount: number, accountRateBp: number): string {
  const net = amountToMinor(netAmount);
  const vat = amountToMinor(vatAmount);
  const bp =
    Math.abs(percentOfMinor(net, accountRateBp) - vat) <= 1 || net === 0
      ? accountRateBp
      : Math.round((vat * 10_000) / net);
  return `${Number((bp / 100).toFixed(2))}%`;
}

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
    const company = documentCompany(site);
    const customer = documentCustomer(account);
    return { account, symbol, company, customer, vatNumber: site['company.vatNumber'].trim() };
  }

  return {
    /**
     * One invoice the caller's account owns, as a VAT invoice: what UK (VAT Notice 700) and Irish
     * (Revenue) law ask of one: the supplier's name, address and VAT number (the company.vatNumber
     * setting), the customer's name and address, a unique invoice number, the invoice date and the
     * time of supply (the despatch date), the goods, and the net amount, rate and VAT per rate.
     */
    async invoiceSummaryPdf(accountId: number, documentNumber: string, render: RenderPdf): Promise<Buffer> {
      const invoice = await service.getInvoice({ accountId }, { documentNumber });
      const { account, symbol, company, customer, vatNumber } = await header(accountId);
      const money = (n: number) => formatMoney(n, symbol);
      const rate = invoiceVatRate(invoice.amount, invoice.vatAmount, account.vat_rate_bp);
      const totals = documentTotals(
        invoice.invoiceDetails.length,
        { net: invoice.amount, vat: invoice.vatAmount, gross: invoice.totalInvoiceAmount },
        symbol,
      ).map(([label, value]): [string, string] =>
        label === 'VAT' ? [`${ORDER_MSG.vatAtRate(rate)} on ${money(invoice.amount)}`, value] : [label, value],
      );
      return render({
        title: ORDER_MSG.vatInvoiceTitle,
        company: { ...company, vatNumber: vatNumber || undefined },
        customer,
        fields: [
          ['Invoice No', invoice.documentNumber],
          ['Invoice Date', invoice.postingDate],
          ['Tax Point', invoice.despatchDate ?? invoice.postingDate],
          ['Order No', invoice.orderNumber],
          ['Order Date', invoice.orderedDate ?? ''],
          ['Customer Ref', invoice.reference],
          ['Due Date', invoice.dueDate],
          ['Amount', money(invoice.amount)],
          [ORDER_MSG.vatAtRate(rate), money(invoice.vatAmount)],
          ['Invoice Total', money(invoice.totalInvoiceAmount)],
          ['Remaining', money(invoice.remainingAmount)],
        ],
        columns: DOCUMENT_LINE_COLUMNS,
        lines: invoice.invoiceDetails.map((l) => documentLineCells(l, symbol)),
        totals,
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
