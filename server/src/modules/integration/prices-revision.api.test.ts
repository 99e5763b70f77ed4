import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { integrationRoutes, pathOf, productList, routes, upsertResponse } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { composeStore } from '../../compose.js';

// A changed list price must not move the catalogue revision (migration 004): every server would
// rebuild its search index (half a second at 50,000 products) and the customer's next search would
// wait for it (bench/erp-push.ts: 1,000 price changes visible within 1 s).
describe.each(testEngines())('PUT /prices and the catalogue revision on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let key: string;
  let customer: string;

  const revision = async () =>
    Number(
      (
        await handle.db
          .selectFrom('catalogue_revision')
          .select('revision')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
      ).revision,
    );
  const put = async (url: string, items: unknown[]) => {
    const res = await app.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${key}` },
      payload: { items },
    });
    expect(res.statusCode, res.body).toBe(200);
    return upsertResponse.parse(res.json()).results.map((r) => r.status);
  };
  const shownPrice = async (itemNumber: string) => {
    await handle.changes?.caughtUp();
    const res = await app.inject({
      method: 'GET',
      url: `${pathOf(routes.searchProducts)}?searchValue=${itemNumber}&isSearching=true`,
      headers: bearer(customer),
    });
    return productList.parse(res.json()).find((p) => p.itemNumber === itemNumber)?.price;
  };

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const account = await insertAccount(handle.db, { discount_bp: 0 });
    await insertUser(handle.db, account, 'rev');
    customer = (await login(app, 'rev')).accessToken;
    key = (await composeStore(handle.db).apiKeys.createClient('rev', 'catalogue:write,prices:write')).key;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('a changed price keeps the revision (and shows at once); a new price moves it', async () => {
    const product = {
      description: 'Revision blind',
      productType: 'Blinds',
      range: 'Rev',
      unit: 'EACH',
      packQuantity: 1,
    };
    await put(pathOf(integrationRoutes.upsertProducts), [
      { itemNumber: 'REV-1', ...product },
      { itemNumber: 'REV-2', ...product },
    ]);
    expect(
      await put(pathOf(integrationRoutes.upsertPrices), [{ itemNumber: 'REV-1', currency: 'GBP', listPrice: '10.00' }]),
    ).toEqual(['created']);
    expect(await shownPrice('REV-1')).toBe(10);

    const before = await revision();
    expect(
      await put(pathOf(integrationRoutes.upsertPrices), [
        { itemNumber: 'REV-1', currency: 'GBP', listPrice: '12.34' },
        { itemNumber: 'REV-1', currency: 'EUR', listPrice: '14.00', multibuy: [] },
      ]).then((s) => s[0]),
    ).toBe('updated');
    // The EUR price is new: REV-1 now sells in EUR, a search can change, so the revision moves.
    const afterNew = await revision();
    expect(afterNew).toBeGreaterThan(before);
    expect(await shownPrice('REV-1')).toBe(12.34);

    expect(
      await put(pathOf(integrationRoutes.upsertPrices), [{ itemNumber: 'REV-1', currency: 'GBP', listPrice: '13.5' }]),
    ).toEqual(['updated']);
    expect(await revision()).toBe(afterNew);
    expect(await shownPrice('REV-1')).toBe(13.5);
  });

  it('writes every one of a large batch of changed prices (one statement), each to its own row', async () => {
    const n = 700;
    const code = (i: number) => `BULK-${String(i).padStart(3, '0')}`;
    const product = { description: 'Bulk blind', productType: 'Blinds', range: 'Bulk', unit: 'EACH', packQuantity: 1 };
    await put(
      pathOf(integrationRoutes.upsertProducts),
      Array.from({ length: n }, (_, i) => ({ itemNumber: code(i), ...product })),
    );
    const prices = (cents: (i: number) => number) =>
      Array.from({ length: n }, (_, i) => ({
        itemNumber: code(i),
        currency: 'GBP',
        listPrice: (cents(i) / 100).toFixed(2),
      }));
    await put(
      pathOf(integrationRoutes.upsertPrices),
      prices((i) => 1_000 + i),
    );
    const before = await revision();
    const statuses = await put(
      pathOf(integrationRoutes.upsertPrices),
      prices((i) => 5_000 + 3 * i),
    );
    expect(statuses.filter((s) => s === 'updated')).toHaveLength(n);
    expect(await revision()).toBe(before);
    const stored = await handle.db
      .selectFrom('product_prices')
      .innerJoin('products', 'products.id', 'product_prices.product_id')
      .select(['products.item_number', 'product_prices.list_price_e5'])
      .where('products.item_number', 'like', 'BULK-%')
      .where('product_prices.currency_code', '=', 'GBP')
      .orderBy('products.item_number')
      .execute();
    expect(stored.map((r) => [r.item_number, Number(r.list_price_e5)])).toEqual(
      Array.from({ length: n }, (_, i) => [code(i), (5_000 + 3 * i) * 1_000]),
    );
    expect(await shownPrice(code(n - 1))).toBe((5_000 + 3 * (n - 1)) / 100);
  });
});
