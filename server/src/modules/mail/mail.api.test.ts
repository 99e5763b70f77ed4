import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { basket as basketSchema, basketSummary, pathOf, routes } from '@wholesale/contract';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import type { DbHandle } from '../../db/client.js';
import { testEngines } from '../../db/testing.js';
import { seedDemo } from '../../seed/index.js';
import { bearer, login, testConfig } from '../../test/app.js';
import type { MailWorkerTuning } from './mail-worker.js';
import { startSmtp, until, type TestSmtp } from './mail.test-support.js';
import { composeStore } from '../../compose.js';

const DEMO_PASSWORD = 'Portal-demo-1';

describe.each(testEngines())('email on $name', (engine) => {
  let handle: DbHandle;
  let item: string;
  let app: FastifyInstance | undefined;
  let smtp: TestSmtp | undefined;
  const dirs: string[] = [];

  beforeAll(async () => {
    handle = await engine.open();
    await seedDemo(handle, { products: 60, images: false, accounts: 4, orders: 40 });
    const p = await handle.db
      .selectFrom('products')
      .select('item_number')
      .where('active', '=', 1)
      .where('stock', '>', 10)
      .orderBy('item_number')
      .executeTakeFirstOrThrow();
    item = p.item_number;
  }, 60_000);
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await smtp?.close();
    smtp = undefined;
    await handle.db.deleteFrom('mail_outbox').execute();
  });
  afterAll(async () => {
    await handle?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  async function start(overrides: Partial<Config>, tuning: MailWorkerTuning = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-'));
    dirs.push(dataDir);
    app = await buildApp({
      config: testConfig({ MAIL_DELIVERY: true, MAIL_POLL_MS: 50, DATA_DIR: dataDir, ...overrides }),
      handle,
      mailWorker: { backoffBaseMs: 100, ...tuning },
    });
    await app.ready();
    return { app, dataDir };
  }

  /** Places a credit order as the demo user through the API, as the browser does. */
  async function placeOrder(a: FastifyInstance, username = 'demo', po = 'PO-MAIL-1') {
    const { accessToken: t } = await login(a, username, DEMO_PASSWORD);
    const h = bearer(t);
    expect(
      (
        await a.inject({
          method: 'POST',
          url: pathOf(routes.addBasketLine),
          headers: h,
          payload: { itemNumber: item, quantity: 3 },
        })
      ).statusCode,
    ).toBe(200);
    const header = await a.inject({
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
    expect(header.statusCode).toBe(200);
    const b = basketSchema.parse((await a.inject({ method: 'GET', url: pathOf(routes.getBasket), headers: h })).json());
    const s = basketSummary.parse(
      (await a.inject({ method: 'GET', url: pathOf(routes.getBasketAmount), headers: h })).json(),
    );
    const res = await a.inject({
      method: 'POST',
      url: pathOf(routes.submitBasket, { id: b.revision }),
      headers: h,
      payload: { amount: s.totalAmount },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { orderNumber: (res.json() as { orderNumber: string }).orderNumber };
  }

  const rows = () => handle.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

  it('acknowledges a demo order by email: to the user and the account, with every line, totals and a link', async () => {
    smtp = await startSmtp();
    const { app: a } = await start({ SMTP_URL: smtp.url });
    const { orderNumber } = await placeOrder(a);
    const [mail] = await smtp.waitFor(1);
    const order = await handle.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    expect(mail!.subject).toBe(`Order acknowledgement ${orderNumber} (PO PO-MAIL-1)`);
    const to = [mail!.to].flat().flatMap((t) => t!.value.map((v) => v.address));
    expect(to).toEqual(['sarah.whitfield@kingfisherblinds.example', 'accounts@kingfisherblinds.example']);
    expect(mail!.from!.text).toBe('"Harbour Home Trade" <tradesupport@harbourhome.example>');
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@harbourhome\.example>$/);
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    const text = mail!.text!;
    expect(text).toContain('Dear Sarah Whitfield,');
    expect(text).toContain(item);
    expect(text).toContain('Qty 3');
    expect(text).toContain(
      `Total incl. VAT: £${(order.total_minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
    );
    expect(text).toContain('Delivery: In stock');
    expect(text).toContain(`http://portal.test/open-order-enquiry?order=${orderNumber}`);
    expect(text).toContain('Unit 4, Quayside Business Park, Bristol BS1 6AA');
    expect(mail!.html).toContain(`href="http://portal.test/open-order-enquiry?order=${orderNumber}"`);
    expect(mail!.html).not.toMatch(/<img/);
    // The server has the message before the worker records it as sent: wait for the record.
    await expect
      .poll(async () => (await rows())[0])
      .toMatchObject({ kind: 'order.acknowledgement', status: 'sent', attempts: 1, last_error: null });
    const [row] = await rows();
    expect(mail!.messageId).toBe(`<${row!.message_id}@harbourhome.example>`);
  });

  it('SMTP down while the order is placed: Place Order answers at once; exactly one acknowledgement once it is up', async () => {
    // A port with nothing listening (yet).
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const { app: a } = await start({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TIMEOUT_MS: 1_000 });
    // Placed and answered while no mail server is there: the email waits in the outbox.
    const { orderNumber } = await placeOrder(a, 'demo', 'PO-DOWN');
    await until(async () => ((await rows())[0]?.attempts ?? 0) >= 1);
    const failed = (await rows())[0]!;
    expect(failed.status).toBe('pending');
    expect(failed.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
    smtp = await startSmtp({ port });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toContain(orderNumber);
    await until(async () => (await rows())[0]?.status === 'sent');
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages).toHaveLength(1);
  });

  it('a retry after a command timeout sends the same Message-ID', async () => {
    smtp = await startSmtp({ onData: 'hang-once' });
    const { app: a } = await start({ SMTP_URL: smtp.url, MAIL_TIMEOUT_MS: 600 });
    await placeOrder(a, 'demo', 'PO-HANG');
    const [mail] = await smtp.waitFor(1, 15_000);
    await until(async () => (await rows())[0]?.status === 'sent');
    const [row] = await rows();
    expect(row!.attempts).toBe(2);
    expect(mail!.messageId).toBe(`<${row!.message_id}@harbourhome.example>`);
  });

  it('a server that never greets fails the attempt within the timeout; the worker goes on', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const { app: a } = await start(
        { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TIMEOUT_MS: 500 },
        { backoffBaseMs: 60_000 },
      );
      await placeOrder(a, 'demo', 'PO-SILENT');
      await until(async () => ((await rows())[0]?.attempts ?? 0) >= 1, 5_000);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', lease_holder: null });
      expect(row!.last_error).toMatch(/ETIMEDOUT|Greeting never received/i);
    } finally {
      await app?.close();
      app = undefined;
      silent.close();
    }
  });

  it('a 5xx refusal is recorded as failed with the server answer, not retried; mail resend queues it again', async () => {
    let refuse = true;
    smtp = await startSmtp({
      onRcptTo(address, _session, callback) {
        if (refuse) {
          const err = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
    });
    const { app: a } = await start({ SMTP_URL: smtp.url });
    await placeOrder(a, 'demo', 'PO-550');
    await until(async () => (await rows())[0]?.status === 'failed');
    const [row] = await rows();
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toMatch(/550 5\.1\.1 Mailbox unavailable/);
    const listed = await composeStore(handle.db).mailAdmin.list({ failed: true });
    expect(listed).toContain(`${row!.id}  order.acknowledgement  failed`);
    expect(listed).toContain('550 5.1.1 Mailbox unavailable');
    refuse = false;
    expect(await composeStore(handle.db).mailAdmin.resend({ id: String(row!.id) })).toMatch(/queued again/);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.messageId).toBe(`<${row!.message_id}@harbourhome.example>`);
    await until(async () => (await rows())[0]?.status === 'sent');
  });

  it('MAIL_ENABLED=false records no email (and the order is placed as ever)', async () => {
    const { app: a } = await start({ MAIL_ENABLED: false });
    expect((await placeOrder(a, 'demo', 'PO-OFF')).orderNumber).toMatch(/\S/);
    expect(await rows()).toEqual([]);
  });

  it('with no SMTP_URL each email is an .eml file under DATA_DIR/mail/', async () => {
    const { app: a, dataDir } = await start({ SMTP_URL: undefined });
    const { orderNumber } = await placeOrder(a, 'demo', 'PO-FILE');
    await until(async () => (await rows())[0]?.status === 'sent');
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/order-acknowledgement-\d+\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain(`Subject: Order acknowledgement ${orderNumber} (PO PO-FILE)`);
    expect(eml).toContain('Message-ID: <');
  });

  it('a user with no email and an account without one: recorded as unsendable, listed for operators, never sent', async () => {
    const user = await handle.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['users.id', 'accounts.id as account_id', 'users.email', 'accounts.email as account_email'])
      .where('users.username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    await handle.db.updateTable('users').set({ email: '' }).where('id', '=', user.id).execute();
    await handle.db
      .updateTable('accounts')
      .set({ email: 'not-an-address' })
      .where('id', '=', user.account_id)
      .execute();
    try {
      smtp = await startSmtp();
      const { app: a } = await start({ SMTP_URL: smtp.url });
      const res = await placeOrder(a, 'demo2', 'PO-NOMAIL');
      expect(res.orderNumber).toMatch(/\S/);
      const [row] = await rows();
      expect(row).toMatchObject({
        status: 'unsendable',
        recipients: '[]',
        last_error: 'not a valid email address: not-an-address',
      });
      expect(await composeStore(handle.db).mailAdmin.list({ failed: true })).toContain('unsendable');
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await handle.db.updateTable('users').set({ email: user.email }).where('id', '=', user.id).execute();
      await handle.db
        .updateTable('accounts')
        .set({ email: user.account_email })
        .where('id', '=', user.account_id)
        .execute();
    }
  });
});
