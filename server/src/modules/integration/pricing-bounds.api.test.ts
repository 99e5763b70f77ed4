import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MONEY_MAX_MINOR,
  BASKET_MAX_LINES,
  CARRIAGE_MAX_MINOR,
  INTEGRATION_MSG,
  LIST_PRICE_MAX,
  LIST_PRICE_MAX_E5,
  PERCENT_MAX_BP,
  QUANTITY_MAX,
  STOCK_MAX,
  basketSummary,
  integrationRoutes,
  pathOf,
  upsertResponse,
  routes,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { minorToAmount } from '../../domain/money.js';
import { priceLine, totals } from '../../domain/pricing.js';
import { composeStore } from '../../compose.js';

// What the ERP may store must never make a customer route fail (limits.ts derives the bounds from
// pricing's arithmetic): the largest price, the largest quantity, the fullest basket, VAT at 100 %
// and the largest carriage price on every customer route, on both engines.
describe.each(testEngines())('ERP figures at their bounds on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let key: string;
  let customer: string;
  let customerNumber: string;

  const put = async (url: string, items: unknown[], atomic = false) =>
    app.inject({
      method: 'PUT',
      url: atomic ? `${url}?atomic=true` : url,
      headers: { authorization: `Bearer ${key}` },
      payload: { items },
    });
  const results = async (url: string, items: unknown[]) => {
    const res = await put(url, items);
    expect(res.statusCode, res.body).toBe(200);
    return upsertResponse.parse(res.json()).results;
  };
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: bearer(customer) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res;
  };
  const codes = Array.from({ length: BASKET_MAX_LINES }, (_, i) => `MAX-${String(i).padStart(3, '0')}`);

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    // The worst terms for the arithmetic: no discount, VAT at 100 %, the largest carriage charge.
    const account = await insertAccount(handle.db, {
      discount_bp: 0,
      vat_rate_bp: PERCENT_MAX_BP,
      carriage_minor: CARRIAGE_MAX_MINOR,
      carriage_free_over_minor: 0,
      credit_limit_minor: ACCOUNT_MONEY_MAX_MINOR,
    });
    customerNumber = (
      await handle.db
        .selectFrom('accounts')
        .select('customer_number')
        .where('id', '=', account)
        .executeTakeFirstOrThrow()
    ).customer_number;
    await insertUser(handle.db, account, 'bounds');
    customer = (await login(app, 'bounds')).accessToken;
    key = (
      await composeStore(handle.db).apiKeys.createClient(
        'bounds',
        'catalogue:write,prices:write,stock:write,accounts:write,invoices:write',
      )
    ).key;
    const product = { description: 'Bound blind', productType: 'Blinds', range: 'Max', unit: 'EACH', packQuantity: 1 };
    expect(
      (
        await results(
          pathOf(integrationRoutes.upsertProducts),
          codes.map((itemNumber) => ({ itemNumber, ...product })),
        )
      ).every((r) => r.status === 'created'),
    ).toBe(true);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('refuses a price, stock or carriage beyond its bound with a pointer to the row; atomic=true is 422', async () => {
    const beyond = [
      { itemNumber: codes[0], currency: 'GBP', listPrice: '999999999.99999' },
      { itemNumber: codes[1], currency: 'GBP', listPrice: '50000.00001' },
      { itemNumber: codes[2], currency: 'GBP', listPrice: 1, multibuy: [{ minimumQuantity: 2, price: 50001 }] },
    ];
    const refused = await results(pathOf(integrationRoutes.upsertPrices), beyond);
    expect(refused.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    expect(refused.map((r) => r.errors)).toEqual([
      [{ pointer: '/items/0/listPrice', detail: INTEGRATION_MSG.atMost(String(LIST_PRICE_MAX)) }],
      [{ pointer: '/items/1/listPrice', detail: INTEGRATION_MSG.atMost(String(LIST_PRICE_MAX)) }],
      [{ pointer: '/items/2/multibuy/0/price', detail: INTEGRATION_MSG.atMost(String(LIST_PRICE_MAX)) }],
    ]);
    const atomic = await put(pathOf(integrationRoutes.upsertPrices), beyond, true);
    expect(atomic.statusCode).toBe(422);

    const stock = await results(pathOf(integrationRoutes.upsertStock), [
      { itemNumber: codes[0], quantity: STOCK_MAX + 1 },
    ]);
    expect(stock[0]?.errors?.[0]?.pointer).toBe('/items/0/quantity');

    // The carriage charge lives in a 32-bit column: beyond its bound the row fails, never a 500.
    const account = (charge: string) => ({
      customerNumber: 'BOUND-1',
      name: 'Bound Ltd',
      currency: 'GBP',
      paymentTerms: 'credit',
      invoiceAddress: { country: 'United Kingdom (Mainland)' },
      carriage: { charge, freeOver: '0' },
    });
    const tooDear = await results(pathOf(integrationRoutes.upsertAccounts), [account('1000000.00')]);
    expect(tooDear[0]?.errors).toEqual([
      { pointer: '/items/0/carriage/charge', detail: INTEGRATION_MSG.atMost('999999.99') },
    ]);
    expect((await results(pathOf(integrationRoutes.upsertAccounts), [account('999999.99')]))[0]?.status).toBe(
      'created',
    );
  });

  it('prices the fullest basket at the largest price, quantity, carriage and VAT on every customer route', async () => {
    const atMax = await results(
      pathOf(integrationRoutes.upsertPrices),
      codes.map((itemNumber, i) => ({
        itemNumber,
        currency: 'GBP',
        listPrice: LIST_PRICE_MAX,
        // Tiers at the bound too: one at the list price, one just below (the better one applies).
        multibuy:
          i % 2 === 0
            ? [
                { minimumQuantity: 2, price: LIST_PRICE_MAX },
                { minimumQuantity: QUANTITY_MAX, price: '49999.99999' },
              ]
            : [],
      })),
    );
    expect(atMax.every((r) => r.status === 'created')).toBe(true);
    await results(
      pathOf(integrationRoutes.upsertStock),
      codes.map((itemNumber) => ({
        itemNumber,
        quantity: STOCK_MAX,
        dueIn: [{ date: '2099-01-01', quantity: STOCK_MAX }],
      })),
    );
    await handle.changes?.caughtUp();

    // Search, multi-buy, quick order before the basket holds anything.
    await get(`${pathOf(routes.searchProducts)}?searchValue=MAX-&isSearching=true`);
    await get(pathOf(routes.listMultiBuyDiscounts, { itemNumber: codes[0] ?? '' }));
    const check = await app.inject({
      method: 'POST',
      url: pathOf(routes.checkQuickOrder),
      headers: bearer(customer),
      payload: { lines: codes.map((itemNumber) => ({ itemNumber, quantity: String(QUANTITY_MAX) })) },
    });
    expect(check.statusCode, check.body.slice(0, 300)).toBe(200);

    const add = await app.inject({
      method: 'POST',
      url: pathOf(routes.addQuickOrder),
      headers: bearer(customer),
      payload: { lines: codes.map((itemNumber) => ({ itemNumber, quantity: String(QUANTITY_MAX) })) },
    });
    expect(add.statusCode, add.body.slice(0, 300)).toBe(200);

    await get(pathOf(routes.getBasket));
    await get(pathOf(routes.getBasketPriceBreaks));
    await get(pathOf(routes.getDeliveryPromise));
    await get(`${pathOf(routes.searchProducts)}?searchValue=MAX-&isSearching=true`);
    const summary = basketSummary.parse((await get(pathOf(routes.getBasketAmount))).json());

    // The figures are exact: what the one pricing module gives, to the penny.
    const even = priceLine(LIST_PRICE_MAX_E5, { discountBp: 0 }, [], QUANTITY_MAX);
    const odd = priceLine(
      LIST_PRICE_MAX_E5,
      { discountBp: 0 },
      [{ minimumQuantity: QUANTITY_MAX, priceE5: LIST_PRICE_MAX_E5 - 1 }],
      QUANTITY_MAX,
    );
    const expected = totals(
      codes.map((_, i) => (i % 2 === 0 ? odd.totalMinor : even.totalMinor)),
      { carriageMinor: CARRIAGE_MAX_MINOR, freeOverMinor: 0 },
      PERCENT_MAX_BP,
    );
    expect(summary).toMatchObject({
      amount: minorToAmount(expected.amountMinor),
      totalVAT: minorToAmount(expected.vatMinor),
      totalAmount: minorToAmount(expected.totalMinor),
    });

    // The credit summary with the largest credit limit and invoices at their bound.
    const invoice = await results(pathOf(integrationRoutes.upsertInvoices), [
      {
        documentNumber: 'INV-MAX',
        customerNumber,
        documentType: 'Invoice',
        postingDate: '2026-01-01',
        dueDate: '2026-02-01',
        currency: 'GBP',
        amount: '4999999999.99',
        vat: '4999999999.99',
        total: '9999999999.98',
        remaining: '9999999999.98',
      },
    ]);
    expect(invoice[0]?.status).toBe('created');
    await get(pathOf(routes.getCreditSummary));
  });
});
