import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  INTEGRATION_MSG,
  integrationRoutes,
  pathOf,
  problemDetails,
  upsertResponse,
  type ApiScope,
  type InvoiceUpsertItem,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount } from '../../test/fixtures.js';
import { openApiPath, testApp } from '../../test/app.js';
import { seedDemo } from '../../seed/index.js';
import { composeStore } from '../../compose.js';

const NOW = new Date('2026-11-18T10:00:00Z');
const text = (minor: number) => (minor / 100).toFixed(2);

/**
 * PUT /invoices refuses a document whose figures disagree (account-upserts.ts: documentErrors):
 * lines add up to amount, amount plus VAT is total, signs by document type, remaining within total.
 */
describe.each(testEngines())('invoice figures (integration API) on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let key: string;

  const push = (items: unknown[], atomic = false) =>
    app.inject({
      method: 'PUT',
      url: `${pathOf(integrationRoutes.upsertInvoices)}${atomic ? '?atomic=true' : ''}`,
      headers: { authorization: `Bearer ${key}` },
      payload: { items },
    });
  const ok = async (items: unknown[], atomic = false) => {
    const res = await push(items, atomic);
    expect(res.statusCode, res.body).toBe(200);
    return upsertResponse.parse(res.json()).results;
  };
  const stored = (documentNumber: string) =>
    handle.db
      .selectFrom('invoices')
      .select(['amount_minor', 'remaining_minor'])
      .where('document_number', '=', documentNumber)
      .executeTakeFirst();

  // 2 blinds at 41.875 (41.88 a line, rounded as the portal rounds), carriage 9.95: 93.71 excl. VAT,
  // VAT 20% 18.742 -> 18.74, 112.45 incl. VAT.
  const invoice = {
    documentNumber: 'SI-FIG-1',
    customerNumber: 'C-FIG',
    documentType: 'Invoice',
    postingDate: '2026-11-02',
    dueDate: '2026-12-02',
    currency: 'GBP',
    amount: '93.71',
    vat: '18.74',
    total: '112.45',
    remaining: '112.45',
    lines: [
      { itemNumber: 'RB-1', description: 'Blind', quantity: 1, unit: 'EACH', unitPrice: '41.875', total: '41.88' },
      { itemNumber: 'RB-2', description: 'Blind', quantity: 1, unit: 'EACH', unitPrice: '41.875', total: '41.88' },
      { type: 'Charge', itemNumber: 'CARRIAGE', description: 'Carriage', quantity: 1, unitPrice: 9.95, total: 9.95 },
    ],
  } satisfies InvoiceUpsertItem;
  const memo = {
    ...invoice,
    documentNumber: 'SCM-FIG-1',
    documentType: 'Credit Memo',
    amount: '-41.88',
    vat: '-8.38',
    total: '-50.26',
    remaining: '-50.26',
    lines: [{ itemNumber: 'RB-1', description: 'Blind', quantity: -1, unitPrice: '41.875', total: '-41.88' }],
  } satisfies InvoiceUpsertItem;

  beforeAll(async () => {
    handle = await engine.open();
    // Generated accounts (GBP at 20%, EUR at 23%) and their invoices, plus the demo credit memo.
    await seedDemo(handle, { now: NOW, products: 400, accounts: 23, orders: 600 });
    app = await testApp(handle);
    key = (await composeStore(handle.db).apiKeys.createClient('erp', ['invoices:write' as ApiScope].join(','))).key;
    await insertAccount(handle.db, { customer_number: 'C-FIG' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('passes every document the seed wrote (priced as the portal prices), sent back as it is: all unchanged', async () => {
    const docs = await handle.db
      .selectFrom('invoices')
      .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
      .select([
        'invoices.id',
        'document_number',
        'customer_number',
        'document_type',
        'posting_date',
        'due_date',
        'reference',
        'description',
        'order_number',
        'invoices.currency_code',
        'amount_minor',
        'vat_minor',
        'original_minor',
        'remaining_minor',
      ])
      // The seed's documents only: the other cases post theirs to C-FIG.
      .where('customer_number', '!=', 'C-FIG')
      .orderBy('invoices.id')
      .execute();
    const lines = await handle.db.selectFrom('invoice_lines').selectAll().orderBy('line_no').execute();
    const items = docs.map((d) => ({
      documentNumber: d.document_number,
      customerNumber: d.customer_number,
      documentType: d.document_type,
      postingDate: d.posting_date,
      dueDate: d.due_date,
      reference: d.reference,
      description: d.description,
      orderNumber: d.order_number,
      currency: d.currency_code,
      amount: text(Number(d.amount_minor)),
      vat: text(Number(d.vat_minor)),
      total: text(Number(d.original_minor)),
      remaining: text(Number(d.remaining_minor)),
      lines: lines
        .filter((l) => l.invoice_id === d.id)
        .map((l) => ({
          type: l.type,
          itemNumber: l.item_no,
          description: l.description,
          quantity: Number(l.quantity),
          unit: l.unit,
          unitPrice: (Number(l.unit_price_e5) / 100_000).toFixed(5),
          lineDiscountPercent: (Number(l.line_discount_bp) / 100).toFixed(2),
          total: text(Number(l.total_minor)),
        })),
    }));
    expect(items.length).toBeGreaterThan(500);
    expect(items.filter((i) => i.documentType === 'Credit Memo').length).toBe(1);
    expect(new Set(items.map((i) => i.currency))).toEqual(new Set(['GBP', 'EUR']));
    // In requests of 100 (the body limit), each all or nothing.
    for (let n = 0; n < items.length; n += 100) {
      const results = await ok(items.slice(n, n + 100), true);
      expect(results.filter((r) => r.status !== 'unchanged')).toEqual([]);
    }
  });

  it('accepts a consistent invoice and credit memo (carriage a line, VAT rounded on the amount)', async () => {
    expect((await ok([invoice, memo], true)).map((r) => r.status)).toEqual(['created', 'created']);
    expect(await stored('SI-FIG-1')).toMatchObject({ amount_minor: 9371, remaining_minor: 11245 });
    // Part paid, and a document without lines: nothing to add up.
    const noLines = { ...invoice, documentNumber: 'SI-FIG-2', lines: [] };
    expect((await ok([{ ...invoice, remaining: '0.01' }, noLines])).map((r) => r.status)).toEqual([
      'updated',
      'created',
    ]);
  });

  it('fails lines a penny off the amount, naming both sums, beside good items', async () => {
    const results = await ok([
      { ...invoice, documentNumber: 'SI-FIG-3' },
      { ...invoice, documentNumber: 'SI-FIG-4', amount: '93.72', vat: '18.74', total: '112.46', remaining: 0 },
    ]);
    expect(results.map((r) => r.status)).toEqual(['created', 'failed']);
    expect(results[1]?.errors).toEqual([
      { pointer: '/items/1/amount', detail: INTEGRATION_MSG.document.linesSum('93.71', '93.72') },
    ]);
    expect(results[1]?.errors?.[0]?.detail).toBe('the lines add up to 93.71 excl. VAT; amount says 93.72');
    expect(await stored('SI-FIG-4')).toBeUndefined();
  });

  it('fails a new amount that the stored lines do not add up to when the item leaves the lines', async () => {
    // A document of its own, stored with its lines first.
    const own = { ...invoice, documentNumber: 'SI-FIG-20' };
    expect((await ok([own]))[0]?.status).toBe('created');
    const { lines: _, ...withoutLines } = own;
    const results = await ok([
      { ...withoutLines, amount: '100.00', vat: '20.00', total: '120.00', remaining: '120.00' },
    ]);
    expect(results[0]?.errors).toEqual([
      { pointer: '/items/0/amount', detail: INTEGRATION_MSG.document.savedLinesSum('93.71', '100.00') },
    ]);
    // The same figures without lines are fine (and leave the lines).
    expect((await ok([{ ...withoutLines, remaining: '5.00' }]))[0]?.status).toBe('updated');
    expect(await stored('SI-FIG-20')).toMatchObject({ amount_minor: 9371, remaining_minor: 500 });
  });

  it('fails VAT that does not take the amount to the total', async () => {
    const results = await ok([{ ...invoice, documentNumber: 'SI-FIG-5', vat: '18.75' }]);
    expect(results[0]?.errors).toEqual([
      {
        pointer: '/items/0/total',
        detail: INTEGRATION_MSG.document.totalNotAmountPlusVat('93.71', '18.75', '112.46', '112.45'),
      },
    ]);
    expect(results[0]?.errors?.[0]?.detail).toBe('amount 93.71 plus VAT 18.75 is 112.46 incl. VAT; total says 112.45');
  });

  it('fails a remaining amount above the total, and figures of the wrong sign', async () => {
    const results = await ok([
      { ...invoice, documentNumber: 'SI-FIG-6', remaining: '112.46' },
      { ...invoice, documentNumber: 'SI-FIG-7', remaining: '-1.00' },
      { ...invoice, documentNumber: 'SI-FIG-8', amount: -10, vat: -2, total: -12, remaining: -12, lines: [] },
    ]);
    expect(results.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    expect(results[0]?.errors).toEqual([
      { pointer: '/items/0/remaining', detail: INTEGRATION_MSG.document.remainingAboveTotal('112.46', '112.45') },
    ]);
    expect(results[1]?.errors).toEqual([
      { pointer: '/items/1/remaining', detail: INTEGRATION_MSG.document.negativeOnInvoice('-1.00') },
    ]);
    expect(results[2]?.errors?.map((e) => e.pointer)).toEqual([
      '/items/2/amount',
      '/items/2/vat',
      '/items/2/total',
      '/items/2/remaining',
    ]);
  });

  it('fails a credit memo whose lines, sign or remaining disagree', async () => {
    const results = await ok([
      { ...memo, documentNumber: 'SCM-FIG-2', amount: '-41.87', vat: '-8.37', total: '-50.24', remaining: '-50.24' },
      { ...memo, documentNumber: 'SCM-FIG-3', remaining: '-50.27' },
      { ...memo, documentNumber: 'SCM-FIG-4', amount: '41.88', vat: '8.38', total: '50.26', remaining: '50.26' },
      { ...memo, documentNumber: 'SCM-FIG-5', remaining: '0' },
    ]);
    expect(results.map((r) => r.status)).toEqual(['failed', 'failed', 'failed', 'created']);
    expect(results[0]?.errors).toEqual([
      { pointer: '/items/0/amount', detail: INTEGRATION_MSG.document.linesSum('-41.88', '-41.87') },
    ]);
    expect(results[1]?.errors).toEqual([
      { pointer: '/items/1/remaining', detail: INTEGRATION_MSG.document.remainingAboveTotal('-50.27', '-50.26') },
    ]);
    expect(results[2]?.errors).toContainEqual({
      pointer: '/items/2/amount',
      detail: INTEGRATION_MSG.document.positiveOnCreditMemo('41.88'),
    });
    expect(results[2]?.errors).toContainEqual({
      pointer: '/items/2/amount',
      detail: INTEGRATION_MSG.document.linesSum('-41.88', '41.88'),
    });
  });

  it('documents the rule on the item in the OpenAPI', async () => {
    // The OpenAPI document is @fastify/swagger's, not a route of the contract.
    // eslint-disable-next-line no-restricted-syntax
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, { put?: unknown }> };
    const put = JSON.stringify(doc.paths[openApiPath(integrationRoutes.upsertInvoices)]?.put);
    expect(put).toContain("the lines' totals (carriage a line like any other) add up to amount");
    expect(put).toContain('remaining is between 0 and total');
  });

  it('atomic=true: one inconsistent document refuses the request (422 with its pointer), nothing written', async () => {
    const res = await push(
      [
        { ...invoice, documentNumber: 'SI-FIG-9' },
        { ...invoice, documentNumber: 'SI-FIG-10', amount: '93.70', total: '112.44', remaining: '112.44' },
      ],
      true,
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const p = problemDetails.parse(res.json());
    expect(p.detail).toBe(INTEGRATION_MSG.atomicRefused(1));
    expect(p.errors).toEqual([
      { pointer: '/items/1/amount', detail: INTEGRATION_MSG.document.linesSum('93.71', '93.70') },
    ]);
    expect(await stored('SI-FIG-9')).toBeUndefined();
  });
});
