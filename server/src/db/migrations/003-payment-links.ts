import type { Kysely } from 'kysely';

/**
 * Payment links expire, and a payment names what it pays for (`subject`: the basket revision of a
 * proforma order), so a second payment for the same thing can be refused while one is live.
 * Invoices are named through payment_invoices already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('payments').addColumn('subject', 'text').execute();
  await db.schema.createIndex('payments_subject_idx').on('payments').columns(['subject', 'status']).execute();
  await db.schema.createIndex('payment_invoices_invoice_idx').on('payment_invoices').column('invoice_id').execute();
}
