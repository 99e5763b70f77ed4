import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { basketRepository } from '../basket/basket.repository.js';
import { composeStore } from '../../compose.js';
import { secretBox } from '../../lib/secret-box.js';
import { webhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.js';
import { webhooksService } from './webhooks.service.js';
import { freePortForTest, waitFor } from './events.test-support.js';
import type { AddressInfo } from 'node:net';
import { testApp } from '../../test/app.js';

const LISTENER = path.resolve(import.meta.dirname, '../../../../examples/erp-sync/webhook-listener.mjs');
const SYNC = path.resolve(import.meta.dirname, '../../../../examples/erp-sync/erp-sync.mjs');
const box = secretBox('test-payment-secret-test-payment-secret-01');

// The example is plain Node; one engine is enough to show it works.
const [sqlite] = testEngines();

describe('examples/erp-sync webhook listener', () => {
  let handle: DbHandle;
  let listener: ChildProcess | undefined;
  let dispatcher: WebhookDispatcher | undefined;
  let output = '';

  beforeAll(async () => {
    handle = await sqlite!.open();
  });
  afterAll(async () => {
    await dispatcher?.stop();
    listener?.kill();
    await handle?.close();
  });

  /** An order placed in the portal (the checkout's own function), for `itemNumber` at 5.00. */
  async function placeTestOrder(username: string, itemNumber: string, purchaseOrder: string): Promise<string> {
    const accountId = await insertAccount(handle.db, { name: 'Sync Test Ltd' });
    const userId = await insertUser(handle.db, accountId, username);
    const productId =
      (await handle.db.selectFrom('products').select('id').where('item_number', '=', itemNumber).executeTakeFirst())
        ?.id ?? (await insertProduct(handle.db, { itemNumber, gbpE5: 500_000 })).productId;
    const basketId = await basketRepository(handle.db).ensureBasket(userId, accountId);
    const { orderNumber } = await handle.db.transaction().execute((trx) =>
      composeStore(handle.db).internal.placeOrder(trx, {
        accountId,
        userId,
        currencyCode: 'GBP',
        basketId,
        revision: 0,
        delivery: {
          addressReference: 'INVOICE',
          purchaseOrder,
          name: 'Sync Test Ltd',
          address1: '1 Test Street',
          address2: '',
          city: 'Bristol',
          county: 'Avon',
          country: 'United Kingdom (Mainland)',
          contact: 'Pat',
          postcode: 'BS1 1AA',
          phoneNumber: '0117',
        },
        lines: [
          {
            productId,
            itemNumber,
            description: 'Sync',
            unit: 'EACH',
            quantity: 2,
            unitPriceE5: 500_000,
            discountBp: 0,
            totalMinor: 1000,
          },
        ],
        totals: { goodsMinor: 1000, carriageMinor: 0, amountMinor: 1000, vatMinor: 200, totalMinor: 1200 },
        paymentId: null,
      }),
    );
    return orderNumber;
  }

  it('verifies the portal’s signed webhooks, prints a new order once and refuses a forged one', async () => {
    const port = await freePortForTest();
    const ep = await webhooksService(composeStore(handle.db).internal.repos.events, {
      box,
      allowPrivate: true,
    }).createWebhookEndpoint(
      { clientId: 7 },
      {
        url: `http://127.0.0.1:${port}/`,
        eventTypes: ['order.placed'],
        enabled: true,
      },
    );
    listener = spawn(process.execPath, [LISTENER], {
      env: { ...process.env, WEBHOOK_SECRET: ep.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    listener.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    listener.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    await waitFor(() => output.includes('listening'), 10_000, 'the listener');

    const orderNumber = await placeTestOrder('sync', 'SYNC-1', 'PO-SYNC');

    dispatcher = webhookDispatcher(composeStore(handle.db).internal.repos.events, {
      box,
      timeoutMs: 5_000,
      allowPrivate: true,
      pollMs: 30,
    });
    dispatcher.start();
    await waitFor(() => output.includes(`New order ${orderNumber}`), 30_000, 'the order printed');
    expect(output).toMatch(
      new RegExp(`New order ${orderNumber} for \\S+ \\(Sync Test Ltd\\), PO PO-SYNC, total GBP 12\\.00`),
    );
    expect(output).toContain('SYNC-1 x 2 EACH @ 5 = 10');

    // Sent again (same webhook-id): acknowledged, not printed twice.
    // This case's own order's event (the other case may have placed an order first).
    const event = (await composeStore(handle.db).events.listEvents(undefined, { after: 0, limit: 100 })).events.find(
      (e) => e.type === 'order.placed' && (e.data as { orderNumber?: string }).orderNumber === orderNumber,
    );
    await composeStore(handle.db).events.redeliverEvent({ clientId: 7 }, { id: event!.id });
    await waitFor(() => output.includes(`(already had ${event!.id})`), 30_000, 'the repeat acknowledged');
    expect(output.split(`New order ${orderNumber}`)).toHaveLength(2);

    // A forged request: 401.
    const forged = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: {
        'webhook-id': 'evt_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: JSON.stringify({ id: 'evt_forged', type: 'order.placed', data: {} }),
    });
    expect(forged.status).toBe(401);
  }, 90_000);

  it('erp-sync.mjs pushes the sample catalogue over HTTP, registers its webhook and prints a new order', async () => {
    const app = await testApp(handle, { WEBHOOKS_ALLOW_PRIVATE: true, WEBHOOK_DELIVERY: true, WEBHOOK_POLL_MS: 30 });
    let sync: ChildProcess | undefined;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const portal = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const { key } = await composeStore(handle.db).apiKeys.createClient(
        'erp-sync-test',
        'catalogue:write,prices:write,stock:write,webhooks:manage',
      );
      const port = await freePortForTest();
      let out = '';
      const run = () => {
        out = '';
        sync = spawn(process.execPath, [SYNC], {
          env: { ...process.env, API_KEY: key, PORTAL_URL: portal, PORT: String(port) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        sync.stdout!.on('data', (c: Buffer) => (out += c.toString()));
        sync.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      };
      run();
      await waitFor(() => out.includes('listening'), 15_000, 'erp-sync listening');
      expect(out).toContain('8 catalogue rows');
      expect(out).toContain('PUT /products items 1-8: {"created":8,"updated":0,"unchanged":0,"stale":0,"failed":0}');
      expect(out).toContain('PUT /prices items 1-16: {"created":16,"updated":0,"unchanged":0,"stale":0,"failed":0}');
      expect(out).toMatch(/PUT \/stock items 1-8: \{"created":0,"updated":7,"unchanged":1,/);
      const price = await handle.db
        .selectFrom('product_prices')
        .innerJoin('products', 'products.id', 'product_prices.product_id')
        .select('list_price_e5')
        .where('products.item_number', '=', 'ERP-CS-0104')
        .where('currency_code', '=', 'GBP')
        .executeTakeFirstOrThrow();
      expect(Number(price.list_price_e5)).toBe(42_350); // 0.42350, all five decimals

      const orderNumber = await placeTestOrder('sync-push', 'ERP-RB-1201', 'PO-PUSH');
      await waitFor(() => out.includes(`New order ${orderNumber}`), 15_000, 'the order printed');
      expect(out).toContain('ERP-RB-1201 x 2 EACH @ 5 = 10');

      // Run again: nothing to write, and the endpoint is replaced rather than doubled.
      sync!.kill();
      run();
      await waitFor(() => out.includes('listening'), 15_000, 'erp-sync listening again');
      expect(out).toContain('PUT /products items 1-8: {"created":0,"updated":0,"unchanged":8,"stale":0,"failed":0}');
      const endpoints = await handle.db.selectFrom('webhook_endpoints').select('url').execute();
      expect(endpoints.filter((e) => e.url === `http://localhost:${port}/`)).toHaveLength(1);
    } finally {
      sync?.kill();
      await app.close();
    }
  });
});
