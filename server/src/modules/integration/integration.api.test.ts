import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  INTEGRATION_MSG,
  acknowledgeOrderResponse,
  ordersOutResponse,
  problemDetails,
  productList,
  upsertResponse,
  type ApiScope,
  INTEGRATION_PREFIX,
  integrationRoutes,
  pathOf,
  requestOf,
  routes,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { buildApp } from '../../app.js';
import { bearer, login, openApiPath, testApp, testConfig } from '../../test/app.js';
import { insertOrder } from '../orders/orders.fixtures.js';
import { composeStore } from '../../compose.js';
import { requireRedis, TEST_REDIS_URL } from '../../test/redis.js';

describe.each(testEngines())('integration API (inbound) on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let all: string; // every scope
  let readOnly: string; // orders:read only
  let customer: string; // a customer's access token

  const key = async (name: string, scopes: readonly ApiScope[]) =>
    (await composeStore(handle.db).apiKeys.createClient(name, scopes.join(','))).key;
  const call = (k: string | undefined, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(k ? { authorization: `Bearer ${k}` } : {}), ...opts.headers } });
  const put = (k: string, url: string, items: unknown[]) => call(k, { method: 'PUT', url, payload: { items } });
  const ok = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return upsertResponse.parse(res.json());
  };
  const problem = (
    res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
    status: number,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const p = problemDetails.parse(res.json());
    expect(p.status).toBe(status);
    return p;
  };
  const search = async (searchValue: string) => {
    await handle.changes?.caughtUp();
    const res = await app.inject({
      method: 'GET',
      url: `${pathOf(routes.searchProducts)}?${new URLSearchParams({ searchValue, isSearching: 'true' }).toString()}`,
      headers: bearer(customer),
    });
    expect(res.statusCode, res.body).toBe(200);
    return productList.parse(res.json());
  };

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const account = await insertAccount(handle.db, { discount_bp: 0 });
    await insertUser(handle.db, account, 'ina');
    customer = (await login(app, 'ina')).accessToken;
    all = await key('erp', [
      'catalogue:write',
      'prices:write',
      'stock:write',
      'accounts:write',
      'invoices:write',
      'orders:read',
      'orders:write',
    ] as ApiScope[]);
    readOnly = await key('reader', ['orders:read']);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('refuses no key, a customer token and an unknown key (401), a missing scope (403), as problem+json', async () => {
    const none = problem(
      await call(undefined, { method: 'PUT', url: pathOf(integrationRoutes.upsertProducts), payload: { items: [] } }),
      401,
    );
    expect(none.detail).toBe(INTEGRATION_MSG.missingKey);
    expect(none.instance).toBe(pathOf(integrationRoutes.upsertProducts));
    expect(none.requestId).toBeTruthy();
    expect(
      problem(await call(customer, { method: 'GET', url: pathOf(integrationRoutes.listOrdersOut) }), 401).detail,
    ).toBe(INTEGRATION_MSG.notAKey);
    const forged = `${all.slice(0, -4)}AAAA`;
    expect(
      problem(await call(forged, { method: 'GET', url: pathOf(integrationRoutes.listOrdersOut) }), 401).detail,
    ).toBe(INTEGRATION_MSG.unknownKey);
    for (const [request, scope] of [
      [requestOf(integrationRoutes.upsertProducts), 'catalogue:write'],
      [requestOf(integrationRoutes.upsertPrices), 'prices:write'],
      [requestOf(integrationRoutes.upsertStock), 'stock:write'],
      [requestOf(integrationRoutes.upsertAccounts), 'accounts:write'],
      [requestOf(integrationRoutes.upsertInvoices), 'invoices:write'],
      [requestOf(integrationRoutes.setOrderStatus, { orderNumber: 'SO-1' }), 'orders:write'],
      [requestOf(integrationRoutes.acknowledgeOrder, { orderNumber: 'SO-1' }), 'orders:write'],
    ] as const) {
      const res = await call(readOnly, { ...request, payload: { items: [{}], erpReference: 'x' } });
      expect(problem(res, 403).detail).toBe(INTEGRATION_MSG.missingScope(scope));
    }
    // X-Api-Key works as well as Authorization.
    const viaHeader = await app.inject({
      method: 'GET',
      url: pathOf(integrationRoutes.listOrdersOut),
      headers: { 'x-api-key': readOnly },
    });
    expect(viaHeader.statusCode).toBe(200);
    // Unknown integration paths are problem+json 404s too.
    problem(await call(all, { method: 'GET', url: `${INTEGRATION_PREFIX}/nothing-here` }), 404);
  });

  it('refuses an API key on customer routes (401, their usual shape)', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.listCategories), headers: bearer(all) });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 401 });
  });

  it('upserts products: created, unchanged (nothing written), updated, failed beside good rows; the customer sees them', async () => {
    const items = [
      {
        itemNumber: 'ERP-1',
        description: 'Erp roller blind',
        productType: 'Roller Blinds',
        range: 'Erp Range',
        unit: 'each',
        packQuantity: 1,
      },
      {
        itemNumber: 'ERP-2',
        description: 'Erp chain',
        productType: 'Components',
        range: 'Chains',
        unit: 'METRE',
        packQuantity: 10,
      },
      { itemNumber: 'BAD ONE', description: '', productType: 'X', range: 'Y', unit: 'EACH', packQuantity: 0 },
    ];
    const first = ok(await put(all, pathOf(integrationRoutes.upsertProducts), items));
    expect(first.results.map((r) => r.status)).toEqual(['created', 'created', 'failed']);
    expect(first.results[2]?.errors?.map((e) => e.pointer).sort()).toEqual([
      '/items/2/description',
      '/items/2/itemNumber',
      '/items/2/packQuantity',
    ]);
    expect(first.summary).toMatchObject({ created: 2, failed: 1 });

    const revisionBefore = await handle.db
      .selectFrom('catalogue_revision')
      .select('revision')
      .executeTakeFirstOrThrow();
    const again = ok(await put(all, pathOf(integrationRoutes.upsertProducts), items.slice(0, 2)));
    expect(again.results.map((r) => r.status)).toEqual(['unchanged', 'unchanged']);
    const revisionAfter = await handle.db.selectFrom('catalogue_revision').select('revision').executeTakeFirstOrThrow();
    expect(Number(revisionAfter.revision)).toBe(Number(revisionBefore.revision));

    const renamed = ok(
      await put(all, pathOf(integrationRoutes.upsertProducts), [
        { ...items[0], description: 'Erp roller blind renamed' },
      ]),
    );
    expect(renamed.results[0]?.status).toBe('updated');

    // Priced and stocked through the API, the customer's search shows it.
    ok(
      await put(all, pathOf(integrationRoutes.upsertPrices), [
        { itemNumber: 'ERP-1', currency: 'GBP', listPrice: '12.5' },
      ]),
    );
    ok(await put(all, pathOf(integrationRoutes.upsertStock), [{ itemNumber: 'ERP-1', quantity: 42 }]));
    const found = (await search('renamed')).find((p) => p.itemNumber === 'ERP-1');
    expect(found).toMatchObject({ description: 'Erp roller blind renamed', price: 12.5, stock: 42 });
  });

  it('upserts prices with tiers and stock with due-in; unknown items fail, stale versions are refused', async () => {
    await insertProduct(handle.db, { itemNumber: 'PX-1', description: 'Pricey thing', gbpE5: 1_000_000, stock: 5 });
    const prices = ok(
      await put(all, pathOf(integrationRoutes.upsertPrices), [
        {
          itemNumber: 'PX-1',
          currency: 'GBP',
          listPrice: 9.87654,
          multibuy: [{ minimumQuantity: 10, price: '9' }],
          sourceVersion: 5,
        },
        { itemNumber: 'NOPE-1', currency: 'GBP', listPrice: 1 },
        { itemNumber: 'PX-1', currency: 'EUR', listPrice: '1.123456' },
      ]),
    );
    expect(prices.results.map((r) => [r.key, r.status])).toEqual([
      ['PX-1/GBP', 'updated'],
      ['NOPE-1/GBP', 'failed'],
      ['PX-1/EUR', 'failed'],
    ]);
    expect(prices.results[1]?.errors).toEqual([
      { pointer: '/items/1/itemNumber', detail: INTEGRATION_MSG.unknownItem('NOPE-1') },
    ]);
    expect(prices.results[2]?.errors?.[0]?.pointer).toBe('/items/2/listPrice');
    const row = await handle.db
      .selectFrom('product_prices as pp')
      .innerJoin('products as p', 'p.id', 'pp.product_id')
      .select('pp.list_price_e5')
      .where('p.item_number', '=', 'PX-1')
      .where('pp.currency_code', '=', 'GBP')
      .executeTakeFirstOrThrow();
    expect(Number(row.list_price_e5)).toBe(987_654);

    // Older data arriving late is refused; the stored price stays.
    const stale = ok(
      await put(all, pathOf(integrationRoutes.upsertPrices), [
        { itemNumber: 'PX-1', currency: 'GBP', listPrice: 1, sourceVersion: 4 },
      ]),
    );
    expect(stale.results[0]?.status).toBe('stale');
    const tierRows = await handle.db
      .selectFrom('multibuy_tiers as t')
      .innerJoin('products as p', 'p.id', 't.product_id')
      .select(['t.minimum_quantity', 't.price_e5'])
      .where('p.item_number', '=', 'PX-1')
      .execute();
    expect(tierRows.map((t) => [t.minimum_quantity, Number(t.price_e5)])).toEqual([[10, 900_000]]);
    expect((await search('pricey'))[0]).toMatchObject({ price: 9.87654, hasMultiBuyDiscount: true });

    const stock = ok(
      await put(all, pathOf(integrationRoutes.upsertStock), [
        { itemNumber: 'PX-1', quantity: 3, dueIn: [{ date: '2099-01-02', quantity: 40 }] },
        { itemNumber: 'PX-1', quantity: 4 },
        { itemNumber: 'PX-1x', quantity: -1 },
      ]),
    );
    expect(stock.results.map((r) => r.status)).toEqual(['updated', 'failed', 'failed']);
    expect(stock.results[1]?.errors?.[0]?.detail).toBe(INTEGRATION_MSG.duplicateKey('PX-1', 0));
    expect((await search('pricey'))[0]).toMatchObject({ stock: 3, quantityDue: 40 });
    const same = ok(
      await put(all, pathOf(integrationRoutes.upsertStock), [
        { itemNumber: 'PX-1', quantity: 3, dueIn: [{ date: '2099-01-02', quantity: 40 }] },
      ]),
    );
    expect(same.results[0]?.status).toBe('unchanged');
  });

  it('atomic=true writes nothing when any item fails (422 with pointers), everything when none does', async () => {
    // A priced product of its own, which the refused price batch below must leave as it is.
    await insertProduct(handle.db, { itemNumber: 'AX-1', description: 'Atomic thing', gbpE5: 987_654, stock: 5 });
    const good = {
      itemNumber: 'AT-1',
      description: 'Atomic one',
      productType: 'Roller Blinds',
      range: 'Atomic',
      unit: 'EACH',
      packQuantity: 1,
    };
    const bad = { ...good, itemNumber: 'AT-2', unit: 'not a unit' };
    const refused = await call(all, {
      method: 'PUT',
      url: `${pathOf(integrationRoutes.upsertProducts)}?atomic=true`,
      payload: { items: [good, bad] },
    });
    const p = problem(refused, 422);
    expect(p.errors).toEqual([{ pointer: '/items/1/unit', detail: expect.any(String) }]);
    const none = await handle.db
      .selectFrom('products')
      .select('id')
      .where('item_number', 'in', ['AT-1', 'AT-2'])
      .execute();
    expect(none).toEqual([]);
    // A failure found in the database (an unknown item) refuses the batch too.
    const prices = await call(all, {
      method: 'PUT',
      url: `${pathOf(integrationRoutes.upsertPrices)}?atomic=true`,
      payload: {
        items: [
          { itemNumber: 'AX-1', currency: 'GBP', listPrice: 3 },
          { itemNumber: 'NOPE', currency: 'GBP', listPrice: 1 },
        ],
      },
    });
    expect(problem(prices, 422).errors?.[0]?.pointer).toBe('/items/1/itemNumber');
    expect((await search('atomic thing'))[0]?.price).toBe(9.87654);

    const applied = ok(
      await call(all, {
        method: 'PUT',
        url: `${pathOf(integrationRoutes.upsertProducts)}?atomic=true`,
        payload: { items: [good] },
      }),
    );
    expect(applied.results[0]?.status).toBe('created');
  });

  it('answers a malformed envelope with a 400 problem with pointers', async () => {
    const tooMany = Array.from({ length: 1001 }, () => ({}));
    const p = problem(await put(all, pathOf(integrationRoutes.upsertProducts), tooMany), 400);
    expect(p.errors?.[0]?.pointer).toBe('/items');
    const notList = problem(
      await call(all, { method: 'PUT', url: pathOf(integrationRoutes.upsertStock), payload: { items: 'x' } }),
      400,
    );
    expect(notList.errors?.[0]?.pointer).toBe('/items');
  });

  it('pages orders placed in the portal oldest first and records acknowledgements idempotently', async () => {
    // Page from where the feed ends now: other cases may have placed portal orders before this one.
    let start = ordersOutResponse.parse(
      (await call(readOnly, { method: 'GET', url: pathOf(integrationRoutes.listOrdersOut) })).json(),
    );
    while (start.hasMore)
      start = ordersOutResponse.parse(
        (
          await call(readOnly, { method: 'GET', url: `${pathOf(integrationRoutes.listOrdersOut)}?after=${start.next}` })
        ).json(),
      );
    const account = await insertAccount(handle.db, { customer_number: 'C-OUT' });
    const ids: number[] = [];
    for (const n of ['SO-OUT-1', 'SO-OUT-2', 'SO-OUT-3']) {
      const id = await insertOrder(handle.db, { accountId: account, orderNumber: n, reference: `PO ${n}` });
      await handle.db
        .updateTable('orders')
        .set({ source_basket_id: id, source_revision: 1 })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    // An order from the ERP's own history (not placed in the portal) is not sent back.
    await insertOrder(handle.db, { accountId: account, orderNumber: 'SO-HIST' });

    const page1 = ordersOutResponse.parse(
      (
        await call(readOnly, {
          method: 'GET',
          url: `${pathOf(integrationRoutes.listOrdersOut)}?limit=2${start.next ? `&after=${start.next}` : ''}`,
        })
      ).json(),
    );
    expect(page1.orders.map((o) => o.orderNumber)).toEqual(['SO-OUT-1', 'SO-OUT-2']);
    expect(page1.hasMore).toBe(true);
    expect(page1.orders[0]).toMatchObject({
      customerNumber: 'C-OUT',
      purchaseOrder: 'PO SO-OUT-1',
      totals: { goods: '10.00', vat: '2.00', total: '12.00' },
      delivery: { postcode: 'BS1 1AA' },
      payment: null,
      erpReference: null,
    });
    expect(page1.orders[0]?.lines[0]).toMatchObject({
      itemNumber: 'RB-100',
      quantity: 1,
      unitPrice: '10',
      total: '10.00',
    });
    const page2 = ordersOutResponse.parse(
      (
        await call(readOnly, {
          method: 'GET',
          url: `${pathOf(integrationRoutes.listOrdersOut)}?limit=2&after=${page1.next}`,
        })
      ).json(),
    );
    expect(page2.orders.map((o) => o.orderNumber)).toEqual(['SO-OUT-3']);
    expect(page2.hasMore).toBe(false);
    const idle = ordersOutResponse.parse(
      (
        await call(readOnly, { method: 'GET', url: `${pathOf(integrationRoutes.listOrdersOut)}?after=${page2.next}` })
      ).json(),
    );
    expect(idle).toEqual({ orders: [], next: page2.next, hasMore: false });
    problem(await call(readOnly, { method: 'GET', url: `${pathOf(integrationRoutes.listOrdersOut)}?after=abc` }), 400);

    const ack = (ref: string, idem?: string) =>
      call(all, {
        method: 'POST',
        url: pathOf(integrationRoutes.acknowledgeOrder, { orderNumber: 'SO-OUT-2' }),
        payload: { erpReference: ref },
        headers: idem ? { 'idempotency-key': idem } : {},
      });
    const first = acknowledgeOrderResponse.parse((await ack('ERP-778')).json());
    const second = acknowledgeOrderResponse.parse((await ack('ERP-778')).json());
    expect(second).toEqual(first);
    const order = await handle.db
      .selectFrom('orders')
      .select('erp_reference')
      .where('id', '=', ids[1]!)
      .executeTakeFirstOrThrow();
    expect(order.erp_reference).toBe('ERP-778');
    problem(
      await call(all, {
        method: 'POST',
        url: pathOf(integrationRoutes.acknowledgeOrder, { orderNumber: 'SO-HIST' }),
        payload: { erpReference: 'x' },
      }),
      404,
    );
  });

  it('honours Idempotency-Key on POST: the first answer again for the same body, 422 for another, per client', async () => {
    // An order placed in the portal (only those can be acknowledged), of its own.
    const account = await insertAccount(handle.db, { customer_number: 'C-IDEM' });
    const id = await insertOrder(handle.db, { accountId: account, orderNumber: 'SO-IDEM-1' });
    await handle.db
      .updateTable('orders')
      .set({ source_basket_id: id, source_revision: 1 })
      .where('id', '=', id)
      .execute();
    const post = (k: string, idem: string, ref: string) =>
      call(k, {
        method: 'POST',
        url: pathOf(integrationRoutes.acknowledgeOrder, { orderNumber: 'SO-IDEM-1' }),
        payload: { erpReference: ref },
        headers: { 'idempotency-key': idem },
      });
    const first = await post(all, 'idem-1', 'ERP-1');
    expect(first.statusCode).toBe(200);
    // The stored order changes meanwhile; the replay is still the first answer.
    await post(all, 'idem-2', 'ERP-2');
    const replay = await post(all, 'idem-1', 'ERP-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = problem(await post(all, 'idem-1', 'ERP-3'), 422);
    expect(other.detail).toBe(INTEGRATION_MSG.idempotencyMismatch);
    // Another client's same key is its own.
    const writer = await key('second-erp', ['orders:write']);
    const fresh = await post(writer, 'idem-1', 'ERP-3');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.json()).toMatchObject({ erpReference: 'ERP-3' });
  });

  it('rotates keys (both valid until the old is revoked) and revokes clients', async () => {
    const keys = composeStore(handle.db).apiKeys;
    const old = await key('rotator', ['orders:read']);
    const rotated = await keys.rotateKey('rotator');
    const get = (k: string) => call(k, { method: 'GET', url: `${pathOf(integrationRoutes.listOrdersOut)}?limit=1` });
    expect((await get(old)).statusCode).toBe(200);
    expect((await get(rotated.key)).statusCode).toBe(200);
    await keys.revoke({ keyId: old });
    expect((await get(old)).statusCode).toBe(401);
    expect((await get(rotated.key)).statusCode).toBe(200);
    await keys.revoke({ name: 'rotator' });
    expect((await get(rotated.key)).statusCode).toBe(401);
    // Only a hash is stored.
    const stored = await handle.db.selectFrom('api_keys').select('key_hash').execute();
    expect(stored.some((r) => r.key_hash.includes(rotated.key) || rotated.key.includes(r.key_hash))).toBe(false);
  });

  it('limits each client to its requests a minute (429 with Retry-After), other clients unaffected', async () => {
    const limited = await testApp(handle, { INTEGRATION_RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const k = await key('busy-erp', ['orders:read']);
      const get = (kk: string) =>
        limited.inject({
          method: 'GET',
          url: `${pathOf(integrationRoutes.listOrdersOut)}?limit=1`,
          headers: { authorization: `Bearer ${kk}` },
        });
      for (let i = 0; i < 3; i++) expect((await get(k)).statusCode).toBe(200);
      const refused = await get(k);
      problem(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(readOnly)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('never writes a key to the log, whichever header carries it, even on errors', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const logged = await buildApp({ config: testConfig({ LOG_LEVEL: 'trace' }), handle, logStream: stream });
    try {
      await logged.ready();
      await logged.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.listOrdersOut),
        headers: { authorization: `Bearer ${all}` },
      });
      await logged.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.listOrdersOut),
        headers: { 'x-api-key': all },
      });
      await logged.inject({
        method: 'PUT',
        url: pathOf(integrationRoutes.upsertProducts),
        headers: { 'x-api-key': readOnly },
        payload: {},
      });
      expect(lines.join('')).toContain(pathOf(integrationRoutes.listOrdersOut));
      // The secret is base64url, so it may itself hold '_' (even first): read it with the key's own pattern.
      const secretPart = /^wpk_[0-9a-f]{12}_(.+)$/.exec(all)?.[1] ?? '';
      expect(secretPart).toHaveLength(43);
      expect(lines.join('')).not.toContain(secretPart);
    } finally {
      await logged.close();
    }
  });

  it('is documented in the OpenAPI with its own security schemes', async () => {
    // The OpenAPI document is @fastify/swagger's, not a route of the contract.
    // eslint-disable-next-line no-restricted-syntax
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['apiKeyBearer', 'apiKeyHeader']),
    );
    const documented = [
      integrationRoutes.upsertProducts,
      integrationRoutes.upsertPrices,
      integrationRoutes.upsertStock,
      integrationRoutes.listOrdersOut,
      integrationRoutes.acknowledgeOrder,
    ];
    for (const route of documented) {
      const path = openApiPath(route);
      const ops = doc.paths[path];
      expect(ops, path).toBeDefined();
      for (const op of Object.values(ops ?? {}))
        expect(op.security).toEqual([{ apiKeyBearer: [] }, { apiKeyHeader: [] }]);
    }
  });

  it('sets an order status with tracking; the customer sees it at once; scope, unknown order and bad date refused', async () => {
    const account = (
      await handle.db.selectFrom('users').select('account_id').where('username', '=', 'ina').executeTakeFirstOrThrow()
    ).account_id;
    await insertOrder(handle.db, { accountId: account, orderNumber: 'SO-ST-1', orderedDaysAgo: 2 });
    const set = (k: string, body: Record<string, unknown>, n = 'SO-ST-1') =>
      call(k, { method: 'PUT', url: pathOf(integrationRoutes.setOrderStatus, { orderNumber: n }), payload: body });
    problem(await set(readOnly, { status: 'Shipped' }), 403);
    problem(await set(all, { status: 'Shipped' }, 'SO-NONE'), 404);
    const early = problem(await set(all, { status: 'Shipped', despatchDate: '2001-01-01' }), 400);
    expect(early.errors?.[0]?.pointer).toBe('/despatchDate');
    expect(problem(await set(all, { status: 'Lost' }), 400).errors?.[0]?.pointer).toBe('/status');

    const res = await set(all, { status: 'Shipped', trackingNumbers: ['TRK-1', 'TRK-2'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Shipped', trackingNumbers: ['TRK-1', 'TRK-2'], result: 'updated' });
    expect((await set(all, { status: 'Shipped', trackingNumbers: ['TRK-2'] })).json()).toMatchObject({
      result: 'unchanged',
      trackingNumbers: ['TRK-1', 'TRK-2'],
    });
    const mine = await app.inject({ method: 'GET', url: pathOf(routes.listOpenOrders), headers: bearer(customer) });
    const shown = (mine.json() as { orderNumber: string; status: string; isTrackingAvailable: boolean }[]).find(
      (o) => o.orderNumber === 'SO-ST-1',
    );
    expect(shown).toMatchObject({ status: 'Shipped', isTrackingAvailable: true, erpReference: null });

    // Placed in the portal and acknowledged: the customer's order enquiry shows the ERP's reference.
    await handle.db
      .updateTable('orders')
      .set({ source_basket_id: 999_999, source_revision: 1 })
      .where('order_number', '=', 'SO-ST-1')
      .execute();
    const ack = await call(all, {
      method: 'POST',
      url: pathOf(integrationRoutes.acknowledgeOrder, { orderNumber: 'SO-ST-1' }),
      payload: { erpReference: 'SAGE-4411' },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    const after = await app.inject({ method: 'GET', url: pathOf(routes.listOpenOrders), headers: bearer(customer) });
    expect(
      (after.json() as { orderNumber: string; erpReference?: string }[]).find((o) => o.orderNumber === 'SO-ST-1'),
    ).toMatchObject({
      erpReference: 'SAGE-4411',
    });
  });

  it('upserts accounts with addresses and discounts; bad rows fail beside good; the customer gets the terms', async () => {
    // A discount names a product type: one that exists, whichever case ran before.
    const typed = ok(
      await put(all, pathOf(integrationRoutes.upsertProducts), [
        {
          itemNumber: 'ERP-TERMS-1',
          description: 'Erp roller blind for terms',
          productType: 'Roller Blinds',
          range: 'Erp Range',
          unit: 'each',
          packQuantity: 1,
        },
      ]),
    );
    expect(typed.results[0]?.status).not.toBe('failed');
    const account = {
      customerNumber: 'C-API-1',
      name: 'Api Blinds Ltd',
      currency: 'EUR',
      paymentTerms: 'proforma',
      creditLimit: '5000.00',
      onStop: true,
      vatPercent: 23,
      discountPercent: '12.5',
      productTypeDiscounts: [{ productType: 'Roller Blinds', percent: 15 }],
      carriage: { charge: '9.95', freeOver: 250 },
      invoiceAddress: {
        contact: 'Ann',
        address1: '1 Quay',
        city: 'Cork',
        country: 'republic of ireland',
        email: 'a@api.example',
      },
      deliveryAddresses: [
        {
          reference: 'DEPOT',
          name: 'Depot',
          address1: '2 Quay',
          city: 'Cork',
          country: 'Republic of Ireland',
          postcode: 'T12',
        },
      ],
    };
    const res = ok(
      await put(all, pathOf(integrationRoutes.upsertAccounts), [
        account,
        { ...account, customerNumber: 'C-API-2', invoiceAddress: { ...account.invoiceAddress, country: 'Atlantis' } },
        { ...account, customerNumber: 'C-API-3', productTypeDiscounts: [{ productType: 'Nope', percent: 1 }] },
        { ...account, customerNumber: 'C-API-4', creditLimit: '-1' },
      ]),
    );
    expect(res.results.map((r) => r.status)).toEqual(['created', 'failed', 'failed', 'failed']);
    expect(res.results.slice(1).map((r) => r.errors?.[0]?.pointer)).toEqual([
      '/items/1/invoiceAddress/country',
      '/items/2/productTypeDiscounts/0/productType',
      '/items/3/creditLimit',
    ]);
    const row = await handle.db
      .selectFrom('accounts')
      .selectAll()
      .where('customer_number', '=', 'C-API-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      currency_code: 'EUR',
      is_proforma: 1,
      on_stop: 1,
      credit_limit_minor: 500_000,
      vat_rate_bp: 2300,
      discount_bp: 1250,
      carriage_minor: 995,
      carriage_free_over_minor: 25_000,
      country: 'Republic of Ireland',
    });
    const addresses = await handle.db
      .selectFrom('delivery_addresses')
      .select('reference')
      .where('account_id', '=', row.id)
      .execute();
    expect(addresses.map((a) => a.reference)).toEqual(['DEPOT']);
    expect(ok(await put(all, pathOf(integrationRoutes.upsertAccounts), [account])).results[0]?.status).toBe(
      'unchanged',
    );

    await insertUser(handle.db, row.id, 'apiuser');
    expect((await login(app, 'apiuser')).user).toMatchObject({ isProforma: true, onStop: 'True' });
    const cleared = ok(
      await put(all, pathOf(integrationRoutes.upsertAccounts), [{ ...account, onStop: false, deliveryAddresses: [] }]),
    );
    expect(cleared.results[0]?.status).toBe('updated');
    expect((await login(app, 'apiuser')).user).toMatchObject({ onStop: 'False' });
    expect(
      await handle.db.selectFrom('delivery_addresses').select('id').where('account_id', '=', row.id).execute(),
    ).toEqual([]);
  });

  it("upserts invoices: the customer's open documents and balance follow; unknown account, wrong currency fail", async () => {
    const account = await insertAccount(handle.db, { customer_number: 'C-INV', balance_minor: 0 });
    await insertUser(handle.db, account, 'invuser');
    const token = (await login(app, 'invuser')).accessToken;
    const invoice = {
      documentNumber: 'SI-900',
      customerNumber: 'C-INV',
      documentType: 'Invoice',
      postingDate: '2026-01-10',
      dueDate: '2026-02-10',
      reference: 'PO-9',
      currency: 'GBP',
      amount: '100.00',
      vat: '20.00',
      total: '120.00',
      remaining: '120.00',
      lines: [
        { itemNumber: 'RB-1', description: 'Blind', quantity: 2, unit: 'EACH', unitPrice: '50', total: '100.00' },
      ],
    };
    const res = ok(
      await put(all, pathOf(integrationRoutes.upsertInvoices), [
        invoice,
        {
          ...invoice,
          documentNumber: 'CM-901',
          documentType: 'Credit Memo',
          amount: -10,
          vat: -2,
          total: -12,
          remaining: -12,
          lines: [],
        },
        { ...invoice, documentNumber: 'SI-902', customerNumber: 'C-NONE' },
        { ...invoice, documentNumber: 'SI-903', currency: 'EUR' },
      ]),
    );
    expect(res.results.map((r) => r.status)).toEqual(['created', 'created', 'failed', 'failed']);
    expect(res.results.slice(2).map((r) => r.errors?.[0]?.pointer)).toEqual([
      '/items/2/customerNumber',
      '/items/3/currency',
    ]);
    const open = async () => {
      const r = await app.inject({ method: 'GET', url: pathOf(routes.getInvoices), headers: bearer(token) });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { invoices: { documentNumber: string }[]; totalRemainingAmount: number };
    };
    expect((await open()).invoices.map((i) => i.documentNumber).sort()).toEqual(['CM-901', 'SI-900']);
    const balance = async () =>
      Number(
        (
          await handle.db
            .selectFrom('accounts')
            .select('balance_minor')
            .where('id', '=', account)
            .executeTakeFirstOrThrow()
        ).balance_minor,
      );
    expect(await balance()).toBe(10_800);
    expect(ok(await put(all, pathOf(integrationRoutes.upsertInvoices), [invoice])).results[0]?.status).toBe(
      'unchanged',
    );
    // Paid in the ERP: no longer open, and the balance follows.
    expect(
      ok(await put(all, pathOf(integrationRoutes.upsertInvoices), [{ ...invoice, remaining: 0 }])).results[0]?.status,
    ).toBe('updated');
    expect((await open()).invoices.map((i) => i.documentNumber)).toEqual(['CM-901']);
    expect(await balance()).toBe(-1_200);
  });

  it("shares a client's budget between servers through Redis", async (t) => {
    await requireRedis(t, 'integration rate limit through Redis');
    const k = await key('shared-erp', ['orders:read']);
    const client = await composeStore(handle.db).apiKeys.authenticate(k);
    // Client ids repeat across test databases: start this one's count afresh.
    const redis = new Redis(TEST_REDIS_URL);
    await redis.del(`wholesale-throttle:integration-client:${client?.clientId}`);
    await redis.quit();
    const a = await testApp(handle, { INTEGRATION_RATE_LIMIT_PER_MINUTE: 3, REDIS_URL: TEST_REDIS_URL });
    const b = await testApp(handle, { INTEGRATION_RATE_LIMIT_PER_MINUTE: 3, REDIS_URL: TEST_REDIS_URL });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (
            await (i % 2 ? a : b).inject({
              method: 'GET',
              url: `${pathOf(integrationRoutes.listOrdersOut)}?limit=1`,
              headers: { 'x-api-key': k },
            })
          ).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
