import { type InvoicePaymentRequest, type PaymentResponse, SERVER_MSG } from '@wholesale/contract';
import { conflict, notFound } from '../../lib/http-errors.js';
import type { Caller } from '../../domain/caller.js';
import { isStorableName } from '../account/account.service.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { InvoicePaymentPayload } from './invoice-payment.js';
import type { InvoicePaymentsRepository } from './invoice-payments.repository.js';

/**
 * Starts an online payment of the caller's open invoices. The payload names the invoices; every
 * amount is read from the database (the payload's amount and remainingAmount are the figures the
 * customer saw and are not trusted). Another account's invoice answers 404 like an unknown one.
 */
export function invoicePaymentsService({
  repo,
  payments,
}: {
  repo: InvoicePaymentsRepository;
  payments: PaymentGateway;
}) {
  return {
    requestInvoicePayment: (claims: Caller, body: InvoicePaymentRequest) =>
      requestInvoicePayment(repo, payments, claims, body),
    /** What a payment of invoices settles, as it was recorded (events and the receipt email read it). */
    paymentInvoices: (paymentId: string) => repo.paymentInvoiceFigures(paymentId),
  };
}
export type InvoicePaymentsService = ReturnType<typeof invoicePaymentsService>;

async function requestInvoicePayment(
  repo: InvoicePaymentsRepository,
  payments: PaymentGateway,
  claims: Caller,
  body: InvoicePaymentRequest,
): Promise<PaymentResponse> {
  // An invoice is never paid twice in one payment, however often the payload names it.
  const documentNumbers = [...new Set(body.meta.map((m) => m.documentNo.trim()))];
  const unknown = documentNumbers.find((d) => !isStorableName(d));
  if (unknown !== undefined) throw notFound(SERVER_MSG.invoiceNotFound);

  const [account, rows] = await Promise.all([
    repo.accountCurrency(claims.accountId),
    repo.invoicesOf(claims.accountId, documentNumbers),
  ]);
  if (!account) throw notFound();
  const byNumber = new Map(rows.map((r) => [r.document_number, r]));
  const missing = documentNumbers.find((d) => !byNumber.has(d));
  if (missing !== undefined) throw notFound(SERVER_MSG.noInvoice(missing));

  const invoices = documentNumbers.map((d) => byNumber.get(d)!);
  const settled = invoices.find((i) => i.remaining_minor <= 0);
  if (settled) throw conflict(SERVER_MSG.invoiceSettled(settled.document_number));
  const otherCurrency = invoices.find((i) => i.currency_code !== account.currency_code);
  if (otherCurrency) throw conflict(SERVER_MSG.invoiceOtherCurrency(otherCurrency.document_number));

  const amountMinor = invoices.reduce((sum, i) => sum + i.remaining_minor, 0);
  const payload: InvoicePaymentPayload = {
    documentNumbers,
    notes: body.description,
    billingAddress: body.billing_address,
  };
  const { checkoutUrl } = await payments.createPayment({
    accountId: claims.accountId,
    userId: claims.userId,
    purpose: 'invoices',
    amountMinor,
    currencyCode: account.currency_code,
    reference: body.reference,
    // The hosted page shows the invoices paid; the buyer's notes stay in the payload.
    description: `Payment of ${documentNumbers.join(', ')}`,
    payload,
    invoices: invoices.map((i) => ({ invoiceId: i.id, amountMinor: i.remaining_minor })),
  });
  return { payment_Checkout_Url: checkoutUrl };
}
