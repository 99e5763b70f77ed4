import { sql } from 'kysely';
import type { Db, Engine } from '../../db/client.js';
import type { Payment, PaymentsTable } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/** The only place payment SQL lives. */
export function paymentsRepository(db: Db) {
  return {
    /**
     * Serialises payment requests for the same things until the transaction ends (PostgreSQL
     * advisory locks, taken in sorted order; SQLite has one writer, so nothing to do there).
     */
    async lockKeys(engine: Engine, keys: readonly string[]): Promise<void> {
      if (engine !== 'postgres') return;
      for (const key of [...keys].sort()) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
    },

    async insert(
      row: Omit<PaymentsTable, 'status' | 'card_last4' | 'created_at' | 'completed_at' | 'expires_at'>,
      times: { createdAt: string; expiresAt: string },
      invoices: readonly { invoiceId: number; amountMinor: number }[],
    ): Promise<void> {
      await db
        .insertInto('payments')
        .values({
          ...row,
          status: 'pending',
          card_last4: null,
          created_at: times.createdAt,
          completed_at: null,
          expires_at: times.expiresAt,
        })
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

    /**
     * Payments that still count for a subject or any of the invoices: approved ones, and pending ones
     * whose link has not expired. The caller holds the subject's lock (see gateway.createPayment).
     */
    async liveFor(subject: string | null, invoiceIds: readonly number[], now: string): Promise<Payment[]> {
      if (subject === null && invoiceIds.length === 0) return [];
      const rows = await db
        .selectFrom('payments')
        .selectAll()
        .where((eb) =>
          eb.and([
            eb.or([
              ...(subject !== null ? [eb('subject', '=', subject)] : []),
              ...(invoiceIds.length
                ? [
                    eb(
                      'id',
                      'in',
                      eb.selectFrom('payment_invoices').select('payment_id').where('invoice_id', 'in', invoiceIds),
                    ),
                  ]
                : []),
            ]),
            eb.or([
              eb('status', '=', 'approved'),
              eb.and([eb('status', '=', 'pending'), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]),
            ]),
          ]),
        )
        .execute();
      return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
    },

    /** Ends a pending payment without taking money (replaced by a newer link, or refused at pay time). */
    async cancel(id: string): Promise<boolean> {
      const res = await db
        .updateTable('payments')
        .set({ status: 'cancelled', completed_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
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
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
