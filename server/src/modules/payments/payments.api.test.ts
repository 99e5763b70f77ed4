import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { basket as basketSchema, basketSummary, MSG, SERVER_MSG, pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp, testConfig } from '../../test/app.js';
import type { AppContext } from '../../context.js';
import { paymentBody } from '../checkout/checkout.test-helpers.js';
import { CALLBACK_MAX_AGE_SECONDS, signCallback, verifyCallback } from './sandbox.js';
import { createPayment } from '../../test/payments.js';
import { checkCard, expiryProblem, luhnValid } from './sandbox-card.js';

const SECRET = testConfig().paymentSecret;
const APPROVE = '4242 4242 4242 4242';
const DECLINE = '4000 0000 0000 0002';

describe('sandbox card checks', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it('checks Luhn and expiry', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(expiryProblem('03/26', now)).toBeUndefined(); // valid through March
    expect(expiryProblem('02/26', now)).toBe(SERVER_MSG.card.expired);
    expect(expiryProblem('13/30', now)).toBe(SERVER_MSG.card.expiryFormat);
    expect(expiryProblem('1230', now)).toBeUndefined();
  });
  it('approves and declines with the test cards only', () => {
    const base = { expiry: '12/30', cvc: '123', name: 'Pat Tester' };
    expect(checkCard({ ...base, cardNumber: APPROVE }, now)).toEqual({ ok: true, outcome: 'approved', last4: '4242' });
    expect(checkCard({ ...base, cardNumber: DECLINE }, now)).toEqual({ ok: true, outcome: 'declined', last4: '0002' });
    const other = checkCard({ ...base, cardNumber: '5555 5555 5555 4444' }, now);
    expect(other.ok).toBe(false);
    expect(checkCard({ ...base, cardNumber: '4242 4242 4242 4241', cvc: '1', name: '' }, now)).toEqual({
      ok: false,
      errors: {
        cardNumber: SERVER_MSG.card.numberInvalid,
        cvc: SERVER_MSG.card.cvc,
        name: SERVER_MSG.card.nameMissing,
      },
    });
  });
  it('signs callbacks and refuses forged or stale ones', () => {
    const id = '0b8f6a7e-4a3c-4d5e-9f00-1234567890ab';
    const cb = signCallback(SECRET, id, 'approved', 1_700_000_000);
    expect(verifyCallback(SECRET, cb, 1_700_000_010)).toBe(true);
    expect(verifyCallback(SECRET, { ...cb, outcome: 'declined' }, 1_700_000_010)).toBe(false);
    expect(verifyCallback('another-secret-another-secret-another-1', cb, 1_700_000_010)).toBe(false);
    expect(verifyCallback(SECRET, cb, 1_700_000_000 + CALLBACK_MAX_AGE_SECONDS + 1)).toBe(false);
    expect(verifyCallback(SECRET, { ...cb, signature: 'zz' }, 1_700_000_010)).toBe(false);
  });
});

describe.each(testEngines())('payments on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let pat: string; // proforma, GBP
  let patAccount: number;
  let patUser: number;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    await insertProduct(handle.db, { itemNumber: 'RB-1', gbpE5: 1_000_000 });
  });
  // Each case pays as a proforma account of its own, so its basket, payments and orders start empty.
  let pats = 0;
  beforeEach(async () => {
    patAccount = await insertAccount(handle.db, { is_proforma: 1, name: 'Pat Proforma Ltd' });
    patUser = await insertUser(handle.db, patAccount, `pat${++pats}`);
    pat = (await login(app, `pat${pats}`)).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const summary = async () =>
    basketSummary.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasketAmount), headers: bearer(pat) })).json(),
    );
  const basket = async () =>
    basketSchema.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasket), headers: bearer(pat) })).json(),
    );
  const payment = (id: string) =>
    handle.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ordersOfPat = () => handle.db.selectFrom('orders').selectAll().where('account_id', '=', patAccount).execute();
  const pay = (id: string, card: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: pathOf(routes.payByCard, { id }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ expiry: '12/39', cvc: '123', name: 'Pat Tester', ...card }).toString(),
    });

  /** Fills the basket, stores a header and starts a payment; answers the payment id. */
  async function startPayment(quantity = 2, tok = pat): Promise<string> {
    const res = await requestPayment(quantity, tok);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const url = (res.json() as { payment_Checkout_Url: string }).payment_Checkout_Url;
    expect(url).toMatch(/^http:\/\/portal\.test\/pay\/[0-9a-f-]{36}$/);
    return url.split('/').pop()!;
  }

  /** The same steps, answering the payment request's response (quantity 0 adds nothing). */
  async function requestPayment(quantity: number, tok = pat) {
    const summaryOf = async () =>
      basketSummary.parse(
        (await app.inject({ method: 'GET', url: pathOf(routes.getBasketAmount), headers: bearer(tok) })).json(),
      );
    if (quantity > 0)
      await app.inject({
        method: 'POST',
        url: pathOf(routes.addBasketLine),
        headers: bearer(tok),
        payload: { itemNumber: 'RB-1', quantity },
      });
    await app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasketHeader),
      headers: bearer(tok),
      payload: { externalDocNo: 'PF-1', deliveryCode: 'INVOICE' },
    });
    return app.inject({
      method: 'POST',
      url: pathOf(routes.requestOrderPayment),
      headers: bearer(tok),
      payload: paymentBody((await summaryOf()).totalAmount),
    });
  }

  /** A proforma account of its own (so its basket and orders start empty), with a session. */
  async function newProforma(onStop = 0) {
    const accountId = await insertAccount(handle.db, { is_proforma: 1, on_stop: onStop });
    const username = `proforma-${accountId}`;
    await insertUser(handle.db, accountId, username);
    return { accountId, token: (await login(app, username)).accessToken };
  }
  const ordersOf = (accountId: number) =>
    handle.db.selectFrom('orders').select('id').where('account_id', '=', accountId).execute();

  const supportEmail = async () =>
    ((await app.inject({ method: 'GET', url: pathOf(routes.getSettings) })).json() as { supportEmail: string })
      .supportEmail;

  it('refuses a payment request whose amount differs from the server total, or without delivery details', async () => {
    await app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: bearer(pat),
      payload: { itemNumber: 'RB-1', quantity: 1 },
    });
    const noHeader = await app.inject({
      method: 'POST',
      url: pathOf(routes.requestOrderPayment),
      headers: bearer(pat),
      payload: paymentBody((await summary()).totalAmount),
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe('Cannot submit order. Missing delivery information');
    await app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasketHeader),
      headers: bearer(pat),
      payload: { externalDocNo: 'PF-1', deliveryCode: 'INVOICE' },
    });
    const wrong = await app.inject({
      method: 'POST',
      url: pathOf(routes.requestOrderPayment),
      headers: bearer(pat),
      payload: paymentBody(0.01),
    });
    expect(wrong.statusCode).toBe(409);
    expect(await handle.db.selectFrom('payments').select('id').where('account_id', '=', patAccount).execute()).toEqual(
      [],
    );
  });

  it('shows the hosted page; the approving card places the order, once, and returns to open orders', async () => {
    const id = await startPayment(3);
    const p = await payment(id);
    expect(p).toMatchObject({
      status: 'pending',
      purpose: 'order',
      account_id: patAccount,
      user_id: patUser,
      reference: 'PF-1',
    });
    // 3 x £9.00 = 27.00 + carriage 9.95 = 36.95; VAT 7.39
    expect(Number(p.amount_minor)).toBe(4434);

    const page = await app.inject({ method: 'GET', url: pathOf(routes.showPaymentPage, { id }) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.body).toContain('Sandbox Pay');
    expect(page.body).toContain('Harbour Home Trade'); // the merchant
    expect(page.body).toContain('£44.34');
    expect(page.body).toContain('PF-1');
    expect(page.body).toMatch(/<label for="f-cardNumber">Card number<\/label>/);
    expect(page.body).not.toMatch(/<script/i);
    expect(await ordersOfPat()).toEqual([]); // no order before payment

    // Visiting the return URL by hand marks nothing paid.
    await app.inject({ method: 'GET', url: '/open-orders?confirmorder=success', headers: { accept: 'text/html' } });
    expect((await payment(id)).status).toBe('pending');

    const bad = await pay(id, { cardNumber: '4242 4242 4242 4241' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(SERVER_MSG.card.numberInvalid);
    const expired = await pay(id, { cardNumber: APPROVE, expiry: '01/20' });
    expect(expired.body).toContain(SERVER_MSG.card.expired);
    expect((await payment(id)).status).toBe('pending');

    const ok = await pay(id, { cardNumber: APPROVE });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/open-orders?confirmorder=success');
    expect(await payment(id)).toMatchObject({ status: 'approved', card_last4: '4242' });
    const orders = await ordersOfPat();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ payment_id: id, status: 'Open', reference: 'PF-1' });
    expect(Number(orders[0]!.total_minor)).toBe(4434);
    expect((await basket()).basketLines).toEqual([]);
    const conf = await app.inject({ method: 'GET', url: pathOf(routes.getOrderConfirmation), headers: bearer(pat) });
    expect(conf.json()).toMatchObject({ orderNumber: orders[0]!.order_number, totalAmount: 44.34 });

    // The page of a completed payment shows its outcome, not the form; paying again changes nothing.
    const after = await app.inject({ method: 'GET', url: pathOf(routes.showPaymentPage, { id }) });
    expect(after.body).toContain(SERVER_MSG.sandboxPage.approvedTitle);
    expect(after.body).toContain(SERVER_MSG.sandboxPage.approved('4242'));
    expect(after.body).not.toContain('name="cardNumber"');
    expect((await pay(id, { cardNumber: APPROVE })).statusCode).toBe(200);

    // A replayed callback (even freshly signed) changes nothing.
    const replay = await app.inject({
      method: 'POST',
      url: pathOf(routes.receivePaymentCallback),
      payload: signCallback(SECRET, id, 'approved'),
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ paymentId: id, status: 'approved', changed: false });
    const flip = await app.inject({
      method: 'POST',
      url: pathOf(routes.receivePaymentCallback),
      payload: signCallback(SECRET, id, 'declined'),
    });
    expect(flip.json()).toMatchObject({ status: 'approved', changed: false });
    expect(await ordersOfPat()).toHaveLength(1);
  });

  it('the declining card places nothing and returns to review with the failure', async () => {
    const id = await startPayment(1);
    const res = await pay(id, { cardNumber: DECLINE });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/checkout/review-order?payment=declined');
    expect((await payment(id)).status).toBe('declined');
    expect(await ordersOfPat()).toEqual([]);
    expect((await basket()).basketLines).toHaveLength(1); // still there to try again
    expect((await app.inject({ method: 'GET', url: pathOf(routes.showPaymentPage, { id }) })).body).toContain(
      SERVER_MSG.sandboxPage.declinedTitle,
    );
  });

  it("the page's Cancel and return goes back to review as cancelled, not declined", async () => {
    const id = await startPayment(1);
    const page = await app.inject({ method: 'GET', url: pathOf(routes.showPaymentPage, { id }) });
    expect(page.body).toContain('href="/checkout/review-order?payment=cancelled"');
    expect(page.body).not.toContain('payment=declined');
    expect(page.body).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/);
    // A link withdrawn before paying (here: the account went on stop) also returns as cancelled.
    await handle.db.updateTable('payments').set({ status: 'cancelled' }).where('id', '=', id).execute();
    const after = await app.inject({ method: 'GET', url: pathOf(routes.showPaymentPage, { id }) });
    expect(after.body).toContain('href="/checkout/review-order?payment=cancelled"');
  });

  it('refuses forged and stale callbacks: nothing changes', async () => {
    const id = await startPayment(0 + 1);
    const forged = { ...signCallback('not-the-secret-not-the-secret-not-the', id, 'approved') };
    const r1 = await app.inject({ method: 'POST', url: pathOf(routes.receivePaymentCallback), payload: forged });
    expect(r1.statusCode).toBe(401);
    const stale = signCallback(SECRET, id, 'approved', Math.floor(Date.now() / 1000) - CALLBACK_MAX_AGE_SECONDS - 5);
    expect(
      (await app.inject({ method: 'POST', url: pathOf(routes.receivePaymentCallback), payload: stale })).statusCode,
    ).toBe(401);
    const tampered = { ...signCallback(SECRET, id, 'declined'), outcome: 'approved' };
    expect(
      (await app.inject({ method: 'POST', url: pathOf(routes.receivePaymentCallback), payload: tampered })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: pathOf(routes.receivePaymentCallback), payload: { paymentId: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect((await payment(id)).status).toBe('pending');
    expect(await ordersOfPat()).toEqual([]);

    // Concurrent genuine callbacks: exactly one completes the payment and places the order.
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: 'POST',
          url: pathOf(routes.receivePaymentCallback),
          payload: signCallback(SECRET, id, 'approved'),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => (r.json() as { changed: boolean }).changed)).toHaveLength(1);
    expect(await ordersOfPat()).toHaveLength(1);
  });

  it('answers an unknown or malformed payment page with 404', async () => {
    expect(
      (
        await app.inject({
          method: 'GET',
          url: pathOf(routes.showPaymentPage, { id: '0b8f6a7e-4a3c-4d5e-9f00-1234567890ab' }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.showPaymentPage, { id: 'not-a-uuid' }) })).statusCode,
    ).toBe(404);
    expect((await pay('0b8f6a7e-4a3c-4d5e-9f00-1234567890ab', { cardNumber: APPROVE })).statusCode).toBe(404);
  });

  it('records invoice allocations with a payment (the invoices purpose)', async () => {
    const inv = await handle.db
      .insertInto('invoices')
      .values({
        account_id: patAccount,
        document_number: 'INV-1',
        document_type: 'Invoice',
        posting_date: '2026-01-01',
        due_date: '2026-02-01',
        reference: '',
        description: '',
        order_number: '',
        currency_code: 'GBP',
        amount_minor: 1000,
        vat_minor: 200,
        original_minor: 1200,
        remaining_minor: 1200,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ctx = { config: testConfig(), handle } as unknown as AppContext;
    const { id, checkoutUrl } = await createPayment(ctx, {
      accountId: patAccount,
      userId: patUser,
      purpose: 'order',
      amountMinor: 1200,
      currencyCode: 'GBP',
      reference: 'INV-1',
      description: 'Invoices',
      payload: {},
      invoices: [{ invoiceId: inv.id, amountMinor: 1200 }],
    });
    expect(checkoutUrl).toBe(`http://portal.test/pay/${id}`);
    const rows = await handle.db.selectFrom('payment_invoices').selectAll().where('payment_id', '=', id).execute();
    expect(rows.map((r) => [r.invoice_id, Number(r.amount_minor)])).toEqual([[inv.id, 1200]]);
    await expect(
      createPayment(ctx, {
        accountId: patAccount,
        userId: patUser,
        purpose: 'order',
        amountMinor: 0,
        currencyCode: 'GBP',
        reference: '',
        description: '',
        payload: {},
      }),
    ).rejects.toThrow();
  });

  it('refuses to start a payment for an on-stop proforma account, with the same 403 as a credit order', async () => {
    const stopped = await newProforma(1);
    const res = await requestPayment(1, stopped.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountOnStop(await supportEmail()));
    const submit = await app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasket, { id: '0' }),
      headers: bearer(stopped.token),
      payload: { amount: 1 },
    });
    expect(submit.statusCode).toBe(403);
    expect(
      await handle.db.selectFrom('payments').select('id').where('account_id', '=', stopped.accountId).execute(),
    ).toEqual([]);
  });

  it('refuses the card when the account went on stop after the link was made', async () => {
    const p = await newProforma();
    const id = await startPayment(1, p.token);
    await handle.db.updateTable('accounts').set({ on_stop: 1 }).where('id', '=', p.accountId).execute();
    const res = await pay(id, { cardNumber: APPROVE });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(SERVER_MSG.paymentNoLongerPossible('the account is on stop.'));
    expect((await payment(id)).status).toBe('cancelled');
    expect(await ordersOf(p.accountId)).toEqual([]);
  });

  it('pays one basket revision once: a second request replaces the first link, a changed basket refuses the card', async () => {
    const p = await newProforma();
    const first = await startPayment(1, p.token);
    const second = await startPayment(0, p.token); // another tab, same basket revision
    expect(second).not.toBe(first);
    expect((await payment(first)).status).toBe('cancelled');
    const stale = await pay(first, { cardNumber: APPROVE });
    expect(stale.body).toContain(SERVER_MSG.paymentLinkReplaced);

    // The basket changes after the second link was made: its card is refused too.
    await app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: bearer(p.token),
      payload: { itemNumber: 'RB-1', quantity: 1 },
    });
    const changed = await pay(second, { cardNumber: APPROVE });
    expect(changed.statusCode).toBe(409);
    expect(changed.body).toContain('the basket has changed since this payment was started.');
    expect(await ordersOf(p.accountId)).toEqual([]);

    // A fresh link for the basket as it is now pays, once.
    const third = await startPayment(0, p.token);
    expect((await pay(third, { cardNumber: APPROVE })).statusCode).toBe(303);
    expect(await ordersOf(p.accountId)).toHaveLength(1);
    const statuses = await handle.db
      .selectFrom('payments')
      .select('status')
      .where('account_id', '=', p.accountId)
      .execute();
    expect(statuses.map((r) => r.status).sort()).toEqual(['approved', 'cancelled', 'cancelled']);
  });

  it('makes concurrent payment requests for one revision leave exactly one live link', async () => {
    const p = await newProforma();
    await startPayment(1, p.token);
    const results = await Promise.all(Array.from({ length: 8 }, () => requestPayment(0, p.token)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const pending = await handle.db
      .selectFrom('payments')
      .select('id')
      .where('account_id', '=', p.accountId)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
  });
});
