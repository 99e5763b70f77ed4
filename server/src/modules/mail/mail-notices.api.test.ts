import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { basket as basketSchema, basketSummary, pathOf, routes } from '@wholesale/contract';
import { buildApp } from '../../app.js';
import { composeStore } from '../../compose.js';
import type { DbHandle } from '../../db/client.js';
import { testEngines } from '../../db/testing.js';
import { seedDemo } from '../../seed/index.js';
import { bearer, login, testConfig } from '../../test/app.js';
import { insertUser } from '../../test/fixtures.js';
import { paymentBody } from '../checkout/checkout.test-helpers.js';
import { startSmtp, until, type TestSmtp } from './mail.test-support.js';

const DEMO_PASSWORD = 'Portal-demo-1';
const APPROVING = '4242424242424242';

describe.each(testEngines())('receipts, despatch and cancellation emails on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let item: string;
  let dataDir: string;

  beforeAll(async () => {
    handle = await engine.open();
    await seedDemo(handle, { products: 60, images: false, accounts: 4, orders: 40 });
    item = (
      await handle.db
        .selectFrom('products')
        .select('item_number')
        .where('active', '=', 1)
        .where('stock', '>', 10)
        .orderBy('item_number')
        .executeTakeFirstOrThrow()
    ).item_number;
    smtp = await startSmtp();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-notices-'));
    app = await buildApp({
      config: testConfig({ MAIL_DELIVERY: true, MAIL_POLL_MS: 50, SMTP_URL: smtp.url, DATA_DIR: dataDir }),
      handle,
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The emails whose subject contains `text`, once `n` of them have arrived. */
  async function mailsAbout(text: string, n = 1): Promise<ParsedMail[]> {
    const about = () => smtp.messages.filter((m) => m.subject?.includes(text));
    await until(async () => about().length >= n);
    return about();
  }
  const settle = () =>
    until(
      async () =>
        (await handle.db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute()).length === 0,
    );

  async function fillBasket(token: string, po: string) {
    const h = bearer(token);
    await app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: h,
      payload: { itemNumber: item, quantity: 2 },
    });
    const header = await app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasketHeader),
      headers: h,
      payload: {
        externalDocNo: po,
        deliveryCode: 'INVOICE',
        name: '',
        address: '',
        address2: '',
        city: '',
        county: '',
        country: 'United Kingdom (Mainland)',
        postCode: '',
        phoneNo: '',
      },
    });
    expect(header.statusCode, header.body).toBe(200);
    const b = basketSchema.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasket), headers: h })).json(),
    );
    const s = basketSummary.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasketAmount), headers: h })).json(),
    );
    return { revision: b.revision, total: s.totalAmount };
  }

  async function placeOrder(username: string, po: string): Promise<{ orderNumber: string; token: string }> {
    const { accessToken } = await login(app, username, DEMO_PASSWORD);
    const { revision, total } = await fillBasket(accessToken, po);
    const res = await app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasket, { id: revision }),
      headers: bearer(accessToken),
      payload: { amount: total },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { orderNumber: (res.json() as { orderNumber: string }).orderNumber, token: accessToken };
  }

  async function payOnHostedPage(checkoutUrl: string) {
    const p = new URL(checkoutUrl, 'http://portal.test').pathname;
    const res = await app.inject({
      method: 'POST',
      url: p,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cardNumber: APPROVING,
        expiry: '12/39',
        cvc: '123',
        name: 'Pat Tester',
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
  }

  it('invoices paid online: a receipt naming each invoice, the amounts and the reference', async () => {
    const { accessToken, user } = await login(app, 'demo', DEMO_PASSWORD);
    const open = await handle.db
      .selectFrom('invoices')
      .innerJoin('users', 'users.account_id', 'invoices.account_id')
      .select(['invoices.document_number', 'invoices.remaining_minor'])
      .where('users.username', '=', 'demo')
      .where('invoices.remaining_minor', '>', 0)
      .where('invoices.document_type', '=', 'Invoice')
      .orderBy('invoices.document_number')
      .limit(2)
      .execute();
    expect(open.length).toBe(2);
    const res = await app.inject({
      method: 'POST',
      url: pathOf(routes.requestInvoicePayment),
      headers: bearer(accessToken),
      payload: {
        amount: open.reduce((s, i) => s + Number(i.remaining_minor), 0) / 100,
        account_code: String(user.customerNumber ?? 'C'),
        currency: 'GBP',
        description: '',
        reference: 'REMIT-MAIL',
        billing_address: paymentBody(0).billing_address,
        meta: open.map((i) => ({
          documentNo: i.document_number,
          remainingAmount: (Number(i.remaining_minor) / 100).toFixed(2),
          paymentMethod: 'PAY ONLINE',
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await payOnHostedPage((res.json() as { payment_Checkout_Url: string }).payment_Checkout_Url);
    const [mail] = await mailsAbout('Payment receipt REMIT-MAIL');
    const text = mail!.text!;
    for (const i of open) expect(text).toContain(`${i.document_number}: £`);
    expect(text).toContain('Card ending 4242');
    expect(text).toContain('Your reference');
    expect(text).toContain('REMIT-MAIL');
    const total = open.reduce((s, i) => s + Number(i.remaining_minor), 0) / 100;
    expect(text).toContain(
      `Total paid: £${total.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
  });

  it('proforma: the acknowledgement and the receipt go when the card payment is approved, not before', async () => {
    const { accessToken } = await login(app, 'proforma', DEMO_PASSWORD);
    const { total } = await fillBasket(accessToken, 'PO-PROF');
    const res = await app.inject({
      method: 'POST',
      url: pathOf(routes.requestOrderPayment),
      headers: bearer(accessToken),
      payload: { ...paymentBody(total), reference: 'PO-PROF' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect(smtp.messages.filter((m) => m.subject?.includes('PO-PROF'))).toHaveLength(0);
    await payOnHostedPage((res.json() as { payment_Checkout_Url: string }).payment_Checkout_Url);
    const [ack] = await mailsAbout('(PO PO-PROF)');
    const [receipt] = await mailsAbout('Payment receipt PO-PROF');
    const order = await handle.db
      .selectFrom('orders')
      .select(['order_number', 'payment_id'])
      .where('reference', '=', 'PO-PROF')
      .executeTakeFirstOrThrow();
    expect(ack!.subject).toBe(`Order acknowledgement ${order.order_number} (PO PO-PROF)`);
    expect(ack!.text).toContain(`Paid by card, payment reference ${order.payment_id}.`);
    expect(receipt!.text).toContain(`For order ${order.order_number}`);
    expect([ack!.to].flat().flatMap((t) => t!.value.map((v) => v.address))).toEqual([
      'ciaran@laganwindows.example',
      'orders@laganwindows.example',
    ]);
  });

  const userId = async (username: string) =>
    (await handle.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const optOuts = async (id: number) =>
    handle.db.selectFrom('mail_opt_outs').select(['category']).where('user_id', '=', id).execute();

  it('Shipped (admin CLI or ERP): a despatch email with tracking links and one-click unsubscribe that turns off only despatch', async () => {
    // demo starts with every email on, whatever another case left.
    const demoId = await userId('demo');
    await handle.db.deleteFrom('mail_opt_outs').where('user_id', '=', demoId).execute();
    const { orderNumber } = await placeOrder('demo', 'PO-SHIP');
    await composeStore(handle.db).orderStatus.setOrderStatus({
      orderNumber,
      by: { kind: 'admin', name: null },
      status: 'Shipped',
      tracking: ['TRK 1', 'TRK2'],
    });
    const [mail] = await mailsAbout(`Order ${orderNumber} (PO PO-SHIP) has been despatched`);
    expect([mail!.to].flat().flatMap((t) => t!.value.map((v) => v.address))).toEqual([
      'sarah.whitfield@kingfisherblinds.example',
    ]);
    expect(mail!.html).toContain('href="https://track.carrier.example/?parcel=TRK%201"');
    expect(mail!.text).toContain('https://track.carrier.example/?parcel=TRK2');
    // mailparser folds List-* headers into `list`; the raw lines are as sent.
    const line = (name: string) => mail!.headerLines.find((h) => h.key === name)?.line ?? '';
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const raw = line('list-unsubscribe');
    const url = new URL(/<(http[^>]+)>/.exec(raw)![1]!);
    expect(url.origin + url.pathname).toBe('http://portal.test/mail/unsubscribe');

    // The link opened (GET: a mail scanner) changes nothing; a forged token is refused.
    const shown = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Stop despatch emails?');
    expect(await optOuts(demoId)).toHaveLength(0);
    const forged = await app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${url.searchParams.get('token')!.replace(/despatch/, 'cancellation')}`,
    });
    expect(forged.statusCode).toBe(400);

    // RFC 8058 one-click: a POST without login.
    const oneClick = await app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You will no longer get despatch emails.');
    expect(await optOuts(demoId)).toEqual([{ category: 'despatch' }]);

    // Despatch is off for that user; cancellation still goes.
    const second = await placeOrder('demo', 'PO-SHIP2');
    await composeStore(handle.db).orderStatus.setOrderStatus({
      orderNumber: second.orderNumber,
      by: { kind: 'admin', name: null },
      status: 'Shipped',
      tracking: [],
    });
    const third = await placeOrder('demo', 'PO-CANC-A');
    await composeStore(handle.db).orderStatus.setOrderStatus({
      orderNumber: third.orderNumber,
      by: { kind: 'admin', name: null },
      status: 'Cancelled',
      tracking: [],
    });
    await mailsAbout(`Order ${third.orderNumber} (PO PO-CANC-A) has been cancelled`);
    await settle();
    expect(
      smtp.messages.filter((m) => m.subject?.includes('PO-SHIP2') && m.subject.includes('despatched')),
    ).toHaveLength(0);
  });

  it('cancellation says who cancelled: the portal user, or the supplier', async () => {
    // demo2 gets cancellation emails, whatever another case left.
    await handle.db
      .deleteFrom('mail_opt_outs')
      .where('user_id', '=', await userId('demo2'))
      .execute();
    const { orderNumber, token } = await placeOrder('demo2', 'PO-CANC-U');
    const res = await app.inject({
      method: 'POST',
      url: pathOf(routes.cancelOrder, { orderNumber }),
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsAbout(`Order ${orderNumber} (PO PO-CANC-U) has been cancelled`);
    const colleague = await handle.db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    expect(mail!.text).toContain(`The order was cancelled in the portal by ${colleague.name}.`);
    expect([mail!.to].flat().flatMap((t) => t!.value.map((v) => v.address))).toEqual([colleague.email]);
    const byErp = await placeOrder('demo2', 'PO-CANC-E');
    await composeStore(handle.db).orderStatus.setOrderStatus({
      orderNumber: byErp.orderNumber,
      by: { kind: 'admin', name: null },
      status: 'Cancelled',
      tracking: [],
    });
    const [erp] = await mailsAbout(`(PO PO-CANC-E) has been cancelled`);
    expect(erp!.text).toContain('The order was cancelled by Harbour Home Trade.');
    // A member of staff in the back office is named.
    const byStaff = await placeOrder('demo2', 'PO-CANC-S');
    await composeStore(handle.db).orderStatus.setOrderStatus({
      orderNumber: byStaff.orderNumber,
      by: { kind: 'admin', name: 'jsmith' },
      status: 'Cancelled',
      tracking: [],
    });
    const [staff] = await mailsAbout(`(PO PO-CANC-S) has been cancelled`);
    expect(staff!.text).toContain('The order was cancelled by jsmith of Harbour Home Trade.');
  });

  it('My Details preferences: read and set for the signed-in user only; a cancellation email turned off is not sent', async () => {
    // A user of its own, in demo2's account, so no other case's choices are read or changed here.
    const demo2 = await handle.db
      .selectFrom('users')
      .select('account_id')
      .where('username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    await insertUser(handle.db, demo2.account_id, 'prefs', DEMO_PASSWORD);
    const { accessToken } = await login(app, 'prefs', DEMO_PASSWORD);
    const other = (await login(app, 'demo2', DEMO_PASSWORD)).accessToken;
    const prefsOf = async (token: string) =>
      (await app.inject({ method: 'GET', url: pathOf(routes.getMailPreferences), headers: bearer(token) })).json();
    const theirsBefore = await prefsOf(other);
    const get = () =>
      app.inject({ method: 'GET', url: pathOf(routes.getMailPreferences), headers: bearer(accessToken) });
    expect((await get()).json()).toEqual({ despatch: true, cancellation: true });
    const put = await app.inject({
      method: 'PUT',
      url: pathOf(routes.updateMailPreferences),
      headers: bearer(accessToken),
      payload: { despatch: true, cancellation: false },
    });
    expect(put.json()).toEqual({ despatch: true, cancellation: false });
    expect((await get()).json()).toEqual({ despatch: true, cancellation: false });
    const bad = await app.inject({
      method: 'PUT',
      url: pathOf(routes.updateMailPreferences),
      headers: bearer(accessToken),
      payload: { despatch: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    const { orderNumber } = await placeOrder('prefs', 'PO-PREF');
    await composeStore(handle.db).orderStatus.setOrderStatus({
      orderNumber,
      status: 'Cancelled',
      tracking: [],
      by: { kind: 'admin', name: null },
    });
    await settle();
    expect(smtp.messages.filter((m) => m.subject?.includes('PO-PREF') && m.subject.includes('cancelled'))).toHaveLength(
      0,
    );
    // Another user's preferences (a colleague in the same account) are untouched.
    expect(await prefsOf(other)).toEqual(theirsBefore);
  });
});
