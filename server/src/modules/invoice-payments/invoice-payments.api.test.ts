import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { invoiceList, type InvoicePaymentRequest, SERVER_MSG, pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp, testConfig } from '../../test/app.js';
import { PAYMENT_IN_PROGRESS, signCallback } from '../payments/sandbox.js';
import { insertInvoice, insertStatement } from '../account/account.test-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { todayIso } from '../../lib/time.js';

const APPROVING = '4242 4242 4242 4242';
const DECLINING = '4000 0000 0000 0002';

function payload(
  docs: { documentNo: string; remainingAmount: string }[],
  overrides: Partial<InvoicePaymentRequest> = {},
) {
  return {
    amount: 1,
    account_code: 'A100',
    currency: 'GBP',
    description: '',
    reference: 'REMIT-1',
    billing_address: {
      first_name: 'Pat',
      last_name: 'Tester',
      line_1: '1 Test Street',
      city: 'Bristol',
      post_code: 'BS1 1AA',
      country: 'United Kingdom (Mainland)',
      county: 'Avon',
      phone: '0117',
    },
    meta: docs.map((d) => ({ ...d, paymentMethod: 'PAY ONLINE' })),
    ...overrides,
  };
}

describe.each(testEngines())('invoice payments on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let token: string;
  let accountId: number;
  let otherAccountId: number;
  const secret = testConfig().paymentSecret;

  const remaining = async (documentNumber: string) =>
    Number(
      (
        await handle.db
          .selectFrom('invoices')
          .select('remaining_minor')
          .where('document_number', '=', documentNumber)
          .executeTakeFirstOrThrow()
      ).remaining_minor,
    );
  const balance = async (id: number) =>
    Number(
      (await handle.db.selectFrom('accounts').select('balance_minor').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_minor,
    );
  const paymentCount = async () =>
    Number(
      (
        await handle.db
          .selectFrom('payments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function request(body: unknown, tok = token) {
    return app.inject({
      method: 'POST',
      url: pathOf(routes.requestInvoicePayment),
      headers: bearer(tok),
      payload: body as object,
    });
  }

  /** Pays on the sandbox's hosted page the way a browser does; answers the redirect. */
  async function payOnHostedPage(checkoutUrl: string, card: string) {
    const path = new URL(checkoutUrl).pathname;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    return app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: card, expiry: '12/39', cvc: '123', name: 'Pat Tester' }).toString(),
    });
  }

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    otherAccountId = await insertAccount(handle.db, { customer_number: 'B200', balance_minor: 99_900 });
    await insertUser(handle.db, otherAccountId, 'pay-beta');
    await insertInvoice(handle.db, otherAccountId, { documentNumber: 'PB-1', amountMinor: 99_900, vatMinor: 0 });
  });
  beforeEach(async () => {
    // A fresh account per test: its invoices, balance and payments start known.
    accountId = await insertAccount(handle.db, { balance_minor: 50_000 });
    const username = `pay-${accountId}`;
    await insertUser(handle.db, accountId, username);
    await insertInvoice(handle.db, accountId, {
      documentNumber: `P${accountId}-1`,
      amountMinor: 10_000,
      vatMinor: 2_000,
    });
    await insertInvoice(handle.db, accountId, {
      documentNumber: `P${accountId}-2`,
      amountMinor: 20_000,
      vatMinor: 4_000,
      remainingMinor: 14_000,
    });
    await insertInvoice(handle.db, accountId, {
      documentNumber: `P${accountId}-3`,
      amountMinor: 5_000,
      vatMinor: 1_000,
    });
    await insertInvoice(handle.db, accountId, {
      documentNumber: `P${accountId}-PAID`,
      amountMinor: 5_000,
      vatMinor: 1_000,
      remainingMinor: 0,
    });
    token = (await login(app, username)).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('pays two invoices through the sandbox: remaining amounts and balance fall once, however often the callback comes', async () => {
    const a = `P${accountId}-1`;
    const b = `P${accountId}-2`;
    const res = await request(
      payload([
        { documentNo: a, remainingAmount: '120.00' },
        { documentNo: b, remainingAmount: '140.00' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().payment_Checkout_Url;
    expect(url).toMatch(/^http:\/\/portal\.test\/pay\/[0-9a-f-]{36}$/);
    const paymentId = url.split('/').pop()!;
    const payment = await handle.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      purpose: 'invoices',
      status: 'pending',
      account_id: accountId,
      currency_code: 'GBP',
      reference: 'REMIT-1',
    });
    expect(Number(payment.amount_minor)).toBe(26_000);

    // Nothing changes before the gateway confirms; the return URL alone marks nothing paid.
    expect(await remaining(a)).toBe(12_000);
    const byHand = await app.inject({ method: 'GET', url: '/account?confirminvoice=success' });
    expect(byHand.statusCode).toBe(404);
    expect(await remaining(a)).toBe(12_000);

    const paid = await payOnHostedPage(url, APPROVING);
    expect(paid.statusCode).toBe(303);
    // Two invoices: the result dialog says so (invoices=2).
    expect(paid.headers.location).toBe('/account?confirminvoice=success&invoices=2');
    expect(await remaining(a)).toBe(0);
    expect(await remaining(b)).toBe(0);
    expect(await balance(accountId)).toBe(50_000 - 26_000);

    // Replayed callbacks (and a second visit to the page) change nothing.
    for (let i = 0; i < 3; i++) {
      const replay = await app.inject({
        method: 'POST',
        url: pathOf(routes.receivePaymentCallback),
        payload: signCallback(secret, paymentId, 'approved'),
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toMatchObject({ status: 'approved', changed: false });
    }
    const late = await app.inject({
      method: 'POST',
      url: pathOf(routes.receivePaymentCallback),
      payload: signCallback(secret, paymentId, 'declined'),
    });
    expect(late.json()).toMatchObject({ status: 'approved', changed: false });
    const again = await payOnHostedPage(url, APPROVING);
    expect(again.statusCode).toBe(200);
    expect(await balance(accountId)).toBe(24_000);
    expect(await remaining(a)).toBe(0);

    // The list no longer shows them; the third invoice remains.
    const list = invoiceList.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getInvoices), headers: bearer(token) })).json(),
    );
    expect(list.invoices.map((i) => i.documentNumber)).toEqual([`P${accountId}-3`]);
    expect(list.totalRemainingAmount).toBe(60);
    const me = await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(token) });
    expect(me.json().balance).toBe(240);

    // A statement to the end of this month shows the online payment and closes at what is still owed.
    const today = todayIso();
    const monthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    await insertStatement(handle.db, accountId, {
      name: 'Statement this month',
      filename: `S${accountId}`,
      periodStart: '2026-01-01',
      periodEnd: monthEnd,
    });
    const statement = await app.inject({
      method: 'GET',
      url: pathOf(routes.downloadStatement, { filename: `S${accountId}` }),
      headers: bearer(token),
    });
    const text = pdfText(statement.rawPayload);
    expect(text).toContain('Online payment');
    expect(text).toContain('REMIT-1');
    expect(text).toContain('£260.00');
    // 60.00 left on P-3; P-2's earlier part payment outside the portal is shown too.
    expect(text).toMatch(/Closing Balance\n£60\.00/);
  });

  it('describes the payment on the hosted page by its invoice numbers, not the notes', async () => {
    const a = `P${accountId}-1`;
    const b = `P${accountId}-3`;
    const res = await request(
      payload(
        [
          { documentNo: a, remainingAmount: '120.00' },
          { documentNo: b, remainingAmount: '60.00' },
        ],
        { description: 'Paid by Pat, see remittance' },
      ),
    );
    expect(res.statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: new URL(res.json().payment_Checkout_Url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<dt>Description</dt><dd>Payment of ${a}, ${b}</dd>`);
    expect(page.body).not.toContain('Paid by Pat');
  });

  it('a declined card changes nothing and returns to the failure dialog, saying declined', async () => {
    const a = `P${accountId}-1`;
    const res = await request(payload([{ documentNo: a, remainingAmount: '120.00' }]));
    const url: string = res.json().payment_Checkout_Url;
    const page = await app.inject({ method: 'GET', url: new URL(url).pathname });
    // Cancel and return says cancelled, not declined.
    expect(page.body).toContain('href="/account?confirminvoice=failure&amp;payment=cancelled"');
    const declined = await payOnHostedPage(url, DECLINING);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe('/account?confirminvoice=failure&payment=declined');
    expect(await remaining(a)).toBe(12_000);
    expect(await balance(accountId)).toBe(50_000);
    const paymentId = url.split('/').pop()!;
    const replay = await app.inject({
      method: 'POST',
      url: pathOf(routes.receivePaymentCallback),
      payload: signCallback(secret, paymentId, 'approved'),
    });
    expect(replay.json()).toMatchObject({ status: 'declined', changed: false });
    expect(await remaining(a)).toBe(12_000);
  });

  it('a forged callback changes nothing', async () => {
    const a = `P${accountId}-1`;
    const url: string = (await request(payload([{ documentNo: a, remainingAmount: '120.00' }]))).json()
      .payment_Checkout_Url;
    const paymentId = url.split('/').pop()!;
    const forged = await app.inject({
      method: 'POST',
      url: pathOf(routes.receivePaymentCallback),
      payload: signCallback('not-the-secret-not-the-secret-not-the', paymentId, 'approved'),
    });
    expect(forged.statusCode).toBe(401);
    expect(await remaining(a)).toBe(12_000);
    expect(await balance(accountId)).toBe(50_000);
  });

  it('takes the amounts from the database: a lower amount in the payload changes nothing', async () => {
    const a = `P${accountId}-1`;
    const res = await request(payload([{ documentNo: a, remainingAmount: '0.01' }], { amount: 0.01 }));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().payment_Checkout_Url;
    const payment = await handle.db
      .selectFrom('payments')
      .select(['amount_minor'])
      .where('id', '=', url.split('/').pop()!)
      .executeTakeFirstOrThrow();
    expect(Number(payment.amount_minor)).toBe(12_000);
    const rows = await handle.db
      .selectFrom('payment_invoices')
      .select(['amount_minor'])
      .where('payment_id', '=', url.split('/').pop()!)
      .execute();
    expect(rows.map((r) => Number(r.amount_minor))).toEqual([12_000]);
    // The hosted page asks for the real amount.
    const page = await app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.body).toContain('120.00');
    expect(page.body).not.toContain('0.01');
  });

  it("refuses another account's invoice like an unknown one, and creates no payment", async () => {
    const before = await paymentCount();
    const foreign = await request(
      payload([
        { documentNo: `P${accountId}-1`, remainingAmount: '120.00' },
        { documentNo: 'PB-1', remainingAmount: '999.00' },
      ]),
    );
    expect(foreign.statusCode).toBe(404);
    const unknown = await request(payload([{ documentNo: 'NOPE-1', remainingAmount: '1.00' }]));
    expect(unknown.statusCode).toBe(404);
    const nul = await request(payload([{ documentNo: 'PB-1\u0000', remainingAmount: '1.00' }]));
    expect(nul.statusCode).toBe(400); // NUL is refused for every route (plugins/input-guard.ts)
    expect(await paymentCount()).toBe(before);
    expect(await remaining('PB-1')).toBe(99_900);
    expect(await balance(otherAccountId)).toBe(99_900);
  });

  it('refuses a settled invoice, and pays an invoice named twice only once', async () => {
    const settled = await request(payload([{ documentNo: `P${accountId}-PAID`, remainingAmount: '60.00' }]));
    expect(settled.statusCode).toBe(409);
    const twice = await request(
      payload([
        { documentNo: `P${accountId}-3`, remainingAmount: '60.00' },
        { documentNo: `P${accountId}-3`, remainingAmount: '60.00' },
      ]),
    );
    expect(twice.statusCode).toBe(200);
    const url: string = twice.json().payment_Checkout_Url;
    const payment = await handle.db
      .selectFrom('payments')
      .select(['amount_minor'])
      .where('id', '=', url.split('/').pop()!)
      .executeTakeFirstOrThrow();
    expect(Number(payment.amount_minor)).toBe(6_000);
    await payOnHostedPage(url, APPROVING);
    expect(await remaining(`P${accountId}-3`)).toBe(0);
    expect(await balance(accountId)).toBe(44_000);
  });

  it("checks the spec's rules: method 'PAY ONLINE', reference required, at least one invoice, a session", async () => {
    const a = `P${accountId}-1`;
    const wrongMethod = await request({
      ...payload([{ documentNo: a, remainingAmount: '120.00' }]),
      meta: [{ documentNo: a, remainingAmount: '120.00', paymentMethod: 'CHEQUE' }],
    });
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json().message).toContain("Method must be 'PAY ONLINE'");
    const noReference = await request(payload([{ documentNo: a, remainingAmount: '120.00' }], { reference: '  ' }));
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().message).toBe('reference: Required');
    const none = await request(payload([]));
    expect(none.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: pathOf(routes.requestInvoicePayment),
      payload: payload([{ documentNo: a, remainingAmount: '1' }]),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await remaining(a)).toBe(12_000);
  });

  it('a second payment request for an invoice replaces the first link: the invoice is charged once', async () => {
    const a = `P${accountId}-1`;
    const first: string = (await request(payload([{ documentNo: a, remainingAmount: '120.00' }]))).json()
      .payment_Checkout_Url;
    const second: string = (await request(payload([{ documentNo: a, remainingAmount: '120.00' }]))).json()
      .payment_Checkout_Url;
    expect(second).not.toBe(first);
    // The first link (another tab) takes no card any more.
    const stale = await payOnHostedPage(first, APPROVING);
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain(SERVER_MSG.paymentLinkReplaced);
    expect((await payOnHostedPage(second, APPROVING)).statusCode).toBe(303);
    expect(await remaining(a)).toBe(0);
    expect(await balance(accountId)).toBe(50_000 - 12_000);
    const statuses = await handle.db
      .selectFrom('payments')
      .select('status')
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['approved', 'cancelled']);
  });

  it('refuses a new payment while one for the same invoice is being charged, and after it was paid', async () => {
    const a = `P${accountId}-2`;
    const url: string = (await request(payload([{ documentNo: a, remainingAmount: '140.00' }]))).json()
      .payment_Checkout_Url;
    const id = url.split('/').pop()!;
    // The gateway has the card (a real gateway answers later).
    await handle.db.updateTable('payments').set({ card_last4: '4242' }).where('id', '=', id).execute();
    const inFlight = await request(payload([{ documentNo: a, remainingAmount: '140.00' }]));
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().message).toBe(PAYMENT_IN_PROGRESS);
    expect((await payOnHostedPage(url, APPROVING)).statusCode).toBe(303);
    const after = await request(payload([{ documentNo: a, remainingAmount: '140.00' }]));
    expect(after.statusCode).toBe(409);
    expect(await remaining(a)).toBe(0);
  });

  it('refuses the card when the invoice was paid after the link was made', async () => {
    const a = `P${accountId}-3`;
    const url: string = (await request(payload([{ documentNo: a, remainingAmount: '60.00' }]))).json()
      .payment_Checkout_Url;
    // Paid meanwhile by another route (a bank transfer posted by the supplier).
    await handle.db.updateTable('invoices').set({ remaining_minor: 0 }).where('document_number', '=', a).execute();
    const res = await payOnHostedPage(url, APPROVING);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(`invoice ${a} has been paid since this payment was started.`);
    expect(await balance(accountId)).toBe(50_000);
    const p = await handle.db
      .selectFrom('payments')
      .select(['status', 'card_last4'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(p).toEqual({ status: 'cancelled', card_last4: null });
  });

  it('expires a payment link after PAYMENT_LINK_TTL_MINUTES: the page takes no card', async () => {
    const a = `P${accountId}-1`;
    const url: string = (await request(payload([{ documentNo: a, remainingAmount: '120.00' }]))).json()
      .payment_Checkout_Url;
    const path = new URL(url).pathname;
    const id = path.split('/').pop()!;
    const created = await handle.db
      .selectFrom('payments')
      .select(['created_at', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(created.expires_at!) - Date.parse(created.created_at)).toBe(30 * 60_000);
    await handle.db
      .updateTable('payments')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(SERVER_MSG.paymentLinkExpired);
    const post = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: APPROVING, expiry: '12/39', cvc: '123', name: 'Pat' }).toString(),
    });
    expect(post.statusCode).toBe(410);
    expect(await remaining(a)).toBe(12_000);
    // An expired link does not block a new one.
    expect((await request(payload([{ documentNo: a, remainingAmount: '120.00' }]))).statusCode).toBe(200);
  });
});
