import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASKET_MAX_LINES, MSG, SERVER_MSG, pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../db/testing.js';
import type { DbHandle } from '../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../test/fixtures.js';
import { insertOrder } from '../modules/orders/orders.fixtures.js';
import { bearer, login, testApp } from '../test/app.js';
import { isPdf, pdfText } from '../test/pdf-text.js';
import { nowIso } from '../lib/time.js';

const item = (i: number) => `BIG-${String(i).padStart(4, '0')}`;

describe.each(testEngines())('documents in worker threads, and the basket line cap, on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let accountId: number;
  const productIds: number[] = [];

  beforeAll(async () => {
    handle = await engine.open();
    accountId = await insertAccount(handle.db);
    for (const u of ['pia', 'pete', 'pam', 'bea', 'cody']) await insertUser(handle.db, accountId, u);
    for (let i = 1; i <= BASKET_MAX_LINES + 1; i++)
      productIds.push((await insertProduct(handle.db, { itemNumber: item(i), gbpE5: 100_000 })).productId);
    // A 300-line order, and one of 501 lines (entered before the cap, or by the office).
    const lines = (n: number) =>
      productIds
        .slice(0, n)
        .map((productId, i) => ({ itemNo: item(i + 1), productId, quantity: 1, unitPriceE5: 100_000 }));
    await insertOrder(handle.db, { accountId, orderNumber: 'SO-300', lines: lines(300) });
    await insertOrder(handle.db, { accountId, orderNumber: 'SO-501', lines: lines(BASKET_MAX_LINES + 1) });
    app = await testApp(handle, { PDF_USER_PER_MINUTE: 3, PDF_USER_CONCURRENT: 2 });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const summary = (token: string, orderNumber = 'SO-300') =>
    app.inject({
      method: 'POST',
      url: pathOf(routes.downloadOrderStatement),
      headers: bearer(token),
      payload: { orderNumber },
    });

  it("draws a 300-line order's summary in the worker: a real PDF with every line", async () => {
    const res = await summary((await login(app, 'pia')).accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(isPdf(res.rawPayload)).toBe(true);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('SO-300');
    expect(text).toContain(item(1));
    expect(text).toContain(item(300));
    expect(text).not.toContain(item(301));
    expect(text).toMatch(/Page \d+ of \d+/);
  });

  it("answers 429 with Retry-After beyond a user's budget, and other users still get theirs", async () => {
    const pete = (await login(app, 'pete')).accessToken;
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await summary(pete)).statusCode);
    const refused = await summary(pete);
    expect([...codes, refused.statusCode]).toEqual([200, 200, 200, 429]);
    expect(refused.json().message).toBe(SERVER_MSG.tooManyDocuments);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await summary((await login(app, 'pam')).accessToken)).statusCode).toBe(200);
  });

  it('lets a user have two documents drawing at once, not more', async () => {
    const bea = (await login(app, 'bea')).accessToken;
    const codes = (await Promise.all([summary(bea), summary(bea), summary(bea)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 429]);
  });

  it('answers 503 with Retry-After when the render queue is full', async () => {
    const tight = await testApp(handle, { PDF_RENDER_QUEUE: 0, PDF_USER_CONCURRENT: 10 });
    try {
      const tokens = await Promise.all(['pia', 'pam', 'cody'].map(async (u) => (await login(tight, u)).accessToken));
      const answers = await Promise.all(
        tokens.map((t) =>
          tight.inject({
            method: 'POST',
            url: pathOf(routes.downloadOrderStatement),
            headers: bearer(t),
            payload: { orderNumber: 'SO-300' },
          }),
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes).toContain(200);
      const busy = answers.find((r) => r.statusCode === 503);
      expect(busy?.json().message).toBe(SERVER_MSG.busy);
      expect(busy?.headers['retry-after']).toBe('1');
    } finally {
      await tight.close();
    }
  });

  it(`refuses basket line ${BASKET_MAX_LINES + 1} with the contract's message; more of a line already there is fine`, async () => {
    const cody = (await login(app, 'cody')).accessToken;
    const add = (itemNumber: string) =>
      app.inject({
        method: 'POST',
        url: pathOf(routes.addBasketLine),
        headers: bearer(cody),
        payload: { itemNumber, quantity: 1 },
      });
    expect((await add(item(1))).statusCode).toBe(200);
    // Lines 2-500 straight into the table (500 requests would only make the test slow).
    const basket = await handle.db
      .selectFrom('baskets')
      .select('id')
      .where(
        'user_id',
        '=',
        (await handle.db.selectFrom('users').select('id').where('username', '=', 'cody').executeTakeFirstOrThrow()).id,
      )
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('basket_lines')
      .values(
        productIds.slice(1, BASKET_MAX_LINES).map((productId, i) => ({
          basket_id: basket.id,
          line_number: i + 2,
          product_id: productId,
          quantity: 1,
          created_at: nowIso(),
        })),
      )
      .execute();
    const refused = await add(item(BASKET_MAX_LINES + 1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.basketFull(BASKET_MAX_LINES));
    expect((await add(item(7))).statusCode).toBe(200);
    const count = await handle.db
      .selectFrom('basket_lines')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('basket_id', '=', basket.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(BASKET_MAX_LINES);

    // Copying an order of more lines than that is refused too, and the basket is kept.
    const copy = await app.inject({
      method: 'POST',
      url: pathOf(routes.copyOrder, { orderNumber: 'SO-501' }),
      headers: bearer(cody),
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json().message).toBe(MSG.basketFull(BASKET_MAX_LINES));
    const after = await handle.db
      .selectFrom('basket_lines')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('basket_id', '=', basket.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(BASKET_MAX_LINES);
    // An order within the cap copies.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: pathOf(routes.copyOrder, { orderNumber: 'SO-300' }),
          headers: bearer(cody),
        })
      ).statusCode,
    ).toBe(200);
  });
});
