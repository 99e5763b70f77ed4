import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  BASKET_MSG,
  basket as basketSchema,
  basketPriceBreaks,
  basketSummary,
  pathOf,
  routes,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';

describe.each(testEngines())('basket API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let gbpAccount: number; // 10% off, carriage 9.95 free over 250, VAT 20%
  let eurAccount: number; // EUR, 25% off roller blinds, VAT 23%, carriage always 15.00
  let users = 0;
  /** A new user of the account, logged in: each test starts from an empty basket of its own. */
  const buyer = async (account: number) => {
    const username = `buyer${++users}`;
    await insertUser(handle.db, account, username);
    return { username, token: (await login(app, username)).accessToken };
  };

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    gbpAccount = await insertAccount(handle.db);
    eurAccount = await insertAccount(handle.db, {
      currency_code: 'EUR',
      vat_rate_bp: 2300,
      discount_bp: 0,
      carriage_minor: 1500,
      carriage_free_over_minor: 0,
    });
    const roller = await insertProduct(handle.db, {
      itemNumber: 'RB-100',
      description: 'Roller blind Blackout Charcoal',
      stock: 1250,
      gbpE5: 2_000_000, // £20.00
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
    await insertProduct(handle.db, { itemNumber: 'OLD-1', gbpE5: 100_000, active: 0 });
    await handle.db
      .insertInto('account_discounts')
      .values({ account_id: eurAccount, product_type_id: roller.typeId, discount_bp: 2500 })
      .execute();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = async (token: string) =>
    basketSchema.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasket), headers: bearer(token) })).json(),
    );
  const add = (token: string, itemNumber: string, quantity: unknown) =>
    app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: bearer(token),
      payload: { itemNumber, quantity },
    });

  it('starts empty, with no carriage line', async () => {
    const { token: gbp } = await buyer(gbpAccount);
    expect(await get(gbp)).toEqual({ basketLines: [], carriageLine: null, totalBasketPrice: 0, revision: 0 });
  });

  it('adds lines priced with the account discount, carriage and VAT', async () => {
    const { token: gbp } = await buyer(gbpAccount);
    expect((await add(gbp, 'RB-100', 2)).statusCode).toBe(200);
    expect((await add(gbp, 'CS-7', 3)).statusCode).toBe(200);
    const b = await get(gbp);
    expect(b.basketLines).toEqual([
      expect.objectContaining({
        lineNumber: 1,
        itemNumber: 'RB-100',
        stock: '1,250',
        discountPrice: 18,
        discountPercentage: 10,
        totalLinePrice: 36,
        quantity: 2,
        additionalCharge: 'False',
        hasMultiBuyDiscount: true,
      }),
      expect.objectContaining({
        lineNumber: 2,
        itemNumber: 'CS-7',
        discountPrice: 0.11111,
        totalLinePrice: 0.33,
        hasMultiBuyDiscount: false,
      }),
    ]);
    expect(b.carriageLine).toMatchObject({ itemNumber: 'CARRIAGE', additionalCharge: 'True', totalLinePrice: 9.95 });
    expect(b.totalBasketPrice).toBe(46.28); // 36 + 0.33 + 9.95
    const summary = basketSummary.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasketAmount), headers: bearer(gbp) })).json(),
    );
    expect(summary).toEqual({ amount: 46.28, totalVAT: 9.26, totalAmount: 55.54 });
  });

  it('adds the same item to its line and applies the multi-buy tier at its quantity', async () => {
    const { token: gbp } = await buyer(gbpAccount);
    await add(gbp, 'RB-100', 2);
    await add(gbp, 'CS-7', 3);
    await add(gbp, 'RB-100', 8);
    const b = await get(gbp);
    expect(b.basketLines[0]).toMatchObject({
      quantity: 10,
      discountPrice: 17,
      discountPercentage: 15,
      totalLinePrice: 170,
    });
    expect(b.basketLines).toHaveLength(2);
  });

  it('updates and removes lines, bumping the revision each time', async () => {
    const { token: gbp } = await buyer(gbpAccount);
    await add(gbp, 'RB-100', 10);
    await add(gbp, 'CS-7', 3);
    const before = (await get(gbp)).revision;
    const patched = await app.inject({
      method: 'PATCH',
      url: pathOf(routes.updateBasketLine),
      headers: bearer(gbp),
      payload: { lineNumber: 1, quantity: 20 },
    });
    expect(patched.statusCode).toBe(200);
    expect(basketSchema.parse(patched.json()).basketLines[0]).toMatchObject({ quantity: 20, totalLinePrice: 340 });
    // Goods now over £250: carriage is free.
    expect(basketSchema.parse(patched.json()).carriageLine).toMatchObject({ totalLinePrice: 0 });
    const del = await app.inject({
      method: 'DELETE',
      url: pathOf(routes.deleteBasketLine, { id: '2' }),
      headers: bearer(gbp),
    });
    expect(basketSchema.parse(del.json()).basketLines.map((l) => l.itemNumber)).toEqual(['RB-100']);
    expect((await get(gbp)).revision).toBe(before + 2);
  });

  it('prices in euro with per-type discount terms and Irish VAT', async () => {
    const { token: eur } = await buyer(eurAccount);
    await add(eur, 'RB-100', 1);
    const b = await get(eur);
    expect(b.basketLines[0]).toMatchObject({ discountPrice: 17.55, discountPercentage: 25, totalLinePrice: 17.55 });
    // The 10+ tier at €19.99999 is worse than the account's €17.55: no offer: a tier is offered only when it beats the account's own price.
    expect(b.basketLines[0]?.hasMultiBuyDiscount).toBe(false);
    expect(b.carriageLine?.totalLinePrice).toBe(15);
    const summary = basketSummary.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasketAmount), headers: bearer(eur) })).json(),
    );
    expect(summary).toEqual({ amount: 32.55, totalVAT: 7.49, totalAmount: 40.04 });
  });

  it('keeps baskets per user and never reaches another basket line', async () => {
    const { token: gbp } = await buyer(gbpAccount);
    const { token: colleague } = await buyer(gbpAccount); // same account, own basket
    await add(gbp, 'RB-100', 20);
    expect((await get(colleague)).basketLines).toEqual([]);
    const foreign = await app.inject({
      method: 'PATCH',
      url: pathOf(routes.updateBasketLine),
      headers: bearer(colleague),
      payload: { lineNumber: 1, quantity: 5 },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: pathOf(routes.deleteBasketLine, { id: '1' }),
          headers: bearer(colleague),
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(gbp)).basketLines[0]?.quantity).toBe(20);
  });

  it('refuses bad quantities, unknown and withdrawn items with clear 4xx answers', async () => {
    const { token: gbp } = await buyer(gbpAccount);
    expect((await add(gbp, 'RB-100', 20)).statusCode).toBe(200);
    for (const q of [0, -1, 1.5, 1_000_000, 'ten']) expect((await add(gbp, 'RB-100', q)).statusCode).toBe(400);
    const unknown = await add(gbp, 'NOPE', 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No product NOPE');
    expect((await add(gbp, 'OLD-1', 1)).statusCode).toBe(404);
    expect((await add(gbp, 'RB-100', 999_990)).statusCode).toBe(400); // 20 + 999,990 > 6 digits
    expect((await app.inject({ method: 'GET', url: pathOf(routes.getBasket) })).statusCode).toBe(401);
  });

  it('clears the basket in one call and puts it back exactly on undo, for the caller alone', async () => {
    const { token: gbp } = await buyer(gbpAccount);
    const { token: colleague, username } = await buyer(gbpAccount);
    await add(gbp, 'RB-100', 20);
    const clear = (token: string) =>
      app.inject({ method: 'DELETE', url: pathOf(routes.clearBasket), headers: bearer(token) });
    const undo = (token: string) =>
      app.inject({ method: 'POST', url: pathOf(routes.undoClearBasket), headers: bearer(token) });
    await add(colleague, 'CS-7', 4);
    await add(colleague, 'RB-100', 1);
    await app.inject({ method: 'DELETE', url: pathOf(routes.deleteBasketLine, { id: 1 }), headers: bearer(colleague) });
    await add(colleague, 'CS-7', 2); // line numbers 2 and 3 now
    const rows = () =>
      handle.db
        .selectFrom('basket_lines as bl')
        .innerJoin('baskets as b', 'b.id', 'bl.basket_id')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .where('u.username', '=', username)
        .select([
          'bl.line_number',
          'bl.product_id',
          'bl.quantity',
          'bl.copied_from_order',
          'bl.ordered_unit_price_e5',
          'bl.ordered_quantity',
        ])
        .orderBy('bl.line_number')
        .execute();
    // A copied line's origin (the order and unit price it came from) must come back too.
    await handle.db
      .updateTable('basket_lines')
      .set({ copied_from_order: 'SO-1', ordered_unit_price_e5: 1_900_000, ordered_quantity: 7 })
      .where('line_number', '=', 2)
      .where('basket_id', 'in', (eb) =>
        eb
          .selectFrom('baskets as b')
          .innerJoin('users as u', 'u.id', 'b.user_id')
          .where('u.username', '=', username)
          .select('b.id'),
      )
      .execute();
    const before = await rows();
    const viewBefore = await get(colleague);
    const gbpBefore = await get(gbp);
    expect(before.map((r) => r.line_number)).toEqual([2, 3]);

    const cleared = await clear(colleague);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ basketLines: [], carriageLine: null, totalBasketPrice: 0 });
    expect(await rows()).toEqual([]);
    expect(await get(gbp)).toEqual(gbpBefore); // a colleague's basket is untouched

    expect((await undo(gbp)).statusCode).toBe(409); // nothing of this user's was cleared
    const restored = await undo(colleague);
    expect(restored.statusCode).toBe(200);
    expect(await rows()).toEqual(before);
    expect({ ...(restored.json() as object), revision: 0 }).toEqual({ ...viewBefore, revision: 0 });

    // Once undone, or once the basket changed after the clear, there is nothing to put back.
    const second = await undo(colleague);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: BASKET_MSG.cannotUndoClear });
    await clear(colleague);
    await add(colleague, 'CS-7', 1);
    expect((await undo(colleague)).statusCode).toBe(409);
    expect((await rows()).map((r) => r.quantity)).toEqual([1]);
  });

  it('says how much more ships free: only under a threshold, with carriage charged, never on stop', async () => {
    const nudge = async (token: string) => {
      const res = await app.inject({ url: pathOf(routes.getBasketPriceBreaks), headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return basketPriceBreaks.parse(res.json()).freeCarriage;
    };
    const account = await insertAccount(handle.db); // 10% off, carriage 9.95, free from 250.00 of goods
    const stopped = await insertAccount(handle.db, { on_stop: 1 });
    await insertUser(handle.db, account, 'frida');
    await insertUser(handle.db, stopped, 'stanley');
    const frida = (await login(app, 'frida')).accessToken;
    const stanley = (await login(app, 'stanley')).accessToken;

    expect(await nudge(frida)).toBeNull(); // an empty basket pays no carriage
    await add(frida, 'RB-100', 2); // 2 x 18.00 = 36.00 of goods
    expect(await nudge(frida)).toEqual({ spendMore: 214, freeOver: 250 });
    await add(frida, 'CS-7', 3); // + 0.33
    expect(await nudge(frida)).toEqual({ spendMore: 213.67, freeOver: 250 });
    await add(frida, 'RB-100', 12); // 14 at the tier price 17.00: 238.00 + 0.33
    expect(await nudge(frida)).toEqual({ spendMore: 11.67, freeOver: 250 });
    await add(frida, 'RB-100', 1); // 15 x 17.00 = 255.00: carriage is free
    expect((await get(frida)).carriageLine).toMatchObject({ totalLinePrice: 0 });
    expect(await nudge(frida)).toBeNull();

    const { token: eur } = await buyer(eurAccount);
    await add(eur, 'RB-100', 1);
    expect(await nudge(eur)).toBeNull(); // no threshold: carriage always applies
    await add(stanley, 'RB-100', 1);
    expect(await nudge(stanley)).toBeNull(); // on stop: nothing can be ordered
  });
});
