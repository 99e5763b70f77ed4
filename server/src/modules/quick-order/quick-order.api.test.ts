import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  addQuickOrderResponse,
  basket as basketSchema,
  basketPriceBreaks,
  MSG,
  DELIVERY_MSG,
  QUICK_MSG,
  QUICK_ORDER_MAX_LINES,
  quickOrderCheck,
  type QuickOrderLineInput,
  pathOf,
  routes,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { isoDaysAgo, insertOrder } from '../orders/orders.fixtures.js';

const inDays = (days: number) => isoDaysAgo(-days);
const short = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;

describe.each(testEngines())('quick order and price breaks on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let accountId: number; // GBP, 10% off
  let eurAccount: number; // EUR, no discount
  let users = 0;
  /** A new user of the account, logged in: each case starts from an empty basket of its own. */
  const buyer = async (account: number) => {
    const username = `buyer${++users}`;
    await insertUser(handle.db, account, username);
    return (await login(app, username)).accessToken;
  };
  let rollerId: number;

  const post = (token: string, url: string, lines: QuickOrderLineInput[]) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload: { lines } });
  const check = async (token: string, lines: QuickOrderLineInput[]) => {
    const res = await post(token, pathOf(routes.checkQuickOrder), lines);
    expect(res.statusCode, res.body).toBe(200);
    return quickOrderCheck.parse(res.json());
  };
  const getBasket = async (token: string) =>
    basketSchema.parse((await app.inject({ url: pathOf(routes.getBasket), headers: bearer(token) })).json());
  const breaks = async (token: string) => {
    const res = await app.inject({ url: pathOf(routes.getBasketPriceBreaks), headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return basketPriceBreaks.parse(res.json());
  };
  const line = (itemNumber: string, quantity: string) => ({ itemNumber, quantity });

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    accountId = await insertAccount(handle.db);
    eurAccount = await insertAccount(handle.db, { currency_code: 'EUR', discount_bp: 0 });
    rollerId = (
      await insertProduct(handle.db, {
        itemNumber: 'RB-BLK-0001',
        description: 'Roller blind blackout',
        stock: 6,
        gbpE5: 200_000, // £2.00, £1.80 to this account
        eurE5: 230_000,
        tiers: [
          { currency: 'GBP', minimumQuantity: 5, priceE5: 190_000 }, // not below the account's £1.80: no offer
          { currency: 'GBP', minimumQuantity: 10, priceE5: 150_000 },
          { currency: 'GBP', minimumQuantity: 50, priceE5: 120_000 },
        ],
      })
    ).productId;
    await insertProduct(handle.db, { itemNumber: 'RB-BLK-0002', gbpE5: 100_000, stock: 100 });
    await insertProduct(handle.db, { itemNumber: 'RB-WHT-0001', gbpE5: 100_000, stock: 100 });
    await insertProduct(handle.db, { itemNumber: 'CS-7', gbpE5: 12_345, stock: 2 });
    await insertProduct(handle.db, { itemNumber: 'OLD-1', gbpE5: 100_000, active: 0 });
    await insertProduct(handle.db, { itemNumber: 'EU-ONLY', gbpE5: 1, eurE5: 100_000, stock: 5 });
    await handle.db
      .deleteFrom('product_prices')
      .where('currency_code', '=', 'GBP')
      .where('product_id', 'in', handle.db.selectFrom('products').select('id').where('item_number', '=', 'EU-ONLY'))
      .execute();
    await handle.db
      .deleteFrom('product_prices')
      .where('currency_code', '=', 'EUR')
      .where('product_id', 'in', handle.db.selectFrom('products').select('id').where('item_number', '=', 'RB-WHT-0001'))
      .execute();
    await handle.db
      .insertInto('inbound_deliveries')
      .values([
        { product_id: rollerId, quantity: 10, due_date: inDays(20) },
        { product_id: rollerId, quantity: 4, due_date: inDays(5) },
      ])
      .execute();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('answers every line at once: ready, merged, unknown with the nearest codes, discontinued, not sold, bad quantities', async () => {
    const gina = await buyer(accountId);
    const res = await check(gina, [
      line('rb-blk-0002', '3'), // any case
      line('RB-BLK-0002', '4'), // the same code again: merged
      line('RB-BLK-0003', '1'), // unknown
      line('OLD-1', '1'),
      line('EU-ONLY', '1'),
      line('RB-WHT-0001', '2.5'),
      line('CS-7', '0'),
      line('RB-BLK-0002 ', ''), // merged; its missing quantity makes the line wrong
      line('', ''), // blank: ignored
      line(' ', '4'), // a quantity without a code
      line('RB-WHT-0001', '1000000'),
    ]);
    const byCode = new Map(res.lines.map((l) => [l.itemNumber, l]));
    expect(res.lines.map((l) => [l.itemNumber, l.status])).toEqual([
      ['RB-BLK-0002', 'badQuantity'],
      ['RB-BLK-0003', 'unknown'],
      ['OLD-1', 'discontinued'],
      ['EU-ONLY', 'notSold'],
      ['RB-WHT-0001', 'badQuantity'],
      ['CS-7', 'badQuantity'],
      ['', 'unknown'],
    ]);
    expect(byCode.get('RB-BLK-0002')).toMatchObject({ rows: [0, 1, 7], quantity: '', message: QUICK_MSG.notWhole });
    expect(byCode.get('RB-BLK-0003')!.suggestions).toEqual(['RB-BLK-0001', 'RB-BLK-0002']);
    expect(byCode.get('RB-BLK-0003')!.message).toBe(QUICK_MSG.unknownCode('RB-BLK-0003'));
    expect(byCode.get('EU-ONLY')!.message).toBe(QUICK_MSG.notSold('GBP'));
    // The merged quantity is the first part that is not a whole number.
    expect(byCode.get('RB-WHT-0001')).toMatchObject({ rows: [5, 10], quantity: '2.5' });
    expect(byCode.get('')).toMatchObject({ rows: [9], message: QUICK_MSG.missingCode, suggestions: [] });
    expect(res).toMatchObject({ ready: 0, invalid: 7 });

    const ok = await check(gina, [line('rb-blk-0002', '3'), line('RB-BLK-0002', '4'), line('RB-WHT-0001', '1000000')]);
    expect(ok.lines[0]).toMatchObject({ itemNumber: 'RB-BLK-0002', quantity: '7', status: 'ready', unitPrice: 0.9 });
    expect(ok.lines[1]).toMatchObject({ status: 'badQuantity', message: QUICK_MSG.aboveLimit(999_999) });
  });

  it('says when stock is short and which due-in delivery covers the quantity', async () => {
    const gina = await buyer(accountId);
    const res = await check(gina, [line('RB-BLK-0001', '9'), line('RB-BLK-0001', '11'), line('CS-7', '5')]);
    // 6 in stock + 4 due in 5 days covers up to 10; 20 needs the delivery in 20 days.
    expect(res.lines[0]).toMatchObject({ quantity: '20', status: 'short', dueDate: short(inDays(20)), stock: 6 });
    // The 14 short arrive in two deliveries: each is said, not only the one that covers.
    expect(res.lines[0]!.message).toBe(
      QUICK_MSG.stockShortSplit(
        6,
        DELIVERY_MSG.split(0, [
          { quantity: 4, date: inDays(5) },
          { quantity: 10, date: inDays(20) },
        ]),
      ),
    );
    expect(res.lines[0]!.message).toMatch(/^Only 6 in stock; the rest arrives 4 on \d+ \w+, 10 on \d+ \w+$/);
    // Nothing due for CS-7.
    expect(res.lines[1]).toMatchObject({ status: 'short', dueDate: null, message: QUICK_MSG.stockShortNoDate(2) });
    const nine = await check(gina, [line('RB-BLK-0001', '9')]);
    expect(nine.lines[0]).toMatchObject({ status: 'short', dueDate: short(inDays(5)) });
    expect(nine.lines[0]!.message).toBe(QUICK_MSG.stockShortDue(6, short(inDays(5))));
    const more = await check(gina, [line('RB-BLK-0001', '30')]);
    expect(more.lines[0]).toMatchObject({ status: 'short', dueDate: null });
    expect(more.lines[0]!.message).toMatch(/; the rest arrives 4 on .*, 10 on .*, 10 no date yet$/);
    expect(res).toMatchObject({ ready: 2, invalid: 0 });
  });

  it('flags a quantity with a thousands comma the browser could not read for sure', async () => {
    const gina = await buyer(accountId);
    const res = await check(gina, [line('RB-BLK-0002', '1,000')]);
    expect(res.lines[0]).toMatchObject({
      status: 'badQuantity',
      quantity: '1,000',
      message: QUICK_MSG.thousandsUnclear('1,000'),
    });
    expect(res.lines[0]!.message).toBe('Is 1,000 meant as 1000? Type the quantity without a comma');
  });

  it("checks in the caller's currency", async () => {
    const eamon = await buyer(eurAccount);
    const res = await check(eamon, [line('EU-ONLY', '1'), line('RB-WHT-0001', '1')]);
    expect(res.lines.map((l) => l.status)).toEqual(['ready', 'notSold']);
    expect(res.lines[1]!.message).toBe(QUICK_MSG.notSold('EUR'));
  });

  it('refuses a request without lines or over the cap with a clear 400', async () => {
    const gina = await buyer(accountId);
    const none = await post(gina, pathOf(routes.checkQuickOrder), []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(QUICK_MSG.noLines);
    const many = await post(
      gina,
      pathOf(routes.checkQuickOrder),
      Array.from({ length: QUICK_ORDER_MAX_LINES + 1 }, () => line('X', '1')),
    );
    expect(many.statusCode).toBe(400);
    const unauth = await app.inject({
      method: 'POST',
      url: pathOf(routes.checkQuickOrder),
      payload: { lines: [line('RB-BLK-0002', '1')] },
    });
    expect(unauth.statusCode).toBe(401);
  });

  it('checks 1,000 lines in one request', async () => {
    const gina = await buyer(accountId);
    const lines = Array.from({ length: 1000 }, (_, i) => line(i % 2 ? 'RB-BLK-0002' : `NOPE-${i}`, '1'));
    const res = await check(gina, lines);
    expect(res.lines).toHaveLength(501);
    expect(res.lines[1]).toMatchObject({ itemNumber: 'RB-BLK-0002', quantity: '500', rows: expect.any(Array) });
  });

  it('adds every valid line in one basket change and reports the rest', async () => {
    const gina = await buyer(accountId);
    await app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: bearer(gina),
      payload: { itemNumber: 'RB-WHT-0001', quantity: 2 },
    });
    const before = await getBasket(gina);
    const res = await post(gina, pathOf(routes.addQuickOrder), [
      line('RB-BLK-0002', '3'),
      line('rb-wht-0001', '5'),
      line('CS-7', '4'), // short: still added (back order)
      line('NOPE', '1'),
      line('OLD-1', '1'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = addQuickOrderResponse.parse(res.json());
    expect(body.added).toBe(3);
    expect(body.notAdded.map((l) => l.itemNumber)).toEqual(['NOPE', 'OLD-1']);
    const after = await getBasket(gina);
    expect(after.revision).toBe(before.revision + 1);
    expect(body.revision).toBe(after.revision);
    expect(after.basketLines.map((l) => [l.itemNumber, l.quantity])).toEqual([
      ['RB-WHT-0001', 7],
      ['RB-BLK-0002', 3],
      ['CS-7', 4],
    ]);
    expect(after.basketLines.map((l) => l.lineNumber)).toEqual([1, 2, 3]);
  });

  it('adds nothing when no line is valid, or when the lines would overfill the basket', async () => {
    const gina = await buyer(accountId);
    // Two lines already in the basket: 499 more would make 501.
    for (const itemNumber of ['RB-BLK-0002', 'CS-7'])
      await app.inject({
        method: 'POST',
        url: pathOf(routes.addBasketLine),
        headers: bearer(gina),
        payload: { itemNumber, quantity: 1 },
      });
    const before = await getBasket(gina);
    const none = await post(gina, pathOf(routes.addQuickOrder), [line('NOPE', '1')]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(QUICK_MSG.nothingToAdd);
    // Codes nothing like the other cases' (letters only), so their suggestions do not change.
    const letters = (n: number) => [400, 20, 1].map((d) => String.fromCharCode(65 + (Math.floor(n / d) % 20))).join('');
    const codes = Array.from({ length: 499 }, (_, i) => `ZZQ-${letters(i)}`);
    for (const code of codes) await insertProduct(handle.db, { itemNumber: code, gbpE5: 100, stock: 10 });
    const full = await post(
      gina,
      pathOf(routes.addQuickOrder),
      codes.map((c) => line(c, '1')),
    );
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(MSG.basketFull(500));
    expect(await getBasket(gina)).toEqual(before);
  });

  it('offers the next break worth having, counts savings won, and marks prices changed since a copied order', async () => {
    const gina = await buyer(accountId);
    const eamon = await buyer(eurAccount);
    await insertOrder(handle.db, {
      accountId,
      orderNumber: 'SO-Q1',
      lines: [
        { itemNo: 'RB-BLK-0001', productId: rollerId, quantity: 6, unitPriceE5: 170_000 },
        { itemNo: 'RB-WHT-0001', quantity: 2, unitPriceE5: 90_000 },
      ],
    });
    const copied = await app.inject({
      method: 'POST',
      url: pathOf(routes.copyOrder, { orderNumber: 'SO-Q1' }),
      headers: bearer(gina),
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const first = await breaks(gina);
    // 6 at £1.80 (the 5+ tier at £1.90 is no offer): add 4 for £1.50 each; 10 x (1.80 - 1.50) = £3.00.
    expect(first.lines).toEqual([
      {
        lineNumber: 1,
        itemNumber: 'RB-BLK-0001',
        nextBreak: { quantity: 10, addQuantity: 4, unitPrice: 1.5, saving: 3, extraCost: 4.2 },
        savingWon: 0,
        priceChange: { orderNumber: 'SO-Q1', oldUnitPrice: 1.7, newUnitPrice: 1.8 },
      },
    ]);
    expect(first.totalSavings).toBe(0);
    // Moving to the break: the next one is 50 at £1.20; 10 at £1.50 saves 10 x (1.80 - 1.50).
    await app.inject({
      method: 'PATCH',
      url: pathOf(routes.updateBasketLine),
      headers: bearer(gina),
      payload: { lineNumber: 1, quantity: 10 },
    });
    const second = await breaks(gina);
    expect(second.lines[0]).toMatchObject({
      nextBreak: { quantity: 50, addQuantity: 40, unitPrice: 1.2, saving: 15, extraCost: 45 },
      savingWon: 3,
      // Compared at the quantity ordered (6), not the new one.
      priceChange: { orderNumber: 'SO-Q1', oldUnitPrice: 1.7, newUnitPrice: 1.8 },
    });
    expect(second.totalSavings).toBe(3);
    expect(second.revision).toBe((await getBasket(gina)).revision);
    // The RB-WHT-0001 line's price (£0.90) has not changed since the order: not listed.
    expect(second.lines.map((l) => l.itemNumber)).toEqual(['RB-BLK-0001']);
    // Another account's buyer sees only their own basket.
    expect((await breaks(eamon)).lines).toEqual([]);
  });
});
