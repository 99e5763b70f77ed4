import { sql, type Insertable } from 'kysely';
import { uninvoicedOrdersMinor } from '../../db/credit.js';
import { insertInBatches, insertReturningIds } from '../../db/batches.js';
import type { Db } from '../../db/client.js';
import type { AccountsTable, InvoiceLinesTable, InvoicesTable, StatementsTable } from '../../db/types.js';

/**
 * The only place account SQL lives (invoices, statements). Every query is scoped to one account, but
 * the bulk inserts and the balance update of the demo seed, which writes every account's data.
 */
export function accountRepository(db: Db) {
  const invoiceColumns = [
    'invoices.id',
    'invoices.document_number',
    'invoices.document_type',
    'invoices.posting_date',
    'invoices.due_date',
    'invoices.reference',
    'invoices.description',
    'invoices.order_number',
    'invoices.currency_code',
    'invoices.amount_minor',
    'invoices.vat_minor',
    'invoices.original_minor',
    'invoices.remaining_minor',
    'orders.ordered_date',
    'orders.despatch_date',
    'orders.location',
  ] as const;

  /** Invoices joined with the order they bill (same account), when there is one. */
  const invoicesOf = (accountId: number) =>
    db
      .selectFrom('invoices')
      .leftJoin('orders', (join) =>
        join
          .onRef('orders.order_number', '=', 'invoices.order_number')
          .onRef('orders.account_id', '=', 'invoices.account_id'),
      )
      .select(invoiceColumns)
      .where('invoices.account_id', '=', accountId);

  return {
    /** The id of the account with this customer number (the admin CLI's key). */
    async idOfCustomer(customerNumber: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('customer_number', '=', customerNumber)
        .executeTakeFirst();
      return row?.id;
    },

    async insertAccount(values: Insertable<AccountsTable>): Promise<number> {
      const row = await db.insertInto('accounts').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Bulk inserts (the demo seed): accounts answer their ids by customer number, documents by number. */
    insertAccounts: (rows: readonly Insertable<AccountsTable>[]) =>
      insertReturningIds(db, 'accounts', rows, 'customer_number'),
    insertStatements: (rows: readonly Insertable<StatementsTable>[]) => insertInBatches(db, 'statements', rows),
    insertInvoices: (rows: readonly Insertable<InvoicesTable>[]) =>
      insertReturningIds(db, 'invoices', rows, 'document_number'),
    insertInvoiceLines: (rows: readonly Insertable<InvoiceLinesTable>[]) => insertInBatches(db, 'invoice_lines', rows),

    /**
     * An account's balance follows its documents: the sum of what remains to be paid on its invoices
     * and credits. For the given accounts, or every account when none are named (the seed).
     */
    async settleBalances(accountIds?: readonly number[]): Promise<void> {
      const settle = (ids?: readonly number[]) =>
        db
          .updateTable('accounts')
          .set({
            balance_minor: sql<number>`coalesce((select sum(i.remaining_minor) from invoices i where i.account_id = accounts.id), 0)`,
          })
          .$if(ids !== undefined, (q) => q.where('id', 'in', ids ?? []))
          .execute();
      if (accountIds === undefined) return void (await settle());
      for (let i = 0; i < accountIds.length; i += 500) await settle(accountIds.slice(i, i + 500));
    },

    /** Open documents: anything with a remaining amount, oldest due first. */
    openInvoices(accountId: number) {
      return invoicesOf(accountId)
        .where('invoices.remaining_minor', '!=', 0)
        .orderBy('invoices.due_date')
        .orderBy('invoices.document_number')
        .execute();
    },

    /** The account's credit terms: limit, posted balance, orders not yet invoiced, on stop (minor units). */
    credit(accountId: number) {
      return db
        .selectFrom('accounts')
        .select(['credit_limit_minor', 'balance_minor', 'on_stop'])
        .select(uninvoicedOrdersMinor)
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    findInvoice(accountId: number, documentNumber: string) {
      return invoicesOf(accountId).where('invoices.document_number', '=', documentNumber).executeTakeFirst();
    },

    /** Lines of the given invoices, in line order. */
    async invoiceLines(invoiceIds: number[]) {
      if (invoiceIds.length === 0) return [];
      return db
        .selectFrom('invoice_lines')
        .select([
          'invoice_id',
          'line_no',
          'type',
          'item_no',
          'description',
          'quantity',
          'unit',
          'unit_price_e5',
          'line_discount_bp',
          'total_minor',
        ])
        .where('invoice_id', 'in', invoiceIds)
        .orderBy('invoice_id')
        .orderBy('line_no')
        .execute();
    },

    account(accountId: number) {
      return db
        .selectFrom('accounts')
        .select([
          'id',
          'customer_number',
          'name',
          'contact',
          'currency_code',
          'address1',
          'address2',
          'city',
          'county',
          'postcode',
          'country',
          'balance_minor',
          'credit_limit_minor',
          'vat_rate_bp',
        ])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    /** A statement by its exact filename, only within the account. */
    findStatement(accountId: number, filename: string) {
      return db
        .selectFrom('statements')
        .select(['id', 'name', 'filename', 'period_start', 'period_end'])
        .where('account_id', '=', accountId)
        .where('filename', '=', filename)
        .executeTakeFirst();
    },

    /** Every document posted on or before `end` ('yyyy-mm-dd'), oldest first. */
    async documentsUpTo(accountId: number, end: string) {
      const rows = await db
        .selectFrom('invoices')
        .select([
          'id',
          'document_number',
          'document_type',
          'posting_date',
          'due_date',
          'reference',
          'original_minor',
          'remaining_minor',
        ])
        .where('account_id', '=', accountId)
        .where('posting_date', '<=', end)
        .orderBy('posting_date')
        .orderBy('document_number')
        .execute();
      return rows.map((r) => ({
        ...r,
        original_minor: Number(r.original_minor),
        remaining_minor: Number(r.remaining_minor),
      }));
    },

    /** Approved online invoice payments completed before the timestamp `before`, oldest first. */
    async onlinePaymentsBefore(accountId: number, before: string) {
      const rows = await db
        .selectFrom('payments')
        .select(['id', 'reference', 'amount_minor', 'completed_at'])
        .where('account_id', '=', accountId)
        .where('purpose', '=', 'invoices')
        .where('status', '=', 'approved')
        .where('completed_at', '<', before)
        .orderBy('completed_at')
        .execute();
      return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
    },

    /** Per invoice, what approved online payments (at any time) were taken for it. */
    async onlinePaidByInvoice(accountId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('payment_invoices')
        .innerJoin('payments', 'payments.id', 'payment_invoices.payment_id')
        .select((eb) => ['payment_invoices.invoice_id', eb.fn.sum<number>('payment_invoices.amount_minor').as('paid')])
        .where('payments.account_id', '=', accountId)
        .where('payments.purpose', '=', 'invoices')
        .where('payments.status', '=', 'approved')
        .groupBy('payment_invoices.invoice_id')
        .execute();
      return new Map(rows.map((r) => [r.invoice_id, Number(r.paid)]));
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
