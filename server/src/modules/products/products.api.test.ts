import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  APPROVED_AWAITING_PAYMENT,
  AWAITING_APPROVAL,
  DECLINED,
  WITHDRAWN,
  categoryList,
  deliveryScheduleList,
  multiBuyDiscountList,
  productList,
  RESULTS_TRUNCATED_HEADER,
  TOTAL_COUNT_HEADER,
  SEARCH_RESULT_LIMIT,
  type Product,
  pathOf,
  requestOf,
  routes,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { Db, DbHandle } from '../../db/client.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { nowIso } from '../../lib/time.js';
import { composeProducts } from '../../compose.js';
import { countingStatements } from '../../test/statements.js';

/** An ISO date `days` from today. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const short = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;

let orderSeq = 0;
/** An order in an account's history with lines for the given products. */
async function insertOrder(db: Db, accountId: number, productIds: number[], status = 'Shipped', daysAgo = 10) {
  orderSeq += 1;
  const now = nowIso();
  const order = await db
    .insertInto('orders')
    .values({
      order_number: `SO-T${process.pid}-${orderSeq}`,
      account_id: accountId,
      user_id: null,
      reference: `PO-${orderSeq}`,
      status,
      location: 'MAIN1',
      ordered_date: inDays(-daysAgo),
      despatch_date: null,
      currency_code: 'GBP',
      amount_minor: 1000,
      vat_minor: 200,
      total_minor: 1200,
      address_reference: 'INVOICE',
      delivery_name: '',
      delivery_address1: '',
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
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values(
      productIds.map((productId, i) => ({
        order_id: order.id,
        line_no: i + 1,
        type: 'Item',
        product_id: productId,
        item_no: `P${productId}`,
        description: 'line',
        quantity: 1,
        quantity_shipped: 0,
        location: 'MAIN1',
        unit: 'EACH',
        unit_price_e5: 100_000,
        line_discount_bp: 0,
        total_minor: 100,
      })),
    )
    .execute();
}

describe.each(testEngines())('products API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let gbp: string; // 10% off generally, 25% off Roller Blinds
  let colleague: string; // same account, own favourites
  let eur: string; // EUR, no discount
  let other: string; // another GBP account, 5% off
  const ids: Record<string, number> = {};
  let accounts: { gbp: number; eur: number; other: number };

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const db = handle.db;
    accounts = {
      gbp: await insertAccount(db, { discount_bp: 1000 }),
      eur: await insertAccount(db, { currency_code: 'EUR', discount_bp: 0 }),
      other: await insertAccount(db, { discount_bp: 500 }),
    };
    const add = async (p: Parameters<typeof insertProduct>[1]) => {
      const r = await insertProduct(db, p);
      ids[p.itemNumber] = r.productId;
      return r;
    };
    const roller = await add({
      itemNumber: 'RB-BLK-0001',
      description: 'Roller blind fabric Charcoal Blackout 200cm wide',
      type: 'Roller Blinds',
      range: 'Blackout Fabrics',
      stock: 12,
      unit: 'METRE',
      gbpE5: 1_250_000, // £12.50
      eurE5: 1_463_000, // €14.63
      tiers: [
        // Against the gbp account's £9.375 only the 10+ tier is an offer; 'other' (£11.875) gets both.
        { currency: 'GBP', minimumQuantity: 10, priceE5: 900_000 },
        { currency: 'GBP', minimumQuantity: 5, priceE5: 1_100_000 },
        { currency: 'EUR', minimumQuantity: 8, priceE5: 1_300_000 },
      ],
    });
    // The seeded RB-BAR-0004's case: a 50+ tier at £3.30 against the gbp account's £3.1875.
    await add({
      itemNumber: 'ZZ-BAR-0004',
      description: 'Bottom bar offer check',
      type: 'Roller Blinds',
      range: 'Blackout Fabrics',
      gbpE5: 425_000,
      tiers: [{ currency: 'GBP', minimumQuantity: 50, priceE5: 330_000 }],
    });
    await add({
      itemNumber: 'RB-BLK-00010',
      description: 'Roller blind fabric Ivory Blackout 240cm wide',
      type: 'Roller Blinds',
      range: 'Blackout Fabrics',
      gbpE5: 990_000,
    });
    await add({
      itemNumber: 'RB-DIM-0001',
      description: 'Roller blind fabric Sage Dim-out 200cm wide',
      type: 'Roller Blinds',
      range: 'Dim-out Fabrics',
      gbpE5: 850_000,
    });
    await add({
      itemNumber: 'AA-0001',
      description: 'Spare chain for RB-BLK-0001',
      type: 'Components',
      range: 'Chains',
      gbpE5: 25_000,
    });
    await add({
      itemNumber: 'CS-7',
      description: 'Bead chain connector 100% steel_a',
      type: 'Components',
      range: 'Chains',
      packQuantity: 50,
      unit: 'PACK',
      gbpE5: 12_345,
    });
    await add({
      itemNumber: 'CS-8',
      description: 'Say "hi" bracket',
      type: 'Components',
      range: 'Brackets',
      gbpE5: 50_000,
    });
    await add({
      itemNumber: 'OLD-1',
      description: 'Discontinued charcoal blind',
      type: 'Roller Blinds',
      range: 'Blackout Fabrics',
      gbpE5: 100_000,
      active: 0,
    });
    await add({
      itemNumber: 'GB-ONLY',
      description: 'Charcoal sterling-only blind',
      type: 'Roller Blinds',
      range: 'Blackout Fabrics',
      gbpE5: 100_000,
    });
    await db
      .deleteFrom('product_prices')
      .where('product_id', '=', ids['GB-ONLY']!)
      .where('currency_code', '=', 'EUR')
      .execute();
    await db
      .insertInto('account_discounts')
      .values({ account_id: accounts.gbp, product_type_id: roller.typeId, discount_bp: 2500 })
      .execute();

    await db
      .insertInto('inbound_deliveries')
      .values([
        { product_id: ids['RB-BLK-0001']!, quantity: 40, due_date: inDays(20) },
        { product_id: ids['RB-BLK-0001']!, quantity: 25, due_date: inDays(5) },
      ])
      .execute();
    await db
      .insertInto('product_images')
      .values({
        product_id: ids['RB-BLK-0001']!,
        image_type: 0,
        content_type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      })
      .execute();

    // History: RB-BLK-0001 in two orders (usual), RB-DIM-0001 in one plus one cancelled (not usual).
    await insertOrder(db, accounts.gbp, [ids['RB-BLK-0001']!, ids['RB-DIM-0001']!], 'Shipped', 40);
    await insertOrder(db, accounts.gbp, [ids['RB-BLK-0001']!, ids['CS-7']!], 'Open', 5);
    await insertOrder(db, accounts.gbp, [ids['RB-DIM-0001']!], 'Cancelled', 2);
    // CS-7 in one placed order, and in orders never placed (declined, withdrawn, awaiting): not usual.
    for (const status of [DECLINED, WITHDRAWN, AWAITING_APPROVAL, APPROVED_AWAITING_PAYMENT])
      await insertOrder(db, accounts.gbp, [ids['CS-7']!], status, 3);
    // Another account orders CS-8 repeatedly: never one of our usuals.
    await insertOrder(db, accounts.other, [ids['CS-8']!]);
    await insertOrder(db, accounts.other, [ids['CS-8']!]);

    await insertUser(db, accounts.gbp, 'pia');
    await insertUser(db, accounts.gbp, 'pim');
    await insertUser(db, accounts.eur, 'eli');
    await insertUser(db, accounts.other, 'oz');
    gbp = (await login(app, 'pia')).accessToken;
    colleague = (await login(app, 'pim')).accessToken;
    eur = (await login(app, 'eli')).accessToken;
    other = (await login(app, 'oz')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  let users = 0;
  /** A new user of the account, logged in, for a case that changes what belongs to a user. */
  const buyer = async (account: number) => {
    const username = `buyer${++users}`;
    await insertUser(handle.db, account, username);
    return (await login(app, username)).accessToken;
  };
  const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const search = async (token: string, query: Record<string, string>) => {
    const res = await get(token, `${pathOf(routes.searchProducts)}?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    return productList.parse(res.json());
  };
  const codes = (list: Product[]) => list.map((p) => p.itemNumber);
  /**
   * After a change made past the server: once every change committed so far has been heard
   * (PostgreSQL's change feed; pages it has seen are answered from memory until then). No-op on SQLite.
   */
  const caughtUp = async () => handle.changes?.caughtUp();
  const text = (token: string, searchValue: string) => search(token, { searchValue, isSearching: 'true' });
  const favourite = (token: string, method: 'POST' | 'DELETE', itemNumber: unknown) =>
    app.inject({
      ...requestOf(method === 'POST' ? routes.addFavourite : routes.removeFavourite),
      headers: bearer(token),
      payload: { itemNumber },
    });

  it('answers 401 without a session on every endpoint', async () => {
    for (const url of [
      pathOf(routes.listCategories),
      `${pathOf(routes.searchProducts)}?searchValue=roller`,
      pathOf(routes.listFavourites),
      pathOf(routes.listUsuals),
      pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'RB-BLK-0001' }),
      pathOf(routes.listDeliverySchedule, { itemNumber: 'RB-BLK-0001' }),
      pathOf(routes.getProductImage, { itemNumber: 'RB-BLK-0001', imageType: '0' }),
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect(
      (await app.inject({ method: 'POST', url: pathOf(routes.addFavourite), payload: { itemNumber: 'CS-7' } }))
        .statusCode,
    ).toBe(401);
  });

  it('lists product types with their ranges', async () => {
    const res = await get(gbp, pathOf(routes.listCategories));
    const list = categoryList.parse(res.json());
    expect(list).toEqual(
      expect.arrayContaining([
        { name: 'Roller Blinds', secondaryCategories: ['Blackout Fabrics', 'Dim-out Fabrics'] },
        { name: 'Components', secondaryCategories: ['Brackets', 'Chains'] },
      ]),
    );
  });

  it('browses by product type and by type and range, active products in the currency only', async () => {
    expect(codes(await search(gbp, { primaryCategory: 'Roller Blinds' }))).toEqual([
      'GB-ONLY',
      'RB-BLK-0001',
      'RB-BLK-00010',
      'RB-DIM-0001',
      'ZZ-BAR-0004',
    ]);
    expect(codes(await search(eur, { primaryCategory: 'Roller Blinds' }))).toEqual([
      'RB-BLK-0001',
      'RB-BLK-00010',
      'RB-DIM-0001',
      'ZZ-BAR-0004',
    ]);
    expect(
      codes(await search(gbp, { primaryCategory: 'Roller Blinds', secondaryCategory: 'Dim-out Fabrics' })),
    ).toEqual(['RB-DIM-0001']);
    expect(await search(gbp, { primaryCategory: 'Nothing' })).toEqual([]);
    expect(await search(gbp, {})).toEqual([]);
  });

  it('gives every field of a row, priced for the account terms and currency', async () => {
    const [row] = await search(gbp, { searchValue: 'RB-BLK-0001', isSearching: 'true' });
    expect(row).toEqual({
      itemNumber: 'RB-BLK-0001',
      description: 'Roller blind fabric Charcoal Blackout 200cm wide',
      stock: 12,
      quantityDue: 65,
      packQuantity: 1,
      dueDate: short(inDays(5)),
      unit: 'METRE',
      price: 12.5,
      discountPrice: 9.375, // the Roller Blinds term: 25% off
      isFavourite: false,
      hasMultiBuyDiscount: true,
    });
    const [cs7] = await text(gbp, 'cs-7');
    expect(cs7).toMatchObject({
      price: 0.12345,
      discountPrice: 0.11111,
      packQuantity: 50,
      unit: 'PACK',
      quantityDue: 0,
      dueDate: null,
      hasMultiBuyDiscount: false,
    });
    // Another GBP account sees its own terms; the EUR account its currency.
    expect((await text(other, 'RB-BLK-0001'))[0]).toMatchObject({ price: 12.5, discountPrice: 11.875 });
    expect((await text(eur, 'RB-BLK-0001'))[0]).toMatchObject({
      price: 14.63,
      discountPrice: 14.63,
      hasMultiBuyDiscount: true,
    });
    expect((await text(eur, 'RB-BLK-00010'))[0]).toMatchObject({ price: 11.583, hasMultiBuyDiscount: false });
  });

  it('searches item codes and descriptions by substring, case-insensitively, exact code first', async () => {
    expect(codes(await text(gbp, 'CHARCOAL'))).toEqual(['GB-ONLY', 'RB-BLK-0001']);
    expect(codes(await text(gbp, 'harco'))).toEqual(['GB-ONLY', 'RB-BLK-0001']);
    // The exact code first, then codes starting with it, then descriptions containing it.
    expect(codes(await text(gbp, 'rb-blk-0001'))).toEqual(['RB-BLK-0001', 'RB-BLK-00010', 'AA-0001']);
    // Every word must match, in any order.
    expect(codes(await text(gbp, 'blackout  ivory'))).toEqual(['RB-BLK-00010']);
    expect(codes(await text(gbp, 'sage dim'))).toEqual(['RB-DIM-0001']);
  });

  it('answers text searches from the catalogue as it is now, whichever process changed it (once heard)', async () => {
    const db = handle.db;
    const page = { searchValue: 'wallaby', isSearching: 'true', page: '1', pageSize: '20' };
    expect(await search(gbp, page)).toEqual([]);
    // As the admin CLI's import would: straight into the database, past this server.
    const { productId } = await insertProduct(db, {
      itemNumber: 'WB-1',
      description: 'Wallaby pelmet',
      gbpE5: 100_000,
    });
    await caughtUp();
    expect(codes(await search(gbp, page))).toEqual(['WB-1']);
    expect(codes(await text(gbp, 'wallaby'))).toEqual(['WB-1']);
    await db.updateTable('products').set({ active: 0 }).where('id', '=', productId).execute();
    await caughtUp();
    expect(await search(gbp, page)).toEqual([]);
    await db
      .updateTable('products')
      .set({ active: 1, description: 'Kangaroo pelmet', search_text: 'wb-1 kangaroo pelmet' })
      .where('id', '=', productId)
      .execute();
    await caughtUp();
    expect(await search(gbp, page)).toEqual([]);
    expect(codes(await text(gbp, 'kangaroo'))).toEqual(['WB-1']);
    await db.deleteFrom('product_prices').where('product_id', '=', productId).execute();
    await db.deleteFrom('products').where('id', '=', productId).execute();
    expect(await text(gbp, 'kangaroo')).toEqual([]);
  });

  it('falls back for one- and two-character terms and takes user text literally', async () => {
    expect(codes(await text(gbp, 'cs'))).toEqual(['CS-7', 'CS-8']);
    expect(codes(await text(gbp, '0%'))).toEqual(['CS-7']);
    expect(codes(await text(gbp, '%'))).toEqual(['CS-7']);
    expect(codes(await text(gbp, 'l_a'))).toEqual(['CS-7']);
    expect(codes(await text(gbp, '"hi"'))).toEqual(['CS-8']);
    expect(codes(await text(gbp, '"'))).toEqual(['CS-8']);
    expect(await text(gbp, 'zzzz')).toEqual([]);
    expect(codes(await text(gbp, '   roller   '))).toEqual(['RB-BLK-0001', 'RB-BLK-00010', 'RB-DIM-0001']);
  });

  it('searches by text alone when isSearching is true, and combines filters otherwise', async () => {
    expect(
      codes(await search(gbp, { primaryCategory: 'Components', searchValue: 'charcoal', isSearching: 'true' })),
    ).toEqual(['GB-ONLY', 'RB-BLK-0001']);
    expect(await search(gbp, { primaryCategory: 'Components', searchValue: 'charcoal' })).toEqual([]);
    expect(codes(await search(gbp, { primaryCategory: 'Components', searchValue: 'chain' }))).toEqual([
      'AA-0001',
      'CS-7',
    ]);
  });

  it('rejects bad query input with a 400', async () => {
    const res = await get(gbp, `${pathOf(routes.searchProducts)}?searchValue=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect((await get(gbp, `${pathOf(routes.searchProducts)}?isSearching=maybe`)).statusCode).toBe(400);
  });

  it('keeps favourites per user and flags them in every list', async () => {
    // Users of their own: the favourites this case leaves behind would show in other cases' rows.
    const gbp = await buyer(accounts.gbp);
    const colleague = await buyer(accounts.gbp);
    expect((await favourite(gbp, 'POST', 'RB-BLK-0001')).statusCode).toBe(200);
    expect((await favourite(gbp, 'POST', 'RB-BLK-0001')).statusCode).toBe(200); // idempotent
    expect((await favourite(gbp, 'POST', 'CS-7')).json()).toEqual({ ok: true });
    const mine = productList.parse((await get(gbp, pathOf(routes.listFavourites))).json());
    expect(codes(mine)).toEqual(['CS-7', 'RB-BLK-0001']);
    expect(mine.every((p) => p.isFavourite)).toBe(true);
    expect(mine[1]?.discountPrice).toBe(9.375);
    expect((await text(gbp, 'RB-BLK-0001'))[0]?.isFavourite).toBe(true);
    // A colleague on the same account and other accounts have their own.
    expect((await text(colleague, 'RB-BLK-0001'))[0]?.isFavourite).toBe(false);
    expect((await get(colleague, pathOf(routes.listFavourites))).json()).toEqual([]);
    expect((await get(other, pathOf(routes.listFavourites))).json()).toEqual([]);

    expect((await favourite(gbp, 'DELETE', 'CS-7')).statusCode).toBe(200);
    expect((await favourite(gbp, 'DELETE', 'CS-7')).statusCode).toBe(200);
    expect(codes(productList.parse((await get(gbp, pathOf(routes.listFavourites))).json()))).toEqual(['RB-BLK-0001']);
  });

  it('refuses favourites of unknown or inactive products and bad bodies', async () => {
    expect((await favourite(gbp, 'POST', 'NOPE')).statusCode).toBe(404);
    expect((await favourite(gbp, 'POST', 'OLD-1')).statusCode).toBe(404);
    expect((await favourite(gbp, 'DELETE', 'NOPE')).statusCode).toBe(404);
    expect((await favourite(gbp, 'POST', '')).statusCode).toBe(400);
    expect((await favourite(gbp, 'POST', 42)).statusCode).toBe(400);
  });

  it('derives usual orders from the account history, cancelled and never-placed orders aside', async () => {
    const usuals = productList.parse((await get(gbp, pathOf(routes.listUsuals))).json());
    expect(codes(usuals)).toEqual(['RB-BLK-0001']);
    expect(usuals[0]?.discountPrice).toBe(9.375);
    // The colleague shares the account's history; other accounts never see it.
    expect(codes(productList.parse((await get(colleague, pathOf(routes.listUsuals))).json()))).toEqual(['RB-BLK-0001']);
    expect(codes(productList.parse((await get(other, pathOf(routes.listUsuals))).json()))).toEqual(['CS-8']);
    expect((await get(eur, pathOf(routes.listUsuals))).json()).toEqual([]);
  });

  it("gives multi-buy tiers in the account's currency, lowest minimum first", async () => {
    // Only tiers below the account's own price are offered: gbp pays £9.375, 'other' £11.875.
    const gbpTiers = multiBuyDiscountList.parse(
      (await get(gbp, pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'RB-BLK-0001' }))).json(),
    );
    expect(gbpTiers).toEqual([{ minimumQuantity: 10, price: 9 }]);
    expect((await get(other, pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'RB-BLK-0001' }))).json()).toEqual([
      { minimumQuantity: 5, price: 11 },
      { minimumQuantity: 10, price: 9 },
    ]);
    expect((await get(eur, pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'RB-BLK-0001' }))).json()).toEqual([
      { minimumQuantity: 8, price: 13 },
    ]);
    expect((await get(gbp, pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'CS-7' }))).json()).toEqual([]);
  });

  it("offers no multi-buy tier that is not below the account's own price (RB-BAR-0004: £3.30 against £3.1875)", async () => {
    expect((await text(gbp, 'ZZ-BAR-0004'))[0]).toMatchObject({ discountPrice: 3.1875, hasMultiBuyDiscount: false });
    expect((await get(gbp, pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'ZZ-BAR-0004' }))).json()).toEqual([]);
    expect((await text(other, 'ZZ-BAR-0004'))[0]).toMatchObject({ discountPrice: 4.0375, hasMultiBuyDiscount: true });
    expect((await get(other, pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'ZZ-BAR-0004' }))).json()).toEqual([
      { minimumQuantity: 50, price: 3.3 },
    ]);
    expect((await get(gbp, pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'NOPE' }))).statusCode).toBe(404);
    expect((await get(gbp, pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'OLD-1' }))).statusCode).toBe(404);
  });

  it('gives the delivery schedule, earliest first, as dd/mm/yy', async () => {
    const schedule = deliveryScheduleList.parse(
      (await get(gbp, pathOf(routes.listDeliverySchedule, { itemNumber: 'RB-BLK-0001' }))).json(),
    );
    expect(schedule).toEqual([
      { quantity: 25, date: short(inDays(5)) },
      { quantity: 40, date: short(inDays(20)) },
    ]);
    expect((await get(gbp, pathOf(routes.listDeliverySchedule, { itemNumber: 'CS-7' }))).json()).toEqual([]);
    expect((await get(gbp, pathOf(routes.listDeliverySchedule, { itemNumber: 'NOPE' }))).statusCode).toBe(404);
  });

  it('serves product images uncached, and 404 for none', async () => {
    const res = await get(gbp, pathOf(routes.getProductImage, { itemNumber: 'RB-BLK-0001', imageType: '0' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<svg');
    expect(
      (await get(gbp, pathOf(routes.getProductImage, { itemNumber: 'RB-BLK-0001', imageType: '1' }))).statusCode,
    ).toBe(404);
    expect((await get(gbp, pathOf(routes.getProductImage, { itemNumber: 'CS-7', imageType: '0' }))).statusCode).toBe(
      404,
    );
    expect((await get(gbp, pathOf(routes.getProductImage, { itemNumber: 'NOPE', imageType: '0' }))).statusCode).toBe(
      404,
    );
    expect(
      (await get(gbp, pathOf(routes.getProductImage, { itemNumber: 'RB-BLK-0001', imageType: '2' }))).statusCode,
    ).toBe(400);
  });

  it('answers one page of a search with the total in a header: the same rows as that slice of the whole list', async () => {
    const whole = await search(gbp, { primaryCategory: 'Roller Blinds' });
    expect(whole.length).toBeGreaterThan(3);
    const pageOf = async (page: string, pageSize: string) => {
      const res = await get(
        gbp,
        `${pathOf(routes.searchProducts)}?${new URLSearchParams({ primaryCategory: 'Roller Blinds', page, pageSize }).toString()}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(whole.length));
      return productList.parse(res.json());
    };
    const size = 2;
    for (let page = 1; page <= Math.ceil(whole.length / size) + 1; page++)
      expect(await pageOf(String(page), String(size))).toEqual(whole.slice((page - 1) * size, page * size));
    // Text searches page in their ranked order too, exact code first.
    const ranked = await text(gbp, 'rb-blk-0001');
    const first = await get(
      gbp,
      `${pathOf(routes.searchProducts)}?searchValue=rb-blk-0001&isSearching=true&page=1&pageSize=1`,
    );
    expect(productList.parse(first.json())).toEqual(ranked.slice(0, 1));
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe(String(ranked.length));
    for (const bad of ['page=0', 'page=1&pageSize=0', 'page=1&pageSize=201', 'page=x', 'page=1e2', 'page=0x10'])
      expect(
        (await get(gbp, `${pathOf(routes.searchProducts)}?primaryCategory=Roller%20Blinds&${bad}`)).statusCode,
        bad,
      ).toBe(400);
  });

  it('reads a page of a text search in one statement once it knows the account, and sees its terms as they are now', async () => {
    const db = handle.db;
    const accountId = await insertAccount(db, { discount_bp: 1000 });
    const typeId = (await db
      .selectFrom('products')
      .select('product_type_id')
      .where('id', '=', ids['RB-BLK-0001']!)
      .executeTakeFirstOrThrow())!.product_type_id;
    const counted = countingStatements(db);
    const service = composeProducts(counted.db);
    const caller = { userId: 0, accountId };
    const q = { searchValue: 'charcoal', isSearching: 'true' as const, page: 1, pageSize: 20 };
    const prices = async () =>
      Object.fromEntries(
        (await service.searchProducts(caller, q)).products.map((p) => [p.itemNumber, p.discountPrice]),
      );

    expect(await prices()).toEqual({ 'GB-ONLY': 0.9, 'RB-BLK-0001': 11.25 }); // learns the currency, builds the index
    counted.reset();
    const again = await service.searchProducts(caller, q);
    expect(counted.count).toBe(1);
    expect(again).toMatchObject({ total: 2, truncated: false });
    // An empty page too: the terms and the revision alone.
    counted.reset();
    expect(await service.searchProducts(caller, { ...q, page: 2 })).toEqual({
      products: [],
      truncated: false,
      total: 2,
    });
    expect(counted.count).toBe(1);

    // Terms changed past this server apply at once.
    await db
      .insertInto('account_discounts')
      .values({ account_id: accountId, product_type_id: typeId, discount_bp: 5000 })
      .execute();
    expect(await prices()).toEqual({ 'GB-ONLY': 0.5, 'RB-BLK-0001': 6.25 });
    // So does a new currency (the guess is wrong once: the usual way answers, then learns it).
    await db.updateTable('accounts').set({ currency_code: 'EUR' }).where('id', '=', accountId).execute();
    counted.reset();
    expect(await prices()).toEqual({ 'RB-BLK-0001': 7.315 });
    expect(counted.count).toBeGreaterThan(1);
    counted.reset();
    expect(await prices()).toEqual({ 'RB-BLK-0001': 7.315 });
    expect(counted.count).toBe(1);
  });

  it('answers a page seen before from memory, and hears every change to it', async () => {
    const db = handle.db;
    const accountId = await insertAccount(db, { discount_bp: 1000 });
    const userId = await insertUser(db, accountId, 'mem');
    const roller = ids['RB-BLK-0001']!;
    const counted = countingStatements(db);
    // The database's feed, with what it hears held back while `holding` (to tell this server's own
    // changes from what the feed tells it).
    let holding = false;
    const held: (() => void)[] = [];
    const feed = handle.changes;
    const changes: ChangeFeed | undefined = feed && {
      get live() {
        return feed.live;
      },
      subscribe: (heard) =>
        feed.subscribe((topic, key) => (holding ? held.push(() => heard(topic, key)) : heard(topic, key))),
      poll: () => feed.poll(),
      caughtUp: () => feed.caughtUp(),
      close: () => feed.close(),
    };
    const service = composeProducts(counted.db, { changes });
    const caller = { userId, accountId };
    const q = { searchValue: 'charcoal', isSearching: 'true' as const, page: 1, pageSize: 20 };
    const shown = async () => {
      counted.reset();
      const { products } = await service.searchProducts(caller, q);
      const row = products.find((p) => p.itemNumber === 'RB-BLK-0001')!;
      return {
        statements: counted.count,
        stock: row.stock,
        due: row.quantityDue,
        price: row.discountPrice,
        fav: row.isFavourite,
      };
    };

    await caughtUp(); // listening
    await shown(); // learns the currency
    const read = await shown(); // one statement, kept
    expect(read).toEqual({ statements: 1, stock: 12, due: 65, price: 11.25, fav: false });
    // No statement at all (on SQLite the feed reads its counter on the connection, not through Kysely).
    expect(await shown()).toEqual({ ...read, statements: 0 });

    // Changes made past the server: each seen once heard, then kept again.
    await db.updateTable('products').set({ stock: 7 }).where('id', '=', roller).execute();
    await caughtUp();
    expect(await shown()).toEqual({ ...read, stock: 7 });
    expect(await shown()).toEqual({ ...read, stock: 7, statements: 0 });
    await db
      .insertInto('inbound_deliveries')
      .values({ product_id: roller, quantity: 5, due_date: inDays(9) })
      .execute();
    await caughtUp();
    expect(await shown()).toMatchObject({ statements: 1, due: 70 });
    await db.updateTable('accounts').set({ discount_bp: 5000 }).where('id', '=', accountId).execute();
    await caughtUp();
    expect(await shown()).toMatchObject({ statements: 1, price: 6.25 });
    await db.insertInto('favourites').values({ user_id: userId, product_id: roller, created_at: nowIso() }).execute();
    await caughtUp();
    expect(await shown()).toMatchObject({ statements: 1, fav: true });
    expect(await shown()).toMatchObject({ statements: 0, fav: true });

    // This server's own favourite change: seen by the very next page, before the feed tells of it.
    holding = true;
    await service.removeFavourite(caller, { itemNumber: 'RB-BLK-0001' });
    expect(await shown()).toMatchObject({ statements: 1, fav: false });
    holding = false;
    await caughtUp();
    held.splice(0).forEach((tell) => tell());
    await shown();
    expect(await shown()).toMatchObject({ statements: 0, fav: false });

    // A colleague's favourites are their own: changing them leaves this user's page in memory.
    const colleagueId = await insertUser(db, accountId, 'mem2');
    await service.addFavourite({ userId: colleagueId, accountId }, { itemNumber: 'RB-BLK-0001' });
    await caughtUp();
    expect(await shown()).toMatchObject({ statements: 0, fav: false });
    await db.deleteFrom('inbound_deliveries').where('product_id', '=', roller).where('quantity', '=', 5).execute();
    await db.updateTable('products').set({ stock: 12 }).where('id', '=', roller).execute();
    await caughtUp();
    expect(await shown()).toMatchObject({ stock: 12, due: 65 });
  });

  it(`caps lists at ${SEARCH_RESULT_LIMIT} rows and says so in a header`, async () => {
    const small = composeProducts(handle.db, {}, 2);
    const caller = { userId: 0, accountId: accounts.gbp };
    expect(await small.searchProducts(caller, { primaryCategory: 'Roller Blinds' })).toMatchObject({
      truncated: true,
      products: [{}, {}],
    });
    expect((await small.searchProducts(caller, { primaryCategory: 'Components' })).truncated).toBe(true);
    expect(
      (await small.searchProducts(caller, { primaryCategory: 'Roller Blinds', secondaryCategory: 'Dim-out Fabrics' }))
        .truncated,
    ).toBe(false);

    const res = await get(gbp, `${pathOf(routes.searchProducts)}?primaryCategory=Roller%20Blinds`);
    expect(res.headers[RESULTS_TRUNCATED_HEADER]).toBeUndefined();

    // Enough rows to cut a real list.
    const type = await handle.db
      .insertInto('product_types')
      .values({ name: 'Bulk', sort: 9 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const range = await handle.db
      .insertInto('product_ranges')
      .values({ product_type_id: type.id, name: 'All', sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: SEARCH_RESULT_LIMIT + 1 }, (_, i) => {
      const code = `BULK-${String(i).padStart(5, '0')}`;
      return {
        item_number: code,
        description: 'Bulk item',
        product_type_id: type.id,
        range_id: range.id,
        pack_quantity: 1,
        unit: 'EACH',
        stock: 1,
        active: 1,
        search_text: `${code} bulk item`.toLowerCase(),
      };
    });
    const inserted = await handle.db.insertInto('products').values(rows).returning('id').execute();
    await handle.db
      .insertInto('product_prices')
      .values(inserted.map((r) => ({ product_id: r.id, currency_code: 'GBP' as const, list_price_e5: 100_000 })))
      .execute();
    const bulk = await get(gbp, `${pathOf(routes.searchProducts)}?searchValue=bulk&isSearching=true`);
    expect(bulk.headers[RESULTS_TRUNCATED_HEADER]).toBe('true');
    expect(productList.parse(bulk.json())).toHaveLength(SEARCH_RESULT_LIMIT);
  });
});
