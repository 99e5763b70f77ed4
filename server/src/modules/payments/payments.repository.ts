import type { Db } from '../../db/client.js';
import type { Payment, PaymentsTable } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/** The only place payment SQL lives. */
export function paymentsRepository(db: Db) {
  return {
    async insert(
      row: Omit<PaymentsTable, 'status' | 'card_last4' | 'created_at' | 'completed_at'>,
      invoices: readonly { invoiceId: number; amountMinor: number }[],
    ): Promise<void> {
      await db
        .insertInto('payments')
        .values({ ...row, status: 'pending', card_last4: null, created_at: nowIso(), completed_at: null })
        .execute();
      if (invoices.length)
        await db
          .insertInto('payment_invoices')
          .values(invoices.map((i) => ({ payment_id: row.id, invoice_id: i.invoiceId, amount_minor: i.amountMinor })))
          .execute();
    },

    async find(id: string): Promise<Payment | undefined> {
      const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { ...row, amount_minor: Number(row.amount_minor) };
    },

    /** Notes the card used, while the payment is still pending. */
    async setCard(id: string, last4: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ card_last4: last4 })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * The one transition out of 'pending': conditional, so of any number of callbacks (replays,
     * races) exactly one changes the row. True when this call made the change.
     */
    async complete(id: string, outcome: 'approved' | 'declined'): Promise<boolean> {
      const res = await db
        .updateTable('payments')
        .set({ status: outcome, completed_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
