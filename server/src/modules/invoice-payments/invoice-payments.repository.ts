import { sql } from 'kysely';
import type { Db } from '../../db/client.js';

/** The only place invoice-payment SQL lives. */
export function invoicePaymentsRepository(db: Db) {
  return {
    /** The caller's invoices among `documentNumbers` (others' and unknown ones are simply absent). */
    async invoicesOf(accountId: number, documentNumbers: readonly string[]) {
      if (documentNumbers.length === 0) return [];
      const rows = await db
        .selectFrom('invoices')
        .select(['id', 'document_number', 'currency_code', 'remaining_minor'])
        .where('account_id', '=', accountId)
        .where('document_number', 'in', documentNumbers)
        .execute();
      return rows.map((r) => ({ ...r, remaining_minor: Number(r.remaining_minor) }));
    },

    accountCurrency(accountId: number) {
      return db.selectFrom('accounts').select(['currency_code']).where('id', '=', accountId).executeTakeFirst();
    },

    /** Remaining amounts of a payment's invoices now, beside the amount the payment means to pay. */
    async paymentInvoicesNow(paymentId: string) {
      const rows = await db
        .selectFrom('payment_invoices as pi')
        .innerJoin('invoices as i', 'i.id', 'pi.invoice_id')
        .select(['i.document_number', 'i.remaining_minor', 'pi.amount_minor'])
        .where('pi.payment_id', '=', paymentId)
        .execute();
      return rows.map((r) => ({
        documentNumber: r.document_number,
        remainingMinor: Number(r.remaining_minor),
        amountMinor: Number(r.amount_minor),
      }));
    },

    /** The invoices a payment paid, with what it paid of each and what is left (events, the receipt email). */
    paymentInvoiceFigures(paymentId: string) {
      return db
        .selectFrom('payment_invoices')
        .innerJoin('invoices', 'invoices.id', 'payment_invoices.invoice_id')
        .select(['invoices.document_number', 'payment_invoices.amount_minor', 'invoices.remaining_minor'])
        .where('payment_invoices.payment_id', '=', paymentId)
        .orderBy('invoices.document_number')
        .execute();
    },

    /** What a payment was taken for: its invoices and the amount meant for each. */
    async paymentInvoices(paymentId: string) {
      const rows = await db
        .selectFrom('payment_invoices')
        .select(['invoice_id', 'amount_minor'])
        .where('payment_id', '=', paymentId)
        .orderBy('invoice_id')
        .execute();
      return rows.map((r) => ({ invoiceId: r.invoice_id, amountMinor: Number(r.amount_minor) }));
    },

    /**
     * Reduces an invoice's remaining amount by `amountMinor`, never below zero, in one statement
     * (so concurrent payments of the same invoice cannot both read the old amount).
     */
    async reduceRemaining(accountId: number, invoiceId: number, amountMinor: number): Promise<void> {
      await db
        .updateTable('invoices')
        .set({
          remaining_minor: sql<number>`case when remaining_minor > ${amountMinor} then remaining_minor - ${amountMinor} else 0 end`,
        })
        .where('id', '=', invoiceId)
        .where('account_id', '=', accountId)
        .where('remaining_minor', '>', 0)
        .execute();
    },

    async reduceBalance(accountId: number, amountMinor: number): Promise<void> {
      await db
        .updateTable('accounts')
        .set((eb) => ({ balance_minor: eb('balance_minor', '-', amountMinor) }))
        .where('id', '=', accountId)
        .execute();
    },
  };
}
export type InvoicePaymentsRepository = ReturnType<typeof invoicePaymentsRepository>;
