import type { CreditSummary, Invoice, InvoiceList } from '@wholesale/contract';

/** Test data for the account screens. */
export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    documentNumber: 'SI-100234',
    documentType: 'Invoice',
    postingDate: '10/01/26',
    dueDate: '10/02/26',
    reference: 'PO-7781',
    description: 'Invoice SI-100234',
    originalAmount: 148.14,
    remainingAmount: 148.14,
    totalInvoiceAmount: 148.14,
    orderNumber: 'SO-9001',
    amount: 123.45,
    vatAmount: 24.69,
    orderedDate: '05/01/26',
    despatchDate: '08/01/26',
    isOverdue: false,
    isPayable: true,
    invoiceDetails: [
      {
        type: 'Item',
        itemNo: 'RB-001',
        description: 'Roller blind white',
        quantity: 3,
        quantityShipped: 3,
        location: 'MAIN1',
        unit: 'EACH',
        unitPrice: 30,
        lineDiscount: 12.5,
        total: 78.75,
      },
      {
        type: 'Item',
        itemNo: 'CARRIAGE',
        description: 'Carriage',
        quantity: 1,
        quantityShipped: 1,
        location: 'MAIN1',
        unit: 'EACH',
        unitPrice: 44.7,
        lineDiscount: 0,
        total: 44.7,
      },
    ],
    ...overrides,
  };
}

export const invoicesFixture: InvoiceList = {
  invoices: [
    invoiceFixture(),
    invoiceFixture({
      documentNumber: 'SI-100240',
      reference: 'PO-7790',
      originalAmount: 240,
      remainingAmount: 100.1,
      totalInvoiceAmount: 240,
      isOverdue: true,
    }),
    invoiceFixture({
      documentNumber: 'SI-100241',
      reference: 'PO-7791',
      originalAmount: 0.3,
      remainingAmount: 0.2,
      totalInvoiceAmount: 0.3,
    }),
    invoiceFixture({
      documentNumber: 'CN-5001',
      documentType: 'Credit Memo',
      originalAmount: -12,
      remainingAmount: -12,
      totalInvoiceAmount: -12,
      isPayable: false,
      invoiceDetails: [],
    }),
  ],
  totalRemainingAmount: 236.44,
};

/** Credit and ageing for invoicesFixture (and £1,000 of orders not yet invoiced): two current invoices, one 31-60 days overdue, a credit note apart. */
export const creditSummaryFixture: CreditSummary = {
  creditLimit: 5000,
  balance: 236.44,
  uninvoicedOrders: 1000,
  exposure: 1236.44,
  availableCredit: 3763.56,
  buckets: [
    { key: 'current', total: 148.34, documentNumbers: ['SI-100234', 'SI-100241'] },
    { key: '1-30', total: 0, documentNumbers: [] },
    { key: '31-60', total: 100.1, documentNumbers: ['SI-100240'] },
    { key: '61-90', total: 0, documentNumbers: [] },
    { key: 'over-90', total: 0, documentNumbers: [] },
  ],
  unallocatedCredit: { total: -12, documentNumbers: ['CN-5001'] },
  onStop: false,
  overdue: { total: 100.1, documentNumbers: ['SI-100240'] },
};
