import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { basketRepository } from '../basket/basket.repository.js';
import { placeOrder } from '../checkout/order-placement.js';
import { eventsService } from './events.service.js';
import { secretBox } from './secret-box.js';
import { webhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.js';
import { webhooksService } from './webhooks.service.js';
import { freePortForTest, waitFor } from './events.test-support.js';

const LISTENER = path.resolve(import.meta.dirname, '../../../../examples/erp-sync/webhook-listener.mjs');
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

  it('verifies the portal’s signed webhooks, prints a new order once and refuses a forged one', async () => {
    const port = await freePortForTest();
    const ep = await webhooksService(handle.db, { box, allowPrivate: true }).createWebhookEndpoint(7, {
      url: `http://127.0.0.1:${port}/`,
      eventTypes: ['order.placed'],
      enabled: true,
    });
    listener = spawn(process.execPath, [LISTENER], {
      env: { ...process.env, WEBHOOK_SECRET: ep.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    listener.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    listener.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    await waitFor(() => output.includes('listening'), 10_000, 'the listener');

    const accountId = await insertAccount(handle.db, { name: 'Sync Test Ltd' });
    const userId = await insertUser(handle.db, accountId, 'sync');
    const { productId } = await insertProduct(handle.db, { itemNumber: 'SYNC-1', gbpE5: 500_000 });
    const basketId = await basketRepository(handle.db).ensureBasket(userId, accountId);
    const { orderNumber } = await handle.db.transaction().execute((trx) =>
      placeOrder(trx, {
        accountId,
        userId,
        currencyCode: 'GBP',
        basketId,
        revision: 0,
        delivery: {
          addressReference: 'INVOICE',
          purchaseOrder: 'PO-SYNC',
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
            itemNumber: 'SYNC-1',
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

    dispatcher = webhookDispatcher(handle.db, {
      box,
      timeoutMs: 5_000,
      allowPrivate: true,
      pollMs: 30,
    });
    dispatcher.start();
    await waitFor(() => output.includes(`New order ${orderNumber}`), 10_000, 'the order printed');
    expect(output).toMatch(
      new RegExp(`New order ${orderNumber} for \\S+ \\(Sync Test Ltd\\), PO PO-SYNC, total GBP 12\\.00`),
    );
    expect(output).toContain('SYNC-1 x 2 EACH @ 5 = 10');

    // Sent again (same webhook-id): acknowledged, not printed twice.
    const [event] = (await eventsService(handle.db).listEvents({ after: 0, limit: 10 })).events;
    await eventsService(handle.db).redeliverEvent(7, event!.id);
    await waitFor(() => output.includes(`(already had ${event!.id})`), 10_000, 'the repeat acknowledged');
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
  });
});
