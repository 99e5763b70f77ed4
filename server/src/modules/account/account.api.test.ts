import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MSG, invoice as invoiceSchema, invoiceList, pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, rawPathOf, testApp } from '../../test/app.js';
import { hasPdftotext, isPdf, labelledValues, pdfText, pdftotextLayout } from '../../test/pdf-text.js';
import { insertInvoice, insertStatement } from './account.test-fixtures.js';
import { nowIso } from '../../lib/time.js';
import { SETTING_DEFAULTS, settingsService } from '../site/settings.service.js';
import { siteRepository } from '../site/site.repository.js';

describe.each(testEngines())('account API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  let accountId: number;
  let otherAccountId: number;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const db = handle.db;
    accountId = await insertAccount(db, { name: 'Alpha Blinds Ltd', customer_number: 'A100', balance_minor: 60_000 });
    otherAccountId = await insertAccount(db, {
      name: 'Beta Curtains Ltd',
      customer_number: 'B200',
      currency_code: 'EUR',
    });
    const alphaUserId = await insertUser(db, accountId, 'alpha');
    await insertUser(db, otherAccountId, 'beta');

    await db
      .insertInto('orders')
      .values({
        order_number: 'SO-9001',
        account_id: accountId,
        user_id: null,
        reference: 'PO-ALPHA',
        status: 'Shipped',
        location: 'MAIN1',
        ordered_date: '2026-01-05',
        despatch_date: '2026-01-08',
        currency_code: 'GBP',
        amount_minor: 12_345,
        vat_minor: 2_469,
        total_minor: 14_814,
        address_reference: 'INVOICE',
        delivery_name: '',
        delivery_address1: '',
        delivery_address2: '',
        delivery_city: '',
        delivery_county: '',
        delivery_country: '',
        delivery_contact: '',
        delivery_postcode: '',
        delivery_phone: '',
        source_basket_id: null,
        source_revision: null,
        payment_id: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();

    // Alpha: two open invoices, one part paid, one settled, one credit note; Beta: one open invoice.
    await insertInvoice(db, accountId, {
      documentNumber: 'SI-A1',
      orderNumber: 'SO-9001',
      reference: 'PO-ALPHA',
      postingDate: '2026-01-10',
      dueDate: '2026-02-10',
      amountMinor: 12_345,
      vatMinor: 2_469,
      lines: [
        {
          itemNo: 'RB-001',
          description: 'Roller blind white',
          quantity: 3,
          unitPriceE5: 3_000_000,
          discountBp: 1250,
          totalMinor: 7_875,
        },
        { itemNo: 'CARRIAGE', description: 'Carriage', quantity: 1, unitPriceE5: 4_470_000, totalMinor: 4_470 },
      ],
    });
    await insertInvoice(db, accountId, {
      documentNumber: 'SI-A2',
      postingDate: '2026-02-01',
      dueDate: '2099-03-01',
      amountMinor: 20_000,
      vatMinor: 4_000,
      remainingMinor: 10_000,
    });
    await insertInvoice(db, accountId, {
      documentNumber: 'SI-A3',
      postingDate: '2025-12-01',
      dueDate: '2026-01-01',
      amountMinor: 5_000,
      vatMinor: 1_000,
      remainingMinor: 0,
    });
    await insertInvoice(db, accountId, {
      documentNumber: 'CN-A4',
      documentType: 'Credit Memo',
      postingDate: '2026-02-03',
      dueDate: '2026-02-03',
      amountMinor: -1_000,
      vatMinor: -200,
      lines: [],
    });
    await insertInvoice(db, otherAccountId, {
      documentNumber: 'SI-B1',
      currency: 'EUR',
      amountMinor: 99_900,
      vatMinor: 0,
    });

    // An online payment received in February (and one still pending, which no statement shows).
    for (const [id, status, completed] of [
      ['7d3f1c52-0000-4000-8000-000000000001', 'approved', '2026-02-15T10:00:00.000Z'],
      ['7d3f1c52-0000-4000-8000-000000000002', 'pending', null],
    ] as const) {
      await db
        .insertInto('payments')
        .values({
          id,
          account_id: accountId,
          user_id: alphaUserId,
          purpose: 'invoices',
          status,
          amount_minor: 10_000,
          currency_code: 'GBP',
          reference: `REMIT-${status}`,
          description: '',
          payload: '{}',
          card_last4: '4242',
          created_at: '2026-02-15T09:59:00.000Z',
          completed_at: completed,
        })
        .execute();
    }

    await insertStatement(db, accountId, {
      name: 'Statement January 2026',
      filename: 'A100-2026-01',
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
    });
    await insertStatement(db, accountId, {
      name: 'Statement February 2026',
      filename: 'A100-2026-02',
      periodStart: '2026-02-01',
      periodEnd: '2026-02-28',
    });
    await insertStatement(db, otherAccountId, {
      name: 'Statement January 2026',
      filename: 'B200-2026-01',
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
    });

    token = (await login(app, 'alpha')).accessToken;
    otherToken = (await login(app, 'beta')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('lists the open documents with every invoice field, their lines and the total remaining', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getInvoices), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = invoiceList.parse(res.json());
    // Settled SI-A3 is left out; oldest due first.
    expect(body.invoices.map((i) => i.documentNumber)).toEqual(['CN-A4', 'SI-A1', 'SI-A2']);
    // 148.14 + 100.00 - 12.00
    expect(body.totalRemainingAmount).toBe(236.14);
    const a1 = body.invoices.find((i) => i.documentNumber === 'SI-A1');
    expect(a1).toEqual({
      documentNumber: 'SI-A1',
      documentType: 'Invoice',
      postingDate: '10/01/26',
      dueDate: '10/02/26',
      reference: 'PO-ALPHA',
      description: 'Invoice SI-A1',
      originalAmount: 148.14,
      remainingAmount: 148.14,
      totalInvoiceAmount: 148.14,
      orderNumber: 'SO-9001',
      amount: 123.45,
      vatAmount: 24.69,
      orderedDate: '05/01/26',
      despatchDate: '08/01/26',
      isOverdue: true,
      isPayable: true,
      invoiceDetails: [
        {
          type: 'Item',
          itemNo: 'RB-001',
          description: 'Roller blind white',
          quantity: 3,
          quantityShipped: 3,
          location: 'MAIN1',
          unit: 'EACH',
          unitPrice: 30,
          lineDiscount: 12.5,
          total: 78.75,
        },
        {
          type: 'Item',
          itemNo: 'CARRIAGE',
          description: 'Carriage',
          quantity: 1,
          quantityShipped: 1,
          location: 'MAIN1',
          unit: 'EACH',
          unitPrice: 44.7,
          lineDiscount: 0,
          total: 44.7,
        },
      ],
    });
    const a2 = body.invoices.find((i) => i.documentNumber === 'SI-A2');
    expect(a2).toMatchObject({
      remainingAmount: 100,
      originalAmount: 240,
      isOverdue: false,
      isPayable: true,
      orderedDate: null,
    });
    const credit = body.invoices.find((i) => i.documentNumber === 'CN-A4');
    expect(credit).toMatchObject({ remainingAmount: -12, isPayable: false, isOverdue: false, invoiceDetails: [] });
  });

  it('shows each account only its own invoices', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getInvoices), headers: bearer(otherToken) });
    const body = invoiceList.parse(res.json());
    expect(body.invoices.map((i) => i.documentNumber)).toEqual(['SI-B1']);
    expect(body.totalRemainingAmount).toBe(999);
  });

  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getInvoices) });
    expect(res.statusCode).toBe(401);
  });

  it("returns one invoice, settled ones too, and 404 for another account's", async () => {
    const settled = await app.inject({
      method: 'GET',
      url: pathOf(routes.getInvoice, { documentNumber: 'SI-A3' }),
      headers: bearer(token),
    });
    expect(settled.statusCode).toBe(200);
    expect(invoiceSchema.parse(settled.json())).toMatchObject({
      documentNumber: 'SI-A3',
      remainingAmount: 0,
      isPayable: false,
    });
    const foreign = await app.inject({
      method: 'GET',
      url: pathOf(routes.getInvoice, { documentNumber: 'SI-B1' }),
      headers: bearer(token),
    });
    const missing = await app.inject({
      method: 'GET',
      url: pathOf(routes.getInvoice, { documentNumber: 'SI-NOPE' }),
      headers: bearer(token),
    });
    const nul = await app.inject({
      method: 'GET',
      url: pathOf(routes.getInvoice, { documentNumber: 'SI-A1\u0000' }), // sent as SI-A1%00
      headers: bearer(token),
    });
    expect(nul.statusCode).toBe(400); // NUL is refused for every route (plugins/input-guard.ts)
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  describe('invoice summary PDF', () => {
    it('renders the invoice the caller owns from the database, whatever the payload claims', async () => {
      const res = await app.inject({
        method: 'POST',
        url: pathOf(routes.downloadInvoiceStatement),
        headers: bearer(token),
        // The web posts the invoice merged with the user; only documentNumber counts.
        payload: { documentNumber: 'SI-A1', totalInvoiceAmount: 0.01, name: 'Somebody Else Ltd', remainingAmount: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      // Named after the invoice, so that several downloads can be told apart.
      expect(res.headers['content-disposition']).toBe('attachment; filename="SI-A1.pdf"');
      const pdf = res.rawPayload;
      expect(isPdf(pdf)).toBe(true);
      const text = pdfText(pdf);
      expect(text).toContain('VAT Invoice');
      expect(text).not.toContain('Order Summary');
      expect(text).toContain('Alpha Blinds Ltd');
      expect(text).toContain('SI-A1');
      expect(text).toContain('SO-9001');
      expect(text).toContain('Roller blind white');
      expect(text).toContain('£148.14');
      expect(text).toContain('£24.69');
      expect(text).not.toContain('Somebody Else');
      expect(text).not.toContain('£0.01');
    });

    const poppler = hasPdftotext();
    if (!poppler) console.warn("SKIPPED: poppler's pdftotext is not installed (apt-get install poppler-utils)");
    it.skipIf(!poppler)(
      'names the totals under the lines as View Transaction does: before VAT, VAT, with VAT (read by pdftotext)',
      async () => {
        const res = await app.inject({
          method: 'POST',
          url: pathOf(routes.downloadInvoiceStatement),
          headers: bearer(token),
          payload: { documentNumber: 'SI-A1' },
        });
        expect(res.statusCode).toBe(200);
        const layout = pdftotextLayout(res.rawPayload)!;
        // A VAT invoice gives the rate and the VAT at it (one rate per invoice here).
        expect(labelledValues(layout, ['Items', MSG.totalExclVat, 'VAT at 20% on £123.45', MSG.totalInclVat])).toEqual({
          Items: '2',
          [MSG.totalExclVat]: '£123.45',
          'VAT at 20% on £123.45': '£24.69',
          [MSG.totalInclVat]: '£148.14',
        });
        // The summary fields carry the same figures, as the screen's summary block does.
        expect(labelledValues(layout, ['Amount', 'Invoice Total'])).toEqual({
          Amount: '£123.45',
          'Invoice Total': '£148.14',
        });
        // What UK and Irish VAT law asks of an invoice: the title, the supplier's VAT number, the
        // invoice number and date and the time of supply.
        expect(layout).toMatch(/Harbour Home Trade\s+VAT Invoice\s*$/m);
        expect(layout).toContain(`VAT Reg No ${SETTING_DEFAULTS['company.vatNumber']}`);
        expect(layout).toMatch(/Invoice No\s+SI-A1/);
        expect(layout).toMatch(/Invoice Date\s+10\/01\/26/);
        expect(layout).toMatch(/Tax Point\s+\d\d\/\d\d\/\d\d/);
      },
    );

    it.skipIf(!poppler)('prints the VAT number the operator sets, and none when it is cleared', async () => {
      const settings = settingsService(siteRepository(handle.db));
      const download = async () =>
        pdftotextLayout(
          (
            await app.inject({
              method: 'POST',
              url: pathOf(routes.downloadInvoiceStatement),
              headers: bearer(token),
              payload: { documentNumber: 'SI-A1' },
            })
          ).rawPayload,
        )!;
      await settings.set('company.vatNumber', 'IE 9876543W');
      expect(await download()).toContain('VAT Reg No IE 9876543W');
      await settings.set('company.vatNumber', '');
      expect(await download()).not.toContain('VAT Reg No');
      await settings.set('company.vatNumber', SETTING_DEFAULTS['company.vatNumber']);
    });

    it("answers 404 for another account's invoice and 400 without a document number", async () => {
      const foreign = await app.inject({
        method: 'POST',
        url: pathOf(routes.downloadInvoiceStatement),
        headers: bearer(token),
        payload: { documentNumber: 'SI-B1' },
      });
      expect(foreign.statusCode).toBe(404);
      const bad = await app.inject({
        method: 'POST',
        url: pathOf(routes.downloadInvoiceStatement),
        headers: bearer(token),
        payload: { orderNumber: 'x' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('statements', () => {
    it('lists the statements on the user', async () => {
      const me = await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(token) });
      expect(me.json().statements).toEqual([
        { name: 'Statement February 2026', filename: 'A100-2026-02' },
        { name: 'Statement January 2026', filename: 'A100-2026-01' },
      ]);
    });

    it("renders a statement with opening balance, the period's documents and closing balance", async () => {
      const res = await app.inject({
        method: 'GET',
        url: pathOf(routes.downloadStatement, { filename: 'A100-2026-02' }),
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="A100-2026-02.pdf"');
      expect(isPdf(res.rawPayload)).toBe(true);
      const text = pdfText(res.rawPayload);
      expect(text).toContain('Statement February 2026');
      expect(text).toContain('01/02/26 - 28/02/26');
      expect(text).toContain('Alpha Blinds Ltd');
      // Opening: SI-A3 60.00 (posted in December, settled outside the portal by its due date
      // 01/01/26) and SI-A1 148.14 from January.
      expect(text).toMatch(/Opening Balance\n£148\.14/);
      // February: SI-A2 240.00, credit CN-A4 -12.00 and the online payment of 100.00 on 15/02/26;
      // the pending payment is not shown, nor SI-A2's part settlement (dated after the period).
      expect(text).toContain('SI-A2');
      expect(text).toContain('CN-A4');
      expect(text).not.toContain('SI-A1');
      expect(text).toContain('REMIT-approved');
      expect(text).toContain('15/02/26');
      expect(text).not.toContain('REMIT-pending');
      // Closing: 148.14 + 240.00 - 12.00 - 100.00
      expect(text).toMatch(/Closing Balance\n£276\.14/);

      const january = pdfText(
        (
          await app.inject({
            method: 'GET',
            url: pathOf(routes.downloadStatement, { filename: 'A100-2026-01' }),
            headers: bearer(token),
          })
        ).rawPayload,
      );
      expect(january).toMatch(/Opening Balance\n£60\.00/);
      expect(january).toContain('SI-A3');
      expect(january).toContain('01/01/26');
      expect(january).toContain('SI-A1');
      expect(january).toMatch(/Closing Balance\n£148\.14/);
      expect(january).not.toContain('REMIT-approved');
      const withSuffix = await app.inject({
        method: 'GET',
        url: pathOf(routes.downloadStatement, { filename: 'A100-2026-02.pdf' }),
        headers: bearer(token),
      });
      expect(withSuffix.statusCode).toBe(200);
    });

    it("answers 404 for another account's statement, unknown names and path tricks", async () => {
      // Sent as written (rawPathOf): the encoded dots, slashes and NULs are the point.
      const tricks = [
        'B200-2026-01',
        'nope',
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '..%2FB200-2026-01',
        '%2E%2E',
        'A100-2026-02%0A',
        'A100-2026-02%2F..%2F..%2Fsecrets.json',
        '..%5C..%5Csecrets.json',
      ];
      for (const name of tricks) {
        const res = await app.inject({
          method: 'GET',
          url: rawPathOf(routes.downloadStatement, { filename: name }),
          headers: bearer(token),
        });
        expect(res.statusCode, name).toBe(404);
        expect(res.headers['content-type'], name).toContain('application/json');
      }
      for (const name of ['A100-2026-02%00', '%00']) {
        const res = await app.inject({
          method: 'GET',
          url: rawPathOf(routes.downloadStatement, { filename: name }),
          headers: bearer(token),
        });
        expect(res.statusCode, name).toBe(400);
        expect(res.headers['content-type'], name).toContain('application/json');
      }
      const traversal = await app.inject({
        method: 'GET',
        url: rawPathOf(routes.downloadStatement, { filename: '../../../etc/passwd' }),
        headers: bearer(token),
      });
      expect(traversal.statusCode).toBe(404);
      expect(traversal.body).not.toContain('root:');
      const noSession = await app.inject({
        method: 'GET',
        url: pathOf(routes.downloadStatement, { filename: 'A100-2026-01' }),
      });
      expect(noSession.statusCode).toBe(401);
    });
  });
});
