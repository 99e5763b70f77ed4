import {
  AGEING_BUCKETS,
  ageingBucketOf,
  creditExposure,
  toShortDate,
  type AgeingBucketKey,
  type CreditSummary,
  type Invoice,
  type InvoiceDetail,
  type InvoiceList,
  SERVER_MSG,
} from '@wholesale/contract';
import { bpToPercent, e5ToAmount, minorToAmount } from '../../domain/money.js';
import { notFound } from '../../lib/http-errors.js';
import { todayIso } from '../../lib/time.js';
import type { AccountRepository } from './account.repository.js';
import type { AccountCaller } from '../../domain/caller.js';

type InvoiceRow = NonNullable<Awaited<ReturnType<AccountRepository['findInvoice']>>>;
type LineRow = Awaited<ReturnType<AccountRepository['invoiceLines']>>[number];

/** One statement's figures, all in minor units: what the statement PDF shows. */
export interface StatementData {
  name: string;
  filename: string;
  periodStart: string;
  periodEnd: string;
  openingBalanceMinor: number;
  closingBalanceMinor: number;
  entries: {
    date: string;
    type: string;
    documentNumber: string;
    reference: string;
    /** Positive: the customer owes more (invoice); negative: less (credit, payment). */
    amountMinor: number;
    balanceMinor: number;
  }[];
}

/**
 * Names that cannot be stored ones (control characters, NUL, which PostgreSQL refuses in text) are
 * answered as not found without asking the database.
 */
export const isStorableName = (name: string): boolean => {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  return true;
};

/** Whole days from the date `due` to the date `today` (both 'yyyy-mm-dd'); negative when not yet due. */
export const daysOverdue = (due: string, today: string): number =>
  Math.round(
    (Date.parse(`${today.slice(0, 10)}T00:00:00.000Z`) - Date.parse(`${due.slice(0, 10)}T00:00:00.000Z`)) / 86_400_000,
  );

const nextDay = (isoDate: string): string => {
  const d = new Date(`${isoDate}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export function accountService(repo: AccountRepository) {
  function toInvoice(row: InvoiceRow, lines: LineRow[], today: string): Invoice {
    const remaining = Number(row.remaining_minor);
    const location = row.location ?? '';
    const details: InvoiceDetail[] = lines.map((l) => ({
      type: l.type,
      itemNo: l.item_no,
      description: l.description,
      quantity: Number(l.quantity),
      quantityShipped: Number(l.quantity),
      location,
      unit: l.unit,
      lineDiscount: bpToPercent(Number(l.line_discount_bp)),
      unitPrice: e5ToAmount(Number(l.unit_price_e5)),
      total: minorToAmount(Number(l.total_minor)),
    }));
    return {
      documentNumber: row.document_number,
      documentType: row.document_type,
      postingDate: toShortDate(row.posting_date),
      dueDate: toShortDate(row.due_date),
      reference: row.reference,
      description: row.description,
      originalAmount: minorToAmount(Number(row.original_minor)),
      remainingAmount: minorToAmount(remaining),
      invoiceDetails: details,
      totalInvoiceAmount: minorToAmount(Number(row.original_minor)),
      orderNumber: row.order_number,
      amount: minorToAmount(Number(row.amount_minor)),
      vatAmount: minorToAmount(Number(row.vat_minor)),
      orderedDate: row.ordered_date ? toShortDate(row.ordered_date) : null,
      despatchDate: row.despatch_date ? toShortDate(row.despatch_date) : null,
      isOverdue: remaining > 0 && row.due_date < today,
      isPayable: remaining > 0,
    };
  }

  async function withLines(rows: InvoiceRow[]): Promise<Invoice[]> {
    const lines = await repo.invoiceLines(rows.map((r) => r.id));
    const byInvoice = new Map<number, LineRow[]>();
    for (const l of lines) {
      const list = byInvoice.get(l.invoice_id) ?? [];
      list.push(l);
      byInvoice.set(l.invoice_id, list);
    }
    const today = todayIso();
    return rows.map((r) => toInvoice(r, byInvoice.get(r.id) ?? [], today));
  }

  return {
    /** The account's open documents and the sum of what remains on them. */
    async getInvoices({ accountId }: AccountCaller): Promise<InvoiceList> {
      const rows = await repo.openInvoices(accountId);
      const totalMinor = rows.reduce((sum, r) => sum + Number(r.remaining_minor), 0);
      return { invoices: await withLines(rows), totalRemainingAmount: minorToAmount(totalMinor) };
    },

    /** One invoice of the account, open or settled; another account's answers 404 like a missing one. */
    async getInvoice({ accountId }: AccountCaller, { documentNumber }: { documentNumber: string }): Promise<Invoice> {
      const row = isStorableName(documentNumber) ? await repo.findInvoice(accountId, documentNumber) : undefined;
      if (!row) throw notFound(SERVER_MSG.invoiceNotFound);
      const [invoice] = await withLines([row]);
      return invoice!;
    },

    /**
     * The statement's figures from the account's documents and payments up to its period end:
     * opening balance, the period's documents and payments, closing balance.
     *
     * Online payments carry their date. Amounts settled outside the portal (an invoice's remaining
     * amount lowered by an import, with no payment of ours behind it) have no date here; they
     * are shown as received on the invoice's due date (never before its posting date, never after
     * today). So the balance at today equals the sum of the remaining amounts, like the account's.
     */
    async statementData(accountId: number, filename: string): Promise<StatementData> {
      const st = isStorableName(filename) ? await repo.findStatement(accountId, filename) : undefined;
      if (!st) throw notFound(SERVER_MSG.statementNotFound);
      const start = st.period_start.slice(0, 10);
      const end = st.period_end.slice(0, 10);
      const today = todayIso();
      const [docs, payments, onlinePaid] = await Promise.all([
        repo.documentsUpTo(accountId, end),
        repo.onlinePaymentsBefore(accountId, nextDay(end)),
        repo.onlinePaidByInvoice(accountId),
      ]);

      type Move = Omit<StatementData['entries'][number], 'balanceMinor'>;
      const moves: Move[] = [];
      for (const d of docs) {
        moves.push({
          date: d.posting_date.slice(0, 10),
          type: d.document_type,
          documentNumber: d.document_number,
          reference: d.reference,
          amountMinor: d.original_minor,
        });
        const settledElsewhere = d.original_minor - d.remaining_minor - (onlinePaid.get(d.id) ?? 0);
        if (settledElsewhere !== 0) {
          const posted = d.posting_date.slice(0, 10);
          const due = d.due_date.slice(0, 10);
          const date = due < posted ? posted : due > today ? (today < posted ? posted : today) : due;
          moves.push({
            date,
            type: settledElsewhere > 0 ? 'Payment' : 'Credit applied',
            documentNumber: d.document_number,
            reference: d.reference,
            amountMinor: -settledElsewhere,
          });
        }
      }
      for (const p of payments) {
        moves.push({
          date: (p.completed_at ?? start).slice(0, 10),
          type: 'Online payment',
          documentNumber: `PAY-${p.id.slice(0, 8).toUpperCase()}`,
          reference: p.reference,
          amountMinor: -p.amount_minor,
        });
      }
      // Oldest first; a document before the payments of the same day.
      moves.sort((a, b) =>
        a.date === b.date ? Number(a.amountMinor < 0) - Number(b.amountMinor < 0) : a.date < b.date ? -1 : 1,
      );

      const opening = moves.filter((m) => m.date < start).reduce((sum, m) => sum + m.amountMinor, 0);
      let balance = opening;
      const entries = moves
        .filter((m) => m.date >= start && m.date <= end)
        .map((m) => {
          balance += m.amountMinor;
          return { ...m, balanceMinor: balance };
        });
      return {
        name: st.name,
        filename: st.filename,
        periodStart: start,
        periodEnd: end,
        openingBalanceMinor: opening,
        closingBalanceMinor: balance,
        entries,
      };
    },

    /**
     * Credit and ageing: the credit limit, the posted balance, the orders not yet
     * invoiced, the exposure (both together) and what is available (limit minus exposure, never below
     * 0; null when no limit is set, as the credit rule at Place Order reads it), and
     * the open invoices aged by days past their due date. Credit notes (and any document with a
     * negative remaining amount) are not aged: they are the account's unallocated credit, not payable.
     */
    async getCreditSummary(
      { accountId }: AccountCaller,
      _input: unknown = {},
      today: string = todayIso(),
    ): Promise<CreditSummary> {
      const [credit, docs] = await Promise.all([repo.credit(accountId), repo.openInvoices(accountId)]);
      if (!credit) throw notFound(SERVER_MSG.notFound);
      const limit = Number(credit.credit_limit_minor);
      const balance = Number(credit.balance_minor);
      const uninvoiced = Number(credit.uninvoiced_minor ?? 0);
      const exposure = creditExposure(balance, uninvoiced);
      const buckets = new Map<AgeingBucketKey, { totalMinor: number; documentNumbers: string[] }>(
        AGEING_BUCKETS.map((key) => [key, { totalMinor: 0, documentNumbers: [] }]),
      );
      const credits = { totalMinor: 0, documentNumbers: [] as string[] };
      const overdue = { totalMinor: 0, documentNumbers: [] as string[] };
      for (const d of docs) {
        const remaining = Number(d.remaining_minor);
        if (remaining < 0) {
          credits.totalMinor += remaining;
          credits.documentNumbers.push(d.document_number);
          continue;
        }
        const key = ageingBucketOf(daysOverdue(d.due_date, today));
        const bucket = buckets.get(key)!;
        bucket.totalMinor += remaining;
        bucket.documentNumbers.push(d.document_number);
        if (key !== 'current') {
          overdue.totalMinor += remaining;
          overdue.documentNumbers.push(d.document_number);
        }
      }
      return {
        creditLimit: minorToAmount(limit),
        balance: minorToAmount(balance),
        uninvoicedOrders: minorToAmount(uninvoiced),
        exposure: minorToAmount(exposure),
        availableCredit: limit > 0 ? minorToAmount(Math.max(0, limit - exposure)) : null,
        buckets: AGEING_BUCKETS.map((key) => {
          const b = buckets.get(key)!;
          return { key, total: minorToAmount(b.totalMinor), documentNumbers: b.documentNumbers };
        }),
        unallocatedCredit: { total: minorToAmount(credits.totalMinor), documentNumbers: credits.documentNumbers },
        onStop: !!credit.on_stop,
        overdue: { total: minorToAmount(overdue.totalMinor), documentNumbers: overdue.documentNumbers },
      };
    },

    account: (accountId: number) => repo.account(accountId),
    /** The id of the account with this customer number, or undefined (the admin CLI's key). */
    idOfCustomer: (customerNumber: string) => repo.idOfCustomer(customerNumber),
  };
}
export type AccountService = ReturnType<typeof accountService>;
