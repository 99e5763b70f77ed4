import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  MSG,
  basket as basketSchema,
  cancelOrderResponse,
  copyOrderResponse,
  listOpenOrdersResponse,
  toShortDate,
  trackOrderResponse,
  type OpenOrder,
  pathOf,
  routes,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { hasPdftotext, isPdf, labelledValues, pdfText, pdftotextLayout } from '../../test/pdf-text.js';
import { SETTING_DEFAULTS } from '../site/settings.service.js';
import { insertOrder, isoDaysAgo } from './orders.fixtures.js';
import { ordersRepository } from './orders.repository.js';
import { composeStore } from '../../compose.js';

const SUPPORT = SETTING_DEFAULTS['support.email'];

describe.each(testEngines())('orders API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let olga: string; // credit account A
  let oscar: string; // same account A, own basket
  let bob: string; // account B
  let pam: string; // proforma account P
  let accountA: number;
  let roller: number;
  let chain: number;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const db = handle.db;
    accountA = await insertAccount(db, { name: 'Acme Blinds Ltd', customer_number: 'C-ACME' }); // 10% off
    const accountB = await insertAccount(db);
    const accountP = await insertAccount(db, { is_proforma: 1 });
    roller = (await insertProduct(db, { itemNumber: 'RB-100', description: 'Roller blind Charcoal', gbpE5: 2_000_000 }))
      .productId; // £20 list today
    chain = (
      await insertProduct(db, {
        itemNumber: 'CS-7',
        description: 'Bead chain connector',
        type: 'Components',
        range: 'Chains',
        gbpE5: 100_000,
      })
    ).productId;
    const old = (await insertProduct(db, { itemNumber: 'OLD-1', gbpE5: 100_000, active: 0 })).productId;
    await insertUser(db, accountA, 'olga');
    await insertUser(db, accountA, 'oscar');
    await insertUser(db, accountB, 'bob');
    await insertUser(db, accountP, 'pam');

    await insertOrder(db, {
      accountId: accountA,
      orderNumber: 'SO-A1',
      reference: 'PO-778',
      orderedDaysAgo: 10,
      lines: [
        {
          itemNo: 'RB-100',
          productId: roller,
          quantity: 2,
          unitPriceE5: 1_500_000,
          discountBp: 2500,
          description: 'Roller blind Charcoal',
        }, // £15 then
        { itemNo: 'CS-7', productId: chain, quantity: 3, unitPriceE5: 90_000, discountBp: 1000 },
        { itemNo: 'OLD-1', productId: old, quantity: 1, unitPriceE5: 100_000 },
        { itemNo: 'GONE-9', productId: null, quantity: 4, unitPriceE5: 250_000 },
        {
          itemNo: 'CARRIAGE',
          type: 'Charge',
          productId: null,
          quantity: 1,
          unitPriceE5: 995_000,
          description: 'Carriage',
        },
      ],
    });
    await insertOrder(db, {
      accountId: accountA,
      orderNumber: 'SO-A2',
      status: 'In Progress',
      orderedDaysAgo: 5,
      lines: [{ itemNo: 'RB-100', productId: roller, quantity: 1, unitPriceE5: 1_800_000 }],
    });
    await insertOrder(db, {
      accountId: accountA,
      orderNumber: 'SO-A3',
      status: 'Shipped',
      orderedDaysAgo: 20,
      despatchedDaysAgo: 3,
      tracking: ['TRK-1', 'TRK-2'],
    });
    await insertOrder(db, {
      accountId: accountA,
      orderNumber: 'SO-A4',
      status: 'Shipped',
      orderedDaysAgo: 220,
      despatchedDaysAgo: 200,
      tracking: ['TRK-OLD'],
    });
    await insertOrder(db, { accountId: accountA, orderNumber: 'SO-A5', status: 'Cancelled', orderedDaysAgo: 2 });
    await insertOrder(db, { accountId: accountA, orderNumber: 'SO-A6', orderedDaysAgo: 1 });
    await insertOrder(db, {
      accountId: accountA,
      orderNumber: 'SO-A7',
      orderedDaysAgo: 400,
      lines: [{ itemNo: 'OLD-1', productId: old, quantity: 1, unitPriceE5: 100_000 }],
    });
    await insertOrder(db, { accountId: accountB, orderNumber: 'SO-B1', tracking: ['TRK-B'] });
    await insertOrder(db, { accountId: accountP, orderNumber: 'SO-P1' });

    olga = (await login(app, 'olga')).accessToken;
    oscar = (await login(app, 'oscar')).accessToken;
    bob = (await login(app, 'bob')).accessToken;
    pam = (await login(app, 'pam')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const list = async (token: string): Promise<OpenOrder[]> => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.listOpenOrders), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return listOpenOrdersResponse.parse(res.json());
  };
  const post = (token: string, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const getBasket = async (token: string) =>
    basketSchema.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasket), headers: bearer(token) })).json(),
    );

  describe('listing', () => {
    it("lists the account's open orders newest first: not Cancelled, Shipped only while recent", async () => {
      const orders = await list(olga);
      // The set-up's orders (other cases add orders of their own to this account).
      expect(orders.map((o) => o.orderNumber).filter((n) => /^SO-A\d+$/.test(n))).toEqual([
        'SO-A6',
        'SO-A2',
        'SO-A1',
        'SO-A3',
        'SO-A7',
      ]);
    });

    it('gives every field of section 3, lines included, from the stored figures', async () => {
      const a1 = (await list(olga)).find((o) => o.orderNumber === 'SO-A1')!;
      // Lines: 30.00 + 2.70 + 1.00 + 10.00 + 9.95 = 53.65; VAT 20% = 10.73
      expect(a1).toMatchObject({
        orderNumber: 'SO-A1',
        reference: 'PO-778',
        location: 'MAIN1',
        despatchDate: null,
        orderedDate: toShortDate(isoDaysAgo(10)),
        amount: 53.65,
        vatAmount: 10.73,
        invoiceTotal: 64.38,
        totalOrderAmount: 53.65,
        isTrackingAvailable: false,
        status: 'Open',
        cancellation: null,
        deliveryAddress: {
          name: 'Main Office',
          address1: '1 Test Street',
          address2: '',
          city: 'Bristol',
          county: 'Avon',
          postcode: 'BS1 1AA',
          country: 'United Kingdom (Mainland)',
        },
      });
      expect(a1.openOrderLine).toHaveLength(5);
      expect(a1.openOrderLine[0]).toEqual({
        type: 'Item',
        itemNo: 'RB-100',
        description: 'Roller blind Charcoal',
        quantity: 2,
        quantityShipped: 0,
        location: 'MAIN1',
        unit: 'EACH',
        unitPrice: 15,
        lineDiscount: 25,
        total: 30,
      });
      expect(a1.openOrderLine[1]).toMatchObject({ unitPrice: 0.9, lineDiscount: 10, total: 2.7 });
      const a3 = (await list(olga)).find((o) => o.orderNumber === 'SO-A3')!;
      expect(a3).toMatchObject({
        status: 'Shipped',
        isTrackingAvailable: true,
        despatchDate: toShortDate(isoDaysAgo(3)),
      });
      expect(a3.orderedDate).toMatch(/^\d{2}\/\d{2}\/\d{2}$/);
    });

    it('shows each account only its own orders, and needs a session', async () => {
      expect((await list(bob)).map((o) => o.orderNumber)).toEqual(['SO-B1']);
      expect((await list(oscar)).length).toBe((await list(olga)).length);
      expect((await app.inject({ method: 'GET', url: pathOf(routes.listOpenOrders) })).statusCode).toBe(401);
    });
  });

  describe('tracking', () => {
    it('returns the tracking numbers in the order they were recorded, or an empty list', async () => {
      const res = await app.inject({
        method: 'GET',
        url: pathOf(routes.trackOrder, { orderNumber: 'SO-A3' }),
        headers: bearer(olga),
      });
      expect(trackOrderResponse.parse(res.json())).toEqual({ trackingId: ['TRK-1', 'TRK-2'] });
      const none = await app.inject({
        method: 'GET',
        url: pathOf(routes.trackOrder, { orderNumber: 'SO-A1' }),
        headers: bearer(olga),
      });
      expect(none.json()).toEqual({ trackingId: [] });
    });

    it("answers another account's order exactly like an unknown one", async () => {
      const theirs = await app.inject({
        method: 'GET',
        url: pathOf(routes.trackOrder, { orderNumber: 'SO-B1' }),
        headers: bearer(olga),
      });
      const unknown = await app.inject({
        method: 'GET',
        url: pathOf(routes.trackOrder, { orderNumber: 'SO-NOPE' }),
        headers: bearer(olga),
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(unknown.body);
    });
  });

  describe('cancel', () => {
    it('cancels an Open order once; it stays listed as Cancelled, with when and by whom', async () => {
      const before = new Date().toISOString();
      const res = await post(olga, pathOf(routes.cancelOrder, { orderNumber: 'SO-A6' }));
      expect(res.statusCode).toBe(200);
      expect(cancelOrderResponse.parse(res.json())).toEqual({ orderNumber: 'SO-A6', status: 'Cancelled' });
      // Seen by another user of the account too: the record names the one who cancelled.
      const a6 = (await list(oscar)).find((o) => o.orderNumber === 'SO-A6');
      expect(a6).toMatchObject({ status: 'Cancelled', cancellation: { by: 'customer', name: 'User olga' } });
      expect(a6!.cancellation!.at >= before && a6!.cancellation!.at <= new Date().toISOString()).toBe(true);
      // What the cancellation email reads: the user's id beside the name.
      const row = await handle.db
        .selectFrom('orders')
        .select(['cancelled_by', 'cancelled_by_user_id', 'cancelled_by_name'])
        .where('order_number', '=', 'SO-A6')
        .executeTakeFirstOrThrow();
      const olgaId = await handle.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'olga')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        cancelled_by: 'customer',
        cancelled_by_user_id: olgaId.id,
        cancelled_by_name: 'User olga',
      });
      // An order cancelled before who and when were recorded (SO-A5) is not listed.
      expect((await list(olga)).map((o) => o.orderNumber)).not.toContain('SO-A5');
      const again = await post(olga, pathOf(routes.cancelOrder, { orderNumber: 'SO-A6' }));
      expect(again.statusCode).toBe(409);
    });

    it('records a cancellation by the ERP or the admin CLI as the supplier; Cancelled is final, so the record stays', async () => {
      await insertOrder(handle.db, { accountId: accountA, orderNumber: 'SO-ERPX', orderedDaysAgo: 1 });
      await insertOrder(handle.db, { accountId: accountA, orderNumber: 'SO-ADMX', orderedDaysAgo: 1 });
      const statuses = composeStore(handle.db).orderStatus;
      await statuses.setOrderStatus({
        orderNumber: 'SO-ERPX',
        status: 'Cancelled',
        tracking: [],
        by: { kind: 'erp', name: 'Sage' },
      });
      const cancelled = (await list(olga)).find((o) => o.orderNumber === 'SO-ERPX');
      // The customer is told the supplier cancelled it, not which API client.
      expect(cancelled?.cancellation).toMatchObject({ by: 'erp', name: null });
      await expect(
        statuses.setOrderStatus({
          orderNumber: 'SO-ERPX',
          status: 'Open',
          tracking: [],
          by: { kind: 'admin', name: null },
        }),
      ).rejects.toMatchObject({ reason: 'transition' });
      expect((await list(olga)).find((o) => o.orderNumber === 'SO-ERPX')?.cancellation).toMatchObject({ by: 'erp' });
      await statuses.setOrderStatus({
        orderNumber: 'SO-ADMX',
        status: 'Cancelled',
        tracking: [],
        by: { kind: 'admin', name: null },
      });
      expect((await list(olga)).find((o) => o.orderNumber === 'SO-ADMX')?.cancellation).toMatchObject({ by: 'admin' });
    });

    it.each([
      [
        'In Progress',
        `Unable to cancel this order as it is currently in progress. Contact ${SUPPORT} for further assistance`,
      ],
      ['Shipped', `Unable to cancel this order as it has been shipped. Contact ${SUPPORT} for further assistance`],
    ])('refuses a %s order with the message for its status naming the support email', async (status, message) => {
      const n = `SO-X-${status.replace(' ', '')}`;
      await insertOrder(handle.db, { accountId: accountA, orderNumber: n, status });
      const res = await post(olga, pathOf(routes.cancelOrder, { orderNumber: n }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
      const row = await handle.db
        .selectFrom('orders')
        .select('status')
        .where('order_number', '=', n)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(status);
    });

    it('names the support email the operator configured', async () => {
      await handle.db.insertInto('settings').values({ key: 'support.email', value: 'help@trade.example' }).execute();
      try {
        const res = await post(olga, pathOf(routes.cancelOrder, { orderNumber: 'SO-A2' }));
        expect(res.json().message).toBe(MSG.cancelNotAllowed('help@trade.example'));
      } finally {
        await handle.db.deleteFrom('settings').where('key', '=', 'support.email').execute();
      }
    });

    it('refuses every cancel for a proforma account, even of an Open order', async () => {
      const res = await post(pam, pathOf(routes.cancelOrder, { orderNumber: 'SO-P1' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.cancelNotAllowed(SUPPORT));
      const row = await handle.db
        .selectFrom('orders')
        .select('status')
        .where('order_number', '=', 'SO-P1')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('Open');
    });

    it("answers another account's order like an unknown one and changes nothing", async () => {
      const theirs = await post(olga, pathOf(routes.cancelOrder, { orderNumber: 'SO-B1' }));
      const unknown = await post(olga, pathOf(routes.cancelOrder, { orderNumber: 'SO-NOPE' }));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(unknown.body);
      expect((await list(bob))[0]?.status).toBe('Open');
    });

    it('cannot race a status change: the status check is inside the UPDATE', async () => {
      const id = await insertOrder(handle.db, { accountId: accountA, orderNumber: 'SO-RACE' });
      // The warehouse picks the order up after our read but before our write.
      await handle.db.updateTable('orders').set({ status: 'In Progress' }).where('id', '=', id).execute();
      expect(await ordersRepository(handle.db).cancelIfAllowed(accountA, id, { userId: 0, name: '' })).toBe(false);
      // Two cancels at once: exactly one wins.
      const id2 = await insertOrder(handle.db, { accountId: accountA, orderNumber: 'SO-RACE2' });
      const results = await Promise.all([
        post(olga, pathOf(routes.cancelOrder, { orderNumber: 'SO-RACE2' })),
        post(oscar, pathOf(routes.cancelOrder, { orderNumber: 'SO-RACE2' })),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const row = await handle.db.selectFrom('orders').select('status').where('id', '=', id2).executeTakeFirstOrThrow();
      expect(row.status).toBe('Cancelled');
    });
  });

  describe('copy', () => {
    it("replaces the caller's basket with the order's items at today's prices, reporting items no longer sold", async () => {
      await app.inject({
        method: 'POST',
        url: pathOf(routes.addBasketLine),
        headers: bearer(olga),
        payload: { itemNumber: 'CS-7', quantity: 50 },
      });
      await app.inject({
        method: 'POST',
        url: pathOf(routes.addBasketLine),
        headers: bearer(oscar),
        payload: { itemNumber: 'CS-7', quantity: 7 },
      });
      const before = await getBasket(olga);
      const res = await post(olga, pathOf(routes.copyOrder, { orderNumber: 'SO-A1' }));
      expect(res.statusCode).toBe(200);
      expect(copyOrderResponse.parse(res.json())).toEqual({
        orderNumber: 'SO-A1',
        copiedLines: 2,
        skippedItems: ['OLD-1', 'GONE-9'],
      });
      const after = await getBasket(olga);
      expect(after.revision).toBeGreaterThan(before.revision);
      expect(after.basketLines.map((l) => [l.itemNumber, l.quantity])).toEqual([
        ['RB-100', 2],
        ['CS-7', 3],
      ]);
      // Today's price (list £20 less the account's 10%), not the £15 the order was placed at.
      expect(after.basketLines[0]).toMatchObject({ discountPrice: 18, totalLinePrice: 36 });
      // The colleague's basket is their own.
      expect((await getBasket(oscar)).basketLines.map((l) => [l.itemNumber, l.quantity])).toEqual([['CS-7', 7]]);
    });

    it("with mode=add keeps the basket's lines and adds the order's quantities to the same items", async () => {
      // First the spec's copy (the basket becomes SO-A1's lines: RB-100 x2, CS-7 x3), then add it again.
      expect((await post(olga, pathOf(routes.copyOrder, { orderNumber: 'SO-A1' }))).statusCode).toBe(200);
      const res = await post(olga, `${pathOf(routes.copyOrder, { orderNumber: 'SO-A1' })}?mode=add`);
      expect(res.statusCode).toBe(200);
      expect((await getBasket(olga)).basketLines.map((l) => [l.itemNumber, l.quantity])).toEqual([
        ['RB-100', 4],
        ['CS-7', 6],
      ]);
      // The spec's copy is the default and can be named; another mode is refused with a 400.
      const replaced = await post(olga, `${pathOf(routes.copyOrder, { orderNumber: 'SO-A1' })}?mode=replace`);
      expect(replaced.statusCode).toBe(200);
      expect((await getBasket(olga)).basketLines.map((l) => [l.itemNumber, l.quantity])).toEqual([
        ['RB-100', 2],
        ['CS-7', 3],
      ]);
      const bad = await post(olga, `${pathOf(routes.copyOrder, { orderNumber: 'SO-A1' })}?mode=merge`);
      expect(bad.statusCode).toBe(400);
    });

    it('leaves the basket alone when none of the items is still sold', async () => {
      const before = await getBasket(olga);
      const res = await post(olga, pathOf(routes.copyOrder, { orderNumber: 'SO-A7' }));
      expect(res.statusCode).toBe(409);
      expect(await getBasket(olga)).toEqual(before);
    });

    it("answers another account's order like an unknown one and leaves the basket alone", async () => {
      const before = await getBasket(olga);
      const theirs = await post(olga, pathOf(routes.copyOrder, { orderNumber: 'SO-B1' }));
      const unknown = await post(olga, pathOf(routes.copyOrder, { orderNumber: 'SO-NOPE' }));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(unknown.body);
      expect(await getBasket(olga)).toEqual(before);
    });
  });

  describe('order summary PDF', () => {
    it('renders a PDF from the stored order even when the posted payload lies', async () => {
      const res = await post(olga, pathOf(routes.downloadOrderStatement), {
        orderNumber: 'SO-A1',
        invoiceTotal: 1,
        amount: 999_999,
        reference: 'FORGED-REF',
        openOrderLine: [{ itemNo: 'FAKE-1', total: 123456 }],
        name: 'Someone Else',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      // Named after the order, so that several downloads can be told apart.
      expect(res.headers['content-disposition']).toBe('attachment; filename="SO-A1.pdf"');
      const pdf = res.rawPayload;
      expect(isPdf(pdf)).toBe(true);
      const text = pdfText(pdf);
      for (const s of [
        'Order Summary',
        'SO-A1',
        'PO-778',
        'Acme Blinds Ltd',
        'C-ACME',
        'RB-100',
        '£15.00',
        '£53.65',
        '£10.73',
        '£64.38',
        'GONE-9',
      ])
        expect(text).toContain(s);
      for (const s of ['FORGED-REF', 'FAKE-1', '999,999', 'Someone Else']) expect(text).not.toContain(s);
    });

    const poppler = hasPdftotext();
    if (!poppler) console.warn("SKIPPED: poppler's pdftotext is not installed (apt-get install poppler-utils)");
    it.skipIf(!poppler)(
      'names the totals under the lines as Open Order Enquiry does: before VAT, VAT, with VAT (read by pdftotext)',
      async () => {
        const res = await post(olga, pathOf(routes.downloadOrderStatement), { orderNumber: 'SO-A1' });
        expect(res.statusCode).toBe(200);
        const layout = pdftotextLayout(res.rawPayload)!;
        const order = (await list(olga)).find((o) => o.orderNumber === 'SO-A1')!;
        // The lines add up to the amount before VAT, which the PDF names as the screen does.
        expect(order.openOrderLine.reduce((sum, l) => sum + Math.round(l.total * 100), 0)).toBe(
          Math.round(order.amount * 100),
        );
        expect(labelledValues(layout, ['Items', MSG.totalExclVat, 'VAT', MSG.totalInclVat])).toEqual({
          Items: '5',
          [MSG.totalExclVat]: '£53.65',
          VAT: '£10.73',
          [MSG.totalInclVat]: '£64.38',
        });
        expect(order).toMatchObject({ amount: 53.65, vatAmount: 10.73, invoiceTotal: 64.38 });
      },
    );

    it("answers another account's order like an unknown one, and rejects a payload without an order number", async () => {
      const theirs = await post(olga, pathOf(routes.downloadOrderStatement), { orderNumber: 'SO-B1' });
      const unknown = await post(olga, pathOf(routes.downloadOrderStatement), { orderNumber: 'SO-NOPE' });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(unknown.body);
      expect((await post(olga, pathOf(routes.downloadOrderStatement), { invoiceTotal: 5 })).statusCode).toBe(400);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: pathOf(routes.downloadOrderStatement),
            payload: { orderNumber: 'SO-A1' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });
});
