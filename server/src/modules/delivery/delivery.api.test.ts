import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  DELIVERY_MSG,
  dayMonth,
  deliveryPromise,
  integrationRoutes,
  listOpenOrdersResponse,
  orderDeliveryPromise,
  ordersOutResponse,
  pathOf,
  routes,
  submitBasketResponse,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { composeStore } from '../../compose.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { isoDaysAgo } from '../orders/orders.fixtures.js';
import { paymentBody } from '../checkout/checkout.test-helpers.js';
import { hasPdftotext, pdftotextLayout } from '../../test/pdf-text.js';
import { ukDateTime, nextWorkingDay } from '../../domain/delivery-promise.js';

const inDays = (days: number) => isoDaysAgo(-days);

describe.each(testEngines())('delivery promise API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let gina: string; // credit account
  let olga: string; // another credit account
  let paula: string; // proforma
  const due = inDays(10);
  const dueLater = inDays(20);

  const get = (token: string, url: string) => app.inject({ url, headers: bearer(token) });
  const post = (token: string, url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const add = async (token: string, itemNumber: string, quantity: number) =>
    expect((await post(token, pathOf(routes.addBasketLine), { itemNumber, quantity })).statusCode).toBe(200);
  const promise = async (token: string) => {
    const res = await get(token, pathOf(routes.getDeliveryPromise));
    expect(res.statusCode, res.body).toBe(200);
    return deliveryPromise.parse(res.json());
  };
  /** Fills the basket, stores the delivery header, and places the order with `body` (plus the amount shown). */
  const place = async (token: string, body: Record<string, unknown>) => {
    await add(token, 'DP-STOCK', 2);
    await add(token, 'DP-PART', 10);
    expect((await post(token, pathOf(routes.submitBasketHeader), { externalDocNo: 'PO-DP' })).statusCode).toBe(200);
    const basket = (await get(token, pathOf(routes.getBasket))).json() as { revision: number };
    const amount = ((await get(token, pathOf(routes.getBasketAmount))).json() as { totalAmount: number }).totalAmount;
    return post(token, pathOf(routes.submitBasket, { id: basket.revision }), { amount, ...body });
  };
  const orders = async (token: string) =>
    listOpenOrdersResponse.parse((await get(token, pathOf(routes.listOpenOrders))).json());

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const ginaAccount = await insertAccount(handle.db);
    const olgaAccount = await insertAccount(handle.db);
    const paulaAccount = await insertAccount(handle.db, { is_proforma: 1, credit_limit_minor: 0 });
    await insertUser(handle.db, ginaAccount, 'gina');
    await insertUser(handle.db, olgaAccount, 'olga');
    await insertUser(handle.db, paulaAccount, 'paula');
    await insertProduct(handle.db, { itemNumber: 'DP-STOCK', stock: 10, gbpE5: 100_000 });
    const part = await insertProduct(handle.db, { itemNumber: 'DP-PART', stock: 6, gbpE5: 100_000 });
    await insertProduct(handle.db, { itemNumber: 'DP-NONE', stock: 0, gbpE5: 100_000 }); // none in stock, none due
    const later = await insertProduct(handle.db, { itemNumber: 'DP-LATER', stock: 0, gbpE5: 100_000 });
    await handle.db
      .insertInto('inbound_deliveries')
      .values([
        { product_id: part.productId, quantity: 4, due_date: due },
        { product_id: later.productId, quantity: 50, due_date: dueLater },
      ])
      .execute();
    gina = (await login(app, 'gina')).accessToken;
    olga = (await login(app, 'olga')).accessToken;
    paula = (await login(app, 'paula')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("answers each basket line's promise, the cut-off and both choices with their dates", async () => {
    await add(olga, 'DP-STOCK', 5);
    await add(olga, 'DP-PART', 10);
    await add(olga, 'DP-NONE', 2);
    await add(olga, 'DP-LATER', 3);
    const p = await promise(olga);
    expect(p.lines.map((l) => [l.itemNumber, l.text])).toEqual([
      ['DP-STOCK', DELIVERY_MSG.inStock],
      ['DP-PART', `6 now, 4 due ${dayMonth(due)}`],
      ['DP-NONE', 'No date yet'],
      ['DP-LATER', `Due ${dayMonth(dueLater)}`],
    ]);
    expect(p.lines[1]).toMatchObject({ status: 'part', now: 6, rest: 4, dueDate: due });
    expect(p.defaultPreference).toBe('partial');
    expect(p.options.map((o) => [o.preference, o.label])).toEqual([
      ['partial', DELIVERY_MSG.preference.partial],
      ['complete', DELIVERY_MSG.preference.complete],
    ]);
    // DP-NONE has no date: everything together has none either; the in-stock part ships on the ship day.
    expect(p.options[1]).toMatchObject({ date: null, dateText: 'No date yet' });
    expect(p.options[0]!.date).toBe(p.cutOff.shipDate);
    expect(p.options[0]!.dateText).toMatch(/^First delivery ships .*, the rest when a date is known$/);

    // Without the undated line, everything together ships when the last line is due.
    const noneLine = (await get(olga, pathOf(routes.getBasket))).json() as {
      basketLines: { lineNumber: number; itemNumber: string }[];
    };
    const n = noneLine.basketLines.find((l) => l.itemNumber === 'DP-NONE')!.lineNumber;
    expect(
      (await app.inject({ method: 'DELETE', url: pathOf(routes.deleteBasketLine, { id: n }), headers: bearer(olga) }))
        .statusCode,
    ).toBe(200);
    expect((await promise(olga)).options[1]).toMatchObject({ date: dueLater });
  });

  it('reads the cut-off from the site setting order.cutOff (UK time, weekends skipped)', async () => {
    const settings = composeStore(handle.db).settings;
    await settings.set('order.cutOff', '00:00'); // always passed: ships the next working day
    const after = (await promise(olga)).cutOff;
    const today = ukDateTime(new Date()).date;
    expect(after).toEqual({
      time: '00:00',
      shipsToday: false,
      shipDate: nextWorkingDay(today),
      text: DELIVERY_MSG.cutOffNext(nextWorkingDay(today)),
    });
    await settings.set('order.cutOff', '14:00');
    expect((await promise(olga)).cutOff.time).toBe('14:00');
  });

  it('stores the choice made at review, default partial, and shows it in the order list and its promise', async () => {
    const complete = await place(gina, { shipmentPreference: 'complete' });
    expect(complete.statusCode, complete.body).toBe(200);
    const together = submitBasketResponse.parse(complete.json()).orderNumber;
    const plain = await place(gina, {}); // a client that does not send it
    expect(plain.statusCode, plain.body).toBe(200);
    const partial = submitBasketResponse.parse(plain.json()).orderNumber;

    const list = await orders(gina);
    expect(list.find((o) => o.orderNumber === together)?.shipmentPreference).toBe('complete');
    expect(list.find((o) => o.orderNumber === partial)?.shipmentPreference).toBe('partial');

    const res = await get(gina, pathOf(routes.getOrderDeliveryPromise, { orderNumber: together }));
    expect(res.statusCode, res.body).toBe(200);
    const p = orderDeliveryPromise.parse(res.json());
    expect(p).toMatchObject({
      orderNumber: together,
      shipmentPreference: 'complete',
      preferenceText: 'Send everything together',
    });
    // Goods lines only (no carriage), promised from today's stock as the basket's are.
    expect(p.lines.map((l) => [l.itemNumber, l.quantity, l.text])).toEqual([
      ['DP-STOCK', 2, 'In stock'],
      ['DP-PART', 10, `6 now, 4 due ${dayMonth(due)}`],
    ]);

    // Shipped: nothing left to promise; the choice stays.
    await handle.db.updateTable('orders').set({ status: 'Shipped' }).where('order_number', '=', partial).execute();
    const shipped = orderDeliveryPromise.parse(
      (await get(gina, pathOf(routes.getOrderDeliveryPromise, { orderNumber: partial }))).json(),
    );
    expect(shipped).toMatchObject({ shipmentPreference: 'partial', lines: [] });

    // Another account's order reads as unknown.
    expect((await get(olga, pathOf(routes.getOrderDeliveryPromise, { orderNumber: together }))).statusCode).toBe(404);
  });

  it('refuses a choice it does not know with 400 and the message, placing nothing', async () => {
    const before = (await orders(gina)).length;
    const res = await place(gina, { shipmentPreference: 'whenever' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain(DELIVERY_MSG.badPreference);
    expect((await orders(gina)).length).toBe(before);
    // The basket is still there: empty it for the next test.
    await handle.db.deleteFrom('basket_lines').execute();
  });

  it("keeps a proforma buyer's choice with the payment until the order is placed", async () => {
    await add(paula, 'DP-STOCK', 1);
    expect((await post(paula, pathOf(routes.submitBasketHeader), { externalDocNo: 'PO-PF' })).statusCode).toBe(200);
    const amount = ((await get(paula, pathOf(routes.getBasketAmount))).json() as { totalAmount: number }).totalAmount;
    const res = await post(paula, pathOf(routes.requestOrderPayment), {
      ...paymentBody(amount),
      shipmentPreference: 'complete',
    });
    expect(res.statusCode, res.body).toBe(200);
    const payment = await handle.db
      .selectFrom('payments')
      .select('payload')
      .where('purpose', '=', 'order')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(payment.payload)).toMatchObject({ shipmentPreference: 'complete' });
    const bad = await post(paula, pathOf(routes.requestOrderPayment), {
      ...paymentBody(amount),
      shipmentPreference: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends the choice in the ERP orders feed', async () => {
    const { key } = await composeStore(handle.db).apiKeys.createClient('erp-dp', 'orders:read');
    const res = await app.inject({
      url: `${pathOf(integrationRoutes.listOrdersOut)}?limit=100`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const feed = ordersOutResponse.parse(res.json());
    const mine = feed.orders.filter((o) => o.purchaseOrder === 'PO-DP').map((o) => o.shipmentPreference);
    expect(mine).toEqual(['complete', 'partial']);
  });

  const poppler = hasPdftotext();
  if (!poppler) console.warn("SKIPPED: poppler's pdftotext is not installed (apt-get install poppler-utils)");
  it.skipIf(!poppler)('prints the choice on the order summary PDF (read by pdftotext)', async () => {
    const together = (await orders(gina)).find((o) => o.shipmentPreference === 'complete')!.orderNumber;
    const res = await post(gina, pathOf(routes.downloadOrderStatement), { orderNumber: together });
    expect(res.statusCode).toBe(200);
    const text = pdftotextLayout(res.rawPayload)!.replace(/\s+/g, ' ');
    expect(text).toContain(DELIVERY_MSG.choiceLabel);
    expect(text).toContain(DELIVERY_MSG.preference.complete);
  });
});
