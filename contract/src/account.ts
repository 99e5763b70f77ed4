import { z } from 'zod';
import { MSG } from './messages.js';
import { INPUT_LIMITS, PAYMENT_METHOD } from './limits.js';
import { money, shortDate, unitPrice } from './common.js';
import { billingAddress } from './basket.js';

export const invoiceDetail = z.lazy(() =>
  z.object({
    type: z.string(),
    itemNo: z.string(),
    description: z.string(),
    quantity: z.number().int(),
    quantityShipped: z.number().int().describe('An invoiced line has shipped: the invoiced quantity'),
    location: z.string().describe('Location of the order the invoice bills; empty when none'),
    unit: z.string(),
    lineDiscount: z.number().describe('Discount percent, 2 decimals'),
    unitPrice,
    total: money,
  }),
);
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const invoice = z.lazy(() =>
  z.object({
    documentNumber: z.string(),
    documentType: z.string(),
    postingDate: shortDate,
    dueDate: shortDate,
    reference: z.string(),
    description: z.string(),
    originalAmount: money,
    remainingAmount: money,
    invoiceDetails: z.array(invoiceDetail),
    totalInvoiceAmount: money,
    orderNumber: z.string(),
    amount: money.describe('Invoice amount before VAT'),
    vatAmount: money,
    orderedDate: shortDate.nullable().describe('Date of the order the invoice bills; null when none'),
    despatchDate: shortDate.nullable().describe('Despatch date of that order; null when none'),
    isOverdue: z.boolean(),
    isPayable: z.boolean().describe('An open invoice (remaining above 0) that can be paid online'),
  }),
);
export type Invoice = z.infer<typeof invoice>;

/** GET /account/invoices: the account's open documents (remaining amount not 0), oldest due first. */
export const invoiceList = z.lazy(() => z.object({ invoices: z.array(invoice), totalRemainingAmount: money }));
export type InvoiceList = z.infer<typeof invoiceList>;

/** GET /account/invoices/{documentNumber}: one of the account's invoices, open or settled (View Transaction). */
export const invoiceParams = z.lazy(() =>
  z.object({ documentNumber: z.string().trim().min(1).max(INPUT_LIMITS.code) }),
);

/** The web posts the invoice merged with the user; only documentNumber identifies it. */
export const invoiceStatementRequest = z.lazy(() =>
  z.looseObject({ documentNumber: z.string().trim().min(1).max(INPUT_LIMITS.code) }),
);

/** GET /account/statement/{filename}: one of the account's statements (user.statements[].filename). */
export const statementParams = z.lazy(() => z.object({ filename: z.string().min(1).max(INPUT_LIMITS.text) }));

/** The pay-invoices form (section 5). */
export const payInvoicesForm = z.lazy(() =>
  z.object({
    method: z.literal(PAYMENT_METHOD, { error: `Method must be '${PAYMENT_METHOD}'` }),
    reference: z
      .string()
      .trim()
      .min(1, MSG.required)
      .max(INPUT_LIMITS.paymentReference, MSG.maxCharacters(INPUT_LIMITS.paymentReference)),
    notes: z.string().trim().max(INPUT_LIMITS.text, MSG.maxCharacters(INPUT_LIMITS.text)).optional(),
  }),
);
export type PayInvoicesForm = z.infer<typeof payInvoicesForm>;

/** POST /payment/request/invoice: the spec's payload. Amounts are taken from the database. */
export const invoicePaymentRequest = z.lazy(() =>
  z.object({
    amount: money,
    account_code: z.string().max(INPUT_LIMITS.code),
    currency: z.string().max(INPUT_LIMITS.currencyCode),
    description: z.string().max(INPUT_LIMITS.description).default(''),
    reference: z
      .string()
      .trim()
      .min(1, MSG.required)
      .max(INPUT_LIMITS.paymentReference, MSG.maxCharacters(INPUT_LIMITS.paymentReference)),
    billing_address: billingAddress,
    meta: z
      .array(
        z.object({
          documentNo: z.string().min(1).max(INPUT_LIMITS.code),
          remainingAmount: z.string().max(INPUT_LIMITS.code),
          paymentMethod: z.literal(PAYMENT_METHOD, { error: `Method must be '${PAYMENT_METHOD}'` }),
        }),
      )
      .min(1, 'Select at least one invoice')
      .max(INPUT_LIMITS.invoicesPerPayment),
  }),
);
export type InvoicePaymentRequest = z.infer<typeof invoicePaymentRequest>;
