import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  MSG,
  NEW_ADDRESS_REFERENCE,
  basket as basketSchema,
  basketHeader,
  basketSummary,
  type SubmitBasketHeader,
  SERVER_MSG,
  pathOf,
  routes,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { nowIso, todayIso } from '../../lib/time.js';
import { paymentBody } from './checkout.test-helpers.js';
import { CREDIT_CANNOT_PAY, EMPTY_BASKET, PROFORMA_MUST_PAY } from './checkout.service.js';

const SUPPORT = 'tradesupport@harbourhome.example';

const newAddress: SubmitBasketHeader = {
  externalDocNo: 'PO-7781',
  deliveryCode: NEW_ADDRESS_REFERENCE,
  name: 'Site Office',
  address: '9 Harbour Road',
  address2: 'Unit 2',
  city: 'Plymouth',
  county: 'Devon',
  country: 'United Kingdom (Mainland)',
  postCode: 'PL1 2AB',
  phoneNo: '+441752000000',
};

describe.each(testEngines())('checkout API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  // Each case logs in new users of these accounts, so it starts from empty baskets of its own.
  let creditAccount: number; // GBP, 10% off, carriage 9.95 free over 250, VAT 20%
  let otherAccount: number; // another credit account
  let euroAccount: number; // EUR, VAT 23%, carriage 15.00 always
  let stopAccount: number;
  let proformaAccount: number;
  let users = 0;
  const userIds = new Map<string, number>();
  /** A new user of the account, logged in (its id is in `userIds` under the token). */
  const buyer = async (account: number) => {
    const username = `buyer${++users}`;
    const id = await insertUser(handle.db, account, username);
    const token = (await login(app, username)).accessToken;
    userIds.set(token, id);
    return token;
  };
  const ordersOf = (token: string) =>
    handle.db.selectFrom('orders').select('id').where('user_id', '=', userIds.get(token)!).execute();

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    creditAccount = await insertAccount(handle.db, {
      name: 'Gina Blinds Ltd',
      contact: 'Gina Jones',
      address1: '1 Invoice Street',
      postcode: 'BS1 1AA',
    });
    otherAccount = await insertAccount(handle.db);
    euroAccount = await insertAccount(handle.db, {
      currency_code: 'EUR',
      vat_rate_bp: 2300,
      discount_bp: 0,
      carriage_minor: 1500,
      carriage_free_over_minor: 0,
    });
    stopAccount = await insertAccount(handle.db, { on_stop: 1 });
    proformaAccount = await insertAccount(handle.db, { is_proforma: 1, credit_limit_minor: 0 });
    await handle.db
      .insertInto('delivery_addresses')
      .values({
        account_id: creditAccount,
        reference: 'WAREHOUSE',
        name: 'Gina Warehouse',
        address1: '7 Dock Road',
        address2: '',
        city: 'Bristol',
        county: 'Avon',
        country: 'United Kingdom (Mainland)',
        postcode: 'BS11 8DD',
        phone_number: '01170000001',
      })
      .execute();
    await insertProduct(handle.db, {
      itemNumber: 'RB-100',
      description: 'Roller blind Blackout Charcoal',
      stock: 1250,
      gbpE5: 2_000_000, // £20.00 list, £18.00 at 10% off
      eurE5: 2_340_000,
      tiers: [
        { currency: 'GBP', minimumQuantity: 10, priceE5: 1_700_000 },
        { currency: 'EUR', minimumQuantity: 10, priceE5: 1_999_999 },
      ],
    });
    await insertProduct(handle.db, {
      itemNumber: 'CS-7',
      description: 'Bead chain connector',
      type: 'Components',
      range: 'Chains',
      gbpE5: 12_345,
      stock: 5,
    });
    // An existing order numbered like the seed's: new orders must number above it.
    const now = nowIso();
    await handle.db
      .insertInto('orders')
      .values({
        order_number: 'SO-250017',
        account_id: otherAccount,
        user_id: null,
        reference: 'OLD',
        status: 'Shipped',
        location: 'MAIN1',
        ordered_date: '2025-01-02',
        despatch_date: null,
        currency_code: 'GBP',
        amount_minor: 100,
        vat_minor: 20,
        total_minor: 120,
        address_reference: 'INVOICE',
        delivery_name: 'x',
        delivery_address1: 'x',
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
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const getBasket = async (token: string) =>
    basketSchema.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasket), headers: bearer(token) })).json(),
    );
  const amount = async (token: string) =>
    basketSummary.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasketAmount), headers: bearer(token) })).json(),
    );
  const add = (token: string, itemNumber: string, quantity: number) =>
    app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: bearer(token),
      payload: { itemNumber, quantity },
    });
  const header = (token: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasketHeader),
      headers: bearer(token),
      payload: payload as object,
    });
  const submit = (token: string, revision: number, total: number) =>
    app.inject({
      method: 'POST',
      url: pathOf(routes.submitBasket, { id: revision }),
      headers: bearer(token),
      payload: { amount: total },
    });
  const orderByNumber = (n: string) =>
    handle.db.selectFrom('orders').selectAll().where('order_number', '=', n).executeTakeFirstOrThrow();
  const linesOf = (orderId: number) =>
    handle.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute();
  const issues = (res: { json(): unknown }) =>
    (res.json() as { issues?: { path: string; message: string }[] }).issues ?? [];

  describe('POST /basket/header', () => {
    it('answers the INVOICE defaults before anything is stored', async () => {
      const credit = await buyer(creditAccount);
      const res = await app.inject({ method: 'GET', url: pathOf(routes.getBasketHeader), headers: bearer(credit) });
      expect(basketHeader.parse(res.json())).toMatchObject({
        saved: false,
        addressReference: 'INVOICE',
        purchaseOrder: '',
        name: 'Gina Blinds Ltd',
        address1: '1 Invoice Street',
        contact: 'Gina Jones',
        invoiceAddress: {
          reference: 'INVOICE',
          name: 'Gina Blinds Ltd',
          address1: '1 Invoice Street',
          postcode: 'BS1 1AA',
        },
      });
    });

    it('gives the section 5 messages', async () => {
      const credit = await buyer(creditAccount);
      expect(issues(await header(credit, { externalDocNo: '' }))).toEqual([
        { path: 'externalDocNo', message: MSG.missingDeliveryInformation },
      ]);
      expect(issues(await header(credit, { externalDocNo: 'P'.repeat(21) }))).toEqual([
        { path: 'externalDocNo', message: MSG.purchaseOrderTooLong },
      ]);
      const res = await header(credit, {
        ...newAddress,
        name: '',
        address: 'a'.repeat(51),
        city: 'c'.repeat(31),
        county: '',
        postCode: '',
        phoneNo: '01-23',
        country: 'N/A',
      });
      expect(res.statusCode).toBe(400);
      expect(issues(res)).toEqual(
        expect.arrayContaining([
          { path: 'name', message: 'Required' },
          { path: 'address', message: 'Max 50 Characters' },
          { path: 'city', message: 'Max 30 Characters' },
          { path: 'county', message: 'Required' },
          { path: 'postCode', message: 'Required' },
          { path: 'phoneNo', message: 'Must be number' },
          { path: 'country', message: 'Required' },
        ]),
      );
    });

    it('refuses an unknown saved reference and an unknown country', async () => {
      const credit = await buyer(creditAccount);
      const other = await buyer(otherAccount);
      const unknown = await header(credit, { externalDocNo: 'PO1', deliveryCode: 'NOPE' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toMatch(/Unknown delivery address reference/);
      expect((await header(credit, { ...newAddress, country: 'Narnia' })).statusCode).toBe(400);
      // Another account's saved reference is unknown here too.
      expect((await header(other, { externalDocNo: 'PO1', deliveryCode: 'WAREHOUSE' })).statusCode).toBe(400);
    });

    it('takes INVOICE and saved addresses from the account, never from the payload', async () => {
      const credit = await buyer(creditAccount);
      const inv = await header(credit, {
        externalDocNo: 'PO-1',
        deliveryCode: 'INVOICE',
        name: 'Evil',
        address: 'Somewhere else',
      });
      expect(inv.statusCode).toBe(200);
      expect(inv.json()).toMatchObject({
        addressReference: 'INVOICE',
        purchaseOrder: 'PO-1',
        name: 'Gina Blinds Ltd',
        address1: '1 Invoice Street',
        saved: true,
      });
      const saved = await header(credit, { externalDocNo: 'PO-2', deliveryCode: 'WAREHOUSE', address: 'ignored' });
      expect(saved.json()).toMatchObject({
        addressReference: 'WAREHOUSE',
        name: 'Gina Warehouse',
        address1: '7 Dock Road',
        postcode: 'BS11 8DD',
      });
      const fresh = await header(credit, { ...newAddress, country: 'GB' });
      expect(fresh.json()).toMatchObject({
        addressReference: NEW_ADDRESS_REFERENCE,
        name: 'Site Office',
        address1: '9 Harbour Road',
        country: 'United Kingdom (Mainland)',
        phoneNumber: '+441752000000',
      });
      const stored = await app.inject({ method: 'GET', url: pathOf(routes.getBasketHeader), headers: bearer(credit) });
      expect(stored.json()).toMatchObject({ saved: true, purchaseOrder: 'PO-7781', city: 'Plymouth' });
    });

    it('accepts a phone number with spaces and a leading + and stores it normalised', async () => {
      const credit = await buyer(creditAccount);
      for (const [typed, stored] of [
        ['01234 567890', '01234567890'],
        ['+353 1 555 0192', '+35315550192'],
      ]) {
        const res = await header(credit, { ...newAddress, phoneNo: typed });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ phoneNumber: stored });
        const got = await app.inject({ method: 'GET', url: pathOf(routes.getBasketHeader), headers: bearer(credit) });
        expect(got.json()).toMatchObject({ phoneNumber: stored });
      }
    });

    it('does not change the basket revision', async () => {
      const credit = await buyer(creditAccount);
      const before = (await getBasket(credit)).revision;
      await header(credit, newAddress);
      expect((await getBasket(credit)).revision).toBe(before);
    });
  });

  describe('POST /basket/submit/{revision}', () => {
    it('refuses an empty basket', async () => {
      const colleague = await buyer(creditAccount);
      const b = await getBasket(colleague);
      const res = await submit(colleague, b.revision, 0);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(EMPTY_BASKET);
    });

    it('needs the purchase order, name and address1 stored', async () => {
      const colleague = await buyer(creditAccount);
      await add(colleague, 'CS-7', 1);
      const b = await getBasket(colleague);
      const res = await submit(colleague, b.revision, (await amount(colleague)).totalAmount);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.missingDeliveryInformation);
      // A purchase order stored too long (by an older client, say) is refused at submission too.
      await header(colleague, { externalDocNo: 'PO', deliveryCode: 'INVOICE' });
      await handle.db
        .updateTable('baskets')
        .set({ purchase_order: 'X'.repeat(21) })
        .where('revision', '=', b.revision)
        .where('account_id', '=', creditAccount)
        .execute();
      const long = await submit(colleague, b.revision, (await amount(colleague)).totalAmount);
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(MSG.purchaseOrderTooLong);
    });

    it('answers 409 when the basket changed since review, or the amount shown differs', async () => {
      const credit = await buyer(creditAccount);
      await add(credit, 'RB-100', 2);
      const reviewed = await getBasket(credit);
      const shown = (await amount(credit)).totalAmount;
      await add(credit, 'CS-7', 3); // changed in another tab
      const stale = await submit(credit, reviewed.revision, shown);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(MSG.basketUpdatedDuringCheckout);
      const now = await getBasket(credit);
      const wrongAmount = await submit(credit, now.revision, shown);
      expect(wrongAmount.statusCode).toBe(409);
      expect(await ordersOf(credit)).toEqual([]);
    });

    it('answers 409 for a reviewed revision that is no longer current even when the total is the same', async () => {
      const credit = await buyer(creditAccount);
      await add(credit, 'RB-100', 2);
      await add(credit, 'CS-7', 3);
      await header(credit, newAddress);
      const reviewed = await getBasket(credit);
      const shown = (await amount(credit)).totalAmount;
      // Another tab changes a line and changes it back: a new revision with the very same total.
      const line = reviewed.basketLines.find((l) => l.itemNumber === 'RB-100')!;
      const patch = (quantity: number) =>
        app.inject({
          method: 'PATCH',
          url: pathOf(routes.updateBasketLine),
          headers: bearer(credit),
          payload: { lineNumber: line.lineNumber, quantity },
        });
      expect((await patch(line.quantity + 1)).statusCode).toBe(200);
      expect((await patch(line.quantity)).statusCode).toBe(200);
      const now = await getBasket(credit);
      expect(now.revision).toBeGreaterThan(reviewed.revision);
      expect((await amount(credit)).totalAmount).toBe(shown);
      const stale = await submit(credit, reviewed.revision, shown);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(MSG.basketUpdatedDuringCheckout);
      expect(await ordersOf(credit)).toEqual([]);
    });

    it('places the order in one go: lines, carriage charge, delivery details, totals; the basket empties', async () => {
      const credit = await buyer(creditAccount);
      await add(credit, 'RB-100', 2);
      await add(credit, 'CS-7', 3);
      await header(credit, newAddress);
      const b = await getBasket(credit);
      const s = await amount(credit);
      // RB-100 x2 at 18.00 = 36.00; CS-7 x3 at 0.11111 = 0.33; carriage 9.95; VAT 20%.
      expect(s).toEqual({ amount: 46.28, totalVAT: 9.26, totalAmount: 55.54 });
      const res = await submit(credit, b.revision, s.totalAmount);
      expect(res.statusCode).toBe(200);
      const { orderNumber } = res.json() as { orderNumber: string };
      // Numbered above the orders already there (SO-250017), whichever case placed one first.
      expect(orderNumber).toMatch(/^SO-\d{6}$/);
      expect(Number(orderNumber.slice(3))).toBeGreaterThan(250_017);
      const order = await orderByNumber(orderNumber);
      expect(order).toMatchObject({
        account_id: creditAccount,
        status: 'Open',
        location: 'MAIN1',
        ordered_date: todayIso(),
        reference: 'PO-7781',
        currency_code: 'GBP',
        address_reference: NEW_ADDRESS_REFERENCE,
        delivery_name: 'Site Office',
        delivery_address1: '9 Harbour Road',
        delivery_postcode: 'PL1 2AB',
        source_revision: b.revision,
        payment_id: null,
      });
      expect([Number(order.amount_minor), Number(order.vat_minor), Number(order.total_minor)]).toEqual([
        4628, 926, 5554,
      ]);
      const lines = (await linesOf(order.id)).map((l) => ({
        ...l,
        unit_price_e5: Number(l.unit_price_e5),
        total_minor: Number(l.total_minor),
      }));
      expect(lines).toEqual([
        expect.objectContaining({
          line_no: 1,
          type: 'Item',
          item_no: 'RB-100',
          quantity: 2,
          unit_price_e5: 1_800_000,
          line_discount_bp: 1000,
          total_minor: 3600,
          location: 'MAIN1',
        }),
        expect.objectContaining({
          line_no: 2,
          type: 'Item',
          item_no: 'CS-7',
          quantity: 3,
          unit_price_e5: 11_111,
          total_minor: 33,
        }),
        expect.objectContaining({
          line_no: 3,
          type: 'Charge',
          item_no: 'CARRIAGE',
          quantity: 1,
          total_minor: 995,
          product_id: null,
        }),
      ]);
      const after = await getBasket(credit);
      expect(after.basketLines).toEqual([]);
      expect(after.revision).toBeGreaterThan(b.revision);
      // The header went with the order: the next checkout starts from INVOICE again.
      expect(
        (await app.inject({ method: 'GET', url: pathOf(routes.getBasketHeader), headers: bearer(credit) })).json(),
      ).toMatchObject({ saved: false });

      const conf = await app.inject({
        method: 'GET',
        url: pathOf(routes.getOrderConfirmation),
        headers: bearer(credit),
      });
      expect(conf.json()).toEqual({ orderNumber, reference: 'PO-7781', totalAmount: 55.54, status: 'Open' });
      // Only a recent order is confirmed: the return URL opened by hand later announces nothing.
      const old = new Date(Date.now() - 31 * 60_000).toISOString();
      await handle.db.updateTable('orders').set({ created_at: old }).where('order_number', '=', orderNumber).execute();
      expect(
        (await app.inject({ method: 'GET', url: pathOf(routes.getOrderConfirmation), headers: bearer(credit) }))
          .statusCode,
      ).toBe(404);
      // The same revision again answers the same order (a double click, a retry).
      const again = await submit(credit, b.revision, s.totalAmount);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ orderNumber, status: 'Open' });
    });

    it('applies multi-buy tiers and free carriage over the threshold', async () => {
      const credit = await buyer(creditAccount);
      await add(credit, 'RB-100', 20); // tier 17.00 x 20 = 340.00, over 250: carriage free
      await header(credit, { externalDocNo: 'PO-TIER', deliveryCode: 'WAREHOUSE' });
      const b = await getBasket(credit);
      const s = await amount(credit);
      expect(s).toEqual({ amount: 340, totalVAT: 68, totalAmount: 408 });
      const { orderNumber } = (await submit(credit, b.revision, s.totalAmount)).json() as { orderNumber: string };
      const order = await orderByNumber(orderNumber);
      expect(order).toMatchObject({
        address_reference: 'WAREHOUSE',
        delivery_name: 'Gina Warehouse',
        reference: 'PO-TIER',
      });
      const lines = await linesOf(order.id);
      expect(lines.map((l) => [l.type, Number(l.unit_price_e5), l.line_discount_bp, Number(l.total_minor)])).toEqual([
        ['Item', 1_700_000, 1500, 34_000],
        ['Charge', 0, 0, 0],
      ]);
    });

    it('prices euro orders in cents with the account VAT', async () => {
      const euro = await buyer(euroAccount);
      await add(euro, 'RB-100', 3); // 23.40 x 3 = 70.20 + 15.00 carriage = 85.20; VAT 23% = 19.60
      await header(euro, { externalDocNo: 'EU-1', deliveryCode: 'INVOICE' });
      const b = await getBasket(euro);
      const s = await amount(euro);
      expect(s).toEqual({ amount: 85.2, totalVAT: 19.6, totalAmount: 104.8 });
      const res = await submit(euro, b.revision, s.totalAmount);
      expect(res.statusCode).toBe(200);
      const order = await orderByNumber(res.json().orderNumber);
      expect(order.currency_code).toBe('EUR');
      expect([Number(order.amount_minor), Number(order.vat_minor), Number(order.total_minor)]).toEqual([
        8520, 1960, 10_480,
      ]);
    });

    it('gives exactly one order for 20 concurrent submissions of one revision', async () => {
      const credit = await buyer(creditAccount);
      await add(credit, 'CS-7', 7);
      await header(credit, { externalDocNo: 'PO-RACE', deliveryCode: 'INVOICE' });
      const b = await getBasket(credit);
      const s = await amount(credit);
      const results = await Promise.all(Array.from({ length: 20 }, () => submit(credit, b.revision, s.totalAmount)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const numbers = new Set(results.map((r) => (r.json() as { orderNumber: string }).orderNumber));
      expect(numbers.size).toBe(1);
      const rows = await handle.db.selectFrom('orders').select('id').where('reference', '=', 'PO-RACE').execute();
      expect(rows).toHaveLength(1);
    });

    it('numbers concurrent orders of different customers uniquely', async () => {
      const credit = await buyer(creditAccount);
      const colleague = await buyer(creditAccount);
      const other = await buyer(otherAccount);
      const racers = [credit, colleague, other];
      for (const t of racers) {
        await add(t, 'CS-7', 2);
        await header(t, { externalDocNo: 'PO-MANY', deliveryCode: 'INVOICE' });
      }
      const res = await Promise.all(
        racers.map(async (t) => submit(t, (await getBasket(t)).revision, (await amount(t)).totalAmount)),
      );
      expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(res.map((r) => r.json().orderNumber)).size).toBe(3);
    });

    it('tells an account on stop why it cannot order, with the support email', async () => {
      const onStop = await buyer(stopAccount);
      await add(onStop, 'CS-7', 1);
      await header(onStop, { externalDocNo: 'PO', deliveryCode: 'INVOICE' });
      const res = await submit(onStop, (await getBasket(onStop)).revision, (await amount(onStop)).totalAmount);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.accountOnStop(SUPPORT));
    });

    it("refuses a credit order beyond the account's available credit, saying to contact the office", async () => {
      // £100 limit, £60 owed: £40 available.
      const tight = await insertAccount(handle.db, { credit_limit_minor: 10_000, balance_minor: 6_000 });
      await insertUser(handle.db, tight, 'tess');
      const tess = (await login(app, 'tess')).accessToken;
      await add(tess, 'RB-100', 3); // 3 x £18.00 plus carriage and VAT: over £40
      await header(tess, { externalDocNo: 'PO-BIG', deliveryCode: 'INVOICE' });
      const over = await submit(tess, (await getBasket(tess)).revision, (await amount(tess)).totalAmount);
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe(SERVER_MSG.overCreditLimit(SUPPORT));
      const placed = await handle.db.selectFrom('orders').select('id').where('account_id', '=', tight).execute();
      expect(placed).toEqual([]);
      // Within the available credit the same account orders as usual.
      const lineNumber = (await getBasket(tess)).basketLines[0]!.lineNumber;
      await app.inject({
        method: 'PATCH',
        url: pathOf(routes.updateBasketLine),
        headers: bearer(tess),
        payload: { lineNumber, quantity: 1 },
      });
      const ok = await submit(tess, (await getBasket(tess)).revision, (await amount(tess)).totalAmount);
      expect(ok.statusCode).toBe(200);
    });

    it('counts the orders not yet invoiced against the credit limit, as well as the balance', async () => {
      const roomy = await insertAccount(handle.db, { credit_limit_minor: 1_000_000, balance_minor: 0 });
      await insertUser(handle.db, roomy, 'ursula');
      const ursula = (await login(app, 'ursula')).accessToken;
      await add(ursula, 'RB-100', 1);
      await header(ursula, { externalDocNo: 'PO-FIRST', deliveryCode: 'INVOICE' });
      const first = (await amount(ursula)).totalAmount;
      const placed = await submit(ursula, (await getBasket(ursula)).revision, first);
      expect(placed.statusCode).toBe(200);
      await add(ursula, 'RB-100', 1);
      await header(ursula, { externalDocNo: 'PO-SECOND', deliveryCode: 'INVOICE' });
      const second = (await amount(ursula)).totalAmount;
      // A limit a penny short of both orders: the balance (0) alone would leave room for the second.
      const limit = Math.round((first + second) * 100) - 1;
      await handle.db.updateTable('accounts').set({ credit_limit_minor: limit }).where('id', '=', roomy).execute();
      const over = await submit(ursula, (await getBasket(ursula)).revision, second);
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe(SERVER_MSG.overCreditLimit(SUPPORT));
      // Once the first order no longer counts (cancelled), the second fits.
      await handle.db
        .updateTable('orders')
        .set({ status: 'Cancelled' })
        .where('order_number', '=', placed.json().orderNumber)
        .execute();
      const ok = await submit(ursula, (await getBasket(ursula)).revision, second);
      expect(ok.statusCode).toBe(200);
    });

    it('warns of a purchase order used before on the account, and still places the order', async () => {
      const other = await buyer(otherAccount);
      const acc = await insertAccount(handle.db, { credit_limit_minor: 0 });
      await insertUser(handle.db, acc, 'vera');
      await insertUser(handle.db, acc, 'vic');
      const vera = (await login(app, 'vera')).accessToken;
      const vic = (await login(app, 'vic')).accessToken;
      await add(vera, 'RB-100', 1);
      const fresh = await header(vera, { externalDocNo: 'PO-TWICE', deliveryCode: 'INVOICE' });
      expect(fresh.json().purchaseOrderUsedOn).toBeNull();
      const first = await submit(vera, (await getBasket(vera)).revision, (await amount(vera)).totalAmount);
      expect(first.statusCode).toBe(200);
      // A colleague on the same account reuses it: warned on both the POST and the GET, not refused.
      await add(vic, 'RB-100', 1);
      const again = await header(vic, { externalDocNo: 'PO-TWICE', deliveryCode: 'INVOICE' });
      expect(again.statusCode).toBe(200);
      expect(again.json().purchaseOrderUsedOn).toBe(first.json().orderNumber);
      const stored = await app.inject({ method: 'GET', url: pathOf(routes.getBasketHeader), headers: bearer(vic) });
      expect(stored.json().purchaseOrderUsedOn).toBe(first.json().orderNumber);
      // Another account's orders never count.
      const otherPo = await header(other, { externalDocNo: 'PO-TWICE', deliveryCode: 'INVOICE' });
      expect(otherPo.json().purchaseOrderUsedOn).toBeNull();
      const second = await submit(vic, (await getBasket(vic)).revision, (await amount(vic)).totalAmount);
      expect(second.statusCode).toBe(200);
    });

    it('sends proforma accounts to payment and credit accounts away from it', async () => {
      const credit = await buyer(creditAccount);
      const proforma = await buyer(proformaAccount);
      await add(proforma, 'CS-7', 1);
      await header(proforma, { externalDocNo: 'PO', deliveryCode: 'INVOICE' });
      const res = await submit(proforma, (await getBasket(proforma)).revision, (await amount(proforma)).totalAmount);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PROFORMA_MUST_PAY);
      await add(credit, 'CS-7', 1);
      const pay = await app.inject({
        method: 'POST',
        url: pathOf(routes.requestOrderPayment),
        headers: bearer(credit),
        payload: paymentBody((await amount(credit)).totalAmount),
      });
      expect(pay.statusCode).toBe(403);
      expect(pay.json().message).toBe(CREDIT_CANNOT_PAY);
    });

    it("never reaches another account's basket lines", async () => {
      const other = await buyer(otherAccount);
      const euro = await buyer(euroAccount);
      await add(other, 'RB-100', 1);
      const lineNumber = (await getBasket(other)).basketLines[0]!.lineNumber;
      const patch = await app.inject({
        method: 'PATCH',
        url: pathOf(routes.updateBasketLine),
        headers: bearer(euro),
        payload: { lineNumber, quantity: 99 },
      });
      expect(patch.statusCode).toBe(404);
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: pathOf(routes.deleteBasketLine, { id: lineNumber }),
            headers: bearer(euro),
          })
        ).statusCode,
      ).toBe(404);
      // Submitting "their" revision from another account places nothing of theirs.
      const theirs = await getBasket(other);
      const res = await submit(euro, theirs.revision, (await amount(other)).totalAmount);
      expect(res.statusCode).not.toBe(200);
      expect((await getBasket(other)).basketLines[0]?.quantity).toBe(1);
    });

    it('needs a session', async () => {
      expect(
        (await app.inject({ method: 'POST', url: pathOf(routes.submitBasket, { id: '1' }), payload: { amount: 1 } }))
          .statusCode,
      ).toBe(401);
      expect((await app.inject({ method: 'GET', url: pathOf(routes.getOrderConfirmation) })).statusCode).toBe(401);
    });
  });
});
