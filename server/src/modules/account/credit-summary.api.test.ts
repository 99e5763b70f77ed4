import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { creditSummary, pathOf, routes, type CreditSummary } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { todayIso } from '../../lib/time.js';
import { insertInvoice } from './account.test-fixtures.js';
import { insertOrder } from '../orders/orders.fixtures.js';
import { daysOverdue } from './account.service.js';
import { composeStore } from '../../compose.js';

const TODAY = '2026-06-30';
/** The date `days` days before `today` ('yyyy-mm-dd'). */
const daysBefore = (days: number, today = TODAY) => {
  const d = new Date(`${today}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
const bucket = (s: CreditSummary, key: string) => s.buckets.find((b) => b.key === key)!;

describe('daysOverdue', () => {
  it('counts whole days from the due date, across a month end and a leap day', () => {
    expect(daysOverdue('2026-06-30', TODAY)).toBe(0);
    expect(daysOverdue('2026-07-01', TODAY)).toBe(-1);
    expect(daysOverdue('2026-05-31', TODAY)).toBe(30);
    expect(daysOverdue('2028-02-28', '2028-03-01')).toBe(2);
  });
});

describe.each(testEngines())('credit and ageing on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let accountId: number;
  let token: string;
  let otherToken: string;
  let noLimitToken: string;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const db = handle.db;
    accountId = await insertAccount(db, {
      name: 'Ageing Ltd',
      customer_number: 'AG1',
      credit_limit_minor: 500_000,
      balance_minor: 620_000,
      on_stop: 1,
    });
    const otherId = await insertAccount(db, {
      name: 'Other Ltd',
      customer_number: 'AG2',
      credit_limit_minor: 1_000_000,
      balance_minor: 250_000,
    });
    const noLimitId = await insertAccount(db, { name: 'No Limit Ltd', customer_number: 'AG3', credit_limit_minor: 0 });
    await insertUser(db, accountId, 'ageing');
    await insertUser(db, otherId, 'other-ageing');
    await insertUser(db, noLimitId, 'nolimit-ageing');

    // One invoice due on each boundary (days overdue vs TODAY), remaining = days + 1 pounds.
    for (const days of [-5, 0, 1, 30, 31, 60, 61, 90, 91, 400]) {
      await insertInvoice(db, accountId, {
        documentNumber: `SI-D${days}`,
        dueDate: daysBefore(days),
        amountMinor: (days + 10) * 100,
        vatMinor: 0,
      });
    }
    // Settled: never aged. A credit note: unallocated. Part paid: its remaining counts.
    await insertInvoice(db, accountId, { documentNumber: 'SI-PAID', dueDate: daysBefore(45), remainingMinor: 0 });
    await insertInvoice(db, accountId, {
      documentNumber: 'CN-1',
      documentType: 'Credit Memo',
      dueDate: daysBefore(100),
      amountMinor: -2_500,
      vatMinor: -500,
      lines: [],
    });
    await insertInvoice(db, accountId, {
      documentNumber: 'SI-PART',
      dueDate: daysBefore(45),
      amountMinor: 10_000,
      vatMinor: 0,
      remainingMinor: 1_234,
    });
    // Another account's overdue invoice, due the same days: never in this account's figures.
    await insertInvoice(db, otherId, { documentNumber: 'SI-OTHER', dueDate: daysBefore(45), currency: 'EUR' });
    // For the API (the server's own today): one overdue, one not yet due.
    await insertInvoice(db, otherId, { documentNumber: 'SI-OTHER-LATE', dueDate: daysBefore(3, todayIso()) });
    await insertInvoice(db, otherId, { documentNumber: 'SI-OTHER-NEW', dueDate: daysBefore(-3, todayIso()) });

    // Orders not yet invoiced count against the other account's credit (Open £12, In Progress £24);
    // shipped (invoiced) and cancelled ones do not, nor does this account's order elsewhere.
    await insertOrder(db, { accountId: otherId, orderNumber: 'SO-CR-1', status: 'Open' });
    await insertOrder(db, {
      accountId: otherId,
      orderNumber: 'SO-CR-2',
      status: 'In Progress',
      lines: [{ itemNo: 'RB-100', quantity: 2, unitPriceE5: 1_000_000 }],
    });
    await insertOrder(db, { accountId: otherId, orderNumber: 'SO-CR-3', status: 'Shipped' });
    await insertOrder(db, { accountId: otherId, orderNumber: 'SO-CR-4', status: 'Cancelled' });
    await insertOrder(db, { accountId: noLimitId, orderNumber: 'SO-CR-5', status: 'Open' });

    token = (await login(app, 'ageing')).accessToken;
    otherToken = (await login(app, 'other-ageing')).accessToken;
    noLimitToken = (await login(app, 'nolimit-ageing')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('ages each open invoice by days past its due date, on the bucket boundaries', async () => {
    const s = await composeStore(handle.db).account.getCreditSummary({ accountId }, {}, TODAY);
    expect(s.buckets.map((b) => b.key)).toEqual(['current', '1-30', '31-60', '61-90', 'over-90']);
    expect(bucket(s, 'current').documentNumbers.sort()).toEqual(['SI-D-5', 'SI-D0']);
    expect(bucket(s, '1-30').documentNumbers).toEqual(['SI-D30', 'SI-D1']);
    expect(bucket(s, '31-60').documentNumbers).toEqual(['SI-D60', 'SI-PART', 'SI-D31']);
    expect(bucket(s, '61-90').documentNumbers).toEqual(['SI-D90', 'SI-D61']);
    expect(bucket(s, 'over-90').documentNumbers).toEqual(['SI-D400', 'SI-D91']);
    // Totals are the remaining amounts: (days + 10) pounds each, the part-paid one's 12.34.
    expect(bucket(s, 'current').total).toBe(15);
    expect(bucket(s, '1-30').total).toBe(11 + 40);
    expect(bucket(s, '31-60').total).toBe(41 + 70 + 12.34);
    expect(bucket(s, '61-90').total).toBe(71 + 100);
    expect(bucket(s, 'over-90').total).toBe(101 + 410);
  });

  it('keeps credit notes apart as unallocated credit, not payable, and leaves settled documents out', async () => {
    const s = await composeStore(handle.db).account.getCreditSummary({ accountId }, {}, TODAY);
    expect(s.unallocatedCredit).toEqual({ total: -30, documentNumbers: ['CN-1'] });
    const aged = s.buckets.flatMap((b) => b.documentNumbers);
    expect(aged).not.toContain('CN-1');
    expect(aged).not.toContain('SI-PAID');
    expect(aged).toHaveLength(11);
  });

  it('names the overdue invoices and their amount (why the account is on stop)', async () => {
    const s = await composeStore(handle.db).account.getCreditSummary({ accountId }, {}, TODAY);
    expect(s.onStop).toBe(true);
    expect(s.overdue.documentNumbers).toHaveLength(9);
    expect(s.overdue.documentNumbers).not.toContain('SI-D0');
    expect(s.overdue.documentNumbers).not.toContain('SI-D-5');
    expect(s.overdue.total).toBe(
      s.buckets.filter((b) => b.key !== 'current').reduce((sum, b) => Math.round((sum + b.total) * 100) / 100, 0),
    );
  });

  it('gives the credit limit, balance and available credit, never below 0', async () => {
    const s = await composeStore(handle.db).account.getCreditSummary({ accountId }, {}, TODAY);
    expect([s.creditLimit, s.balance, s.availableCredit]).toEqual([5000, 6200, 0]);
    expect([s.uninvoicedOrders, s.exposure]).toEqual([0, 6200]);
  });

  it('measures the credit against the balance plus the orders not yet invoiced (Open, In Progress)', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getCreditSummary), headers: bearer(otherToken) });
    const s = creditSummary.parse(res.json());
    expect([s.balance, s.uninvoicedOrders, s.exposure, s.availableCredit]).toEqual([2_500, 36, 2_536, 7_464]);
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getCreditSummary) });
    expect(res.statusCode).toBe(401);
  });

  it("answers only the caller's account, in the contract's shape", async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getCreditSummary), headers: bearer(otherToken) });
    expect(res.statusCode).toBe(200);
    const s = creditSummary.parse(res.json());
    expect([s.creditLimit, s.balance, s.availableCredit, s.onStop]).toEqual([10_000, 2_500, 7_464, false]);
    const all = [...s.buckets.flatMap((b) => b.documentNumbers), ...s.unallocatedCredit.documentNumbers];
    expect(all.sort()).toEqual(['SI-OTHER', 'SI-OTHER-LATE', 'SI-OTHER-NEW']);
    expect(bucket(s, 'current').documentNumbers).toEqual(['SI-OTHER-NEW']);
    expect(bucket(s, '1-30').documentNumbers).toEqual(['SI-OTHER-LATE']);
    expect(s.overdue.documentNumbers.sort()).toEqual(['SI-OTHER', 'SI-OTHER-LATE']);

    const mine = creditSummary.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getCreditSummary), headers: bearer(token) })).json(),
    );
    expect(mine.buckets.flatMap((b) => b.documentNumbers)).not.toContain('SI-OTHER');
  });

  it('answers no available credit figure when no credit limit is set', async () => {
    const res = await app.inject({
      method: 'GET',
      url: pathOf(routes.getCreditSummary),
      headers: bearer(noLimitToken),
    });
    const s = creditSummary.parse(res.json());
    expect(s.creditLimit).toBe(0);
    expect(s.availableCredit).toBeNull();
    expect(s.buckets.every((b) => b.documentNumbers.length === 0 && b.total === 0)).toBe(true);
  });
});
