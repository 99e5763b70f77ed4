import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  API_KEY_FAILURES_PER_MINUTE,
  PROBLEM_KINDS,
  PROBLEM_KIND_NAMES,
  SERVER_MSG,
  problemType,
  routes,
  type ProblemKind,
  INTEGRATION_MSG,
  INTEGRATION_PREFIX,
  UPSERT_MAX_ITEMS,
  UPSERT_MAX_NESTED_ROWS,
  accountUpsertItem,
  integrationRoutes,
  invoiceUpsertItem,
  priceUpsertItem,
  productUpsertItem,
  stockUpsertItem,
  upsertResponse,
  userUpsertItem,
  pathOf,
  problemDetails,
  type ApiScope,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { login, rawPathOf, testApp, testConfig } from '../../test/app.js';
import { sql } from 'kysely';
import * as usernameCase from '../../db/migrations/014-username-case.js';
import { buildApp } from '../../app.js';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { insertOrder } from '../orders/orders.fixtures.js';
import { publicUrlWarnings } from '../../config.js';
import { LARGEST_ITEMS, LARGEST_NESTED_ROWS, UPSERT_BODY_LIMITS } from './body-limits.js';
import { composeStore } from '../../compose.js';
import { TEST_REDIS_URL } from '../../test/redis.js';

// The ERP surface's edges: strict ids, no caching, the order life cycle.
describe.each(testEngines())('integration API edges on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let all: string;
  let accountId: number;

  const call = (k: string | undefined, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(k ? { authorization: `Bearer ${k}` } : {}), ...opts.headers } });
  const problem = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return problemDetails.parse(JSON.parse(res.body));
  };

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    accountId = await insertAccount(handle.db);
    await insertUser(handle.db, accountId, 'edge');
    const scopes: ApiScope[] = [
      'orders:read',
      'orders:write',
      'events:read',
      'webhooks:manage',
      'catalogue:write',
      'accounts:write',
    ];
    all = (await composeStore(handle.db).apiKeys.createClient('edges', scopes.join(','))).key;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('takes ids only as positive integers in digits within the integer column; else 400, never 500', async () => {
    for (const id of ['2147483648', '1e10', '0x1', '1e0', '1.0', '%201', '0', '-1']) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const res = await call(all, {
          method,
          url: rawPathOf(integrationRoutes.getWebhookEndpoint, { id }),
          ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
        });
        expect(problem(res, 400).errors?.[0]?.pointer, `${method} ${id}`).toBe('/params/id');
      }
    }
    // The largest id is a well-formed request for an endpoint that is not there.
    problem(
      await call(all, { method: 'GET', url: pathOf(integrationRoutes.getWebhookEndpoint, { id: 2147483647 }) }),
      404,
    );

    for (const query of [
      'after=2147483648',
      'after=0x1',
      'after=1e0',
      'after=1.0',
      'after=%201',
      'limit=1e1',
      'limit=0x10',
    ]) {
      const res = await call(all, { method: 'GET', url: `${pathOf(integrationRoutes.listOrdersOut)}?${query}` });
      expect(problem(res, 400).errors?.[0]?.pointer, query).toMatch(/^\/querystring\//);
    }
    expect(
      (await call(all, { method: 'GET', url: `${pathOf(integrationRoutes.listOrdersOut)}?after=2147483647` }))
        .statusCode,
    ).toBe(200);
    for (const query of ['after=1e0', 'after=0x1', 'after=%201', 'after=1.5', 'limit=1e1']) {
      const res = await call(all, { method: 'GET', url: `${pathOf(integrationRoutes.listEvents)}?${query}` });
      problem(res, 400);
    }
    expect(
      (await call(all, { method: 'GET', url: `${pathOf(integrationRoutes.listEvents)}?after=0` })).statusCode,
    ).toBe(200);
  });

  it('answers every integration request, error or not, with Cache-Control: no-store', async () => {
    const answers = [
      await call(all, { method: 'GET', url: pathOf(integrationRoutes.listOrdersOut) }),
      await call(all, { method: 'GET', url: pathOf(integrationRoutes.listWebhookEndpoints) }),
      await call(undefined, { method: 'GET', url: pathOf(integrationRoutes.listOrdersOut) }),
      await call(all, { method: 'GET', url: `${INTEGRATION_PREFIX}/no-such-thing` }),
      await call(all, { method: 'PUT', url: pathOf(integrationRoutes.upsertProducts), payload: { items: [] } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('allows only the order life cycle: Shipped and Cancelled are final (409 with the current status)', async () => {
    await insertOrder(handle.db, { accountId, orderNumber: 'SO-LC-1' });
    await insertOrder(handle.db, { accountId, orderNumber: 'SO-LC-2' });
    const set = (orderNumber: string, status: string) =>
      call(all, { method: 'PUT', url: pathOf(integrationRoutes.setOrderStatus, { orderNumber }), payload: { status } });

    expect((await set('SO-LC-1', 'In Progress')).statusCode).toBe(200);
    const back = problem(await set('SO-LC-1', 'Open'), 409);
    expect(back.detail).toBe(
      INTEGRATION_MSG.orderStatusTransition('SO-LC-1', 'In Progress', 'Open', ['Shipped', 'Cancelled']),
    );
    expect((await set('SO-LC-1', 'Shipped')).statusCode).toBe(200);
    // Setting the status it has is allowed (tracking numbers are added that way).
    expect((await set('SO-LC-1', 'Shipped')).json()).toMatchObject({ result: 'unchanged' });
    for (const status of ['Open', 'In Progress', 'Cancelled'])
      expect(problem(await set('SO-LC-1', status), 409).detail).toContain('is Shipped');

    expect((await set('SO-LC-2', 'Cancelled')).statusCode).toBe(200);
    for (const status of ['Open', 'In Progress', 'Shipped'])
      expect(problem(await set('SO-LC-2', status), 409).detail).toBe(
        INTEGRATION_MSG.orderStatusTransition('SO-LC-2', 'Cancelled', status, []),
      );
    const row = await handle.db
      .selectFrom('orders')
      .select('status')
      .where('order_number', '=', 'SO-LC-2')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Cancelled');
  });

  it('sizes each upsert body limit from its largest valid batch: 1,000 long products are taken, not 413', async () => {
    // The samples the limits are computed from are valid items (else the limits prove nothing).
    const schemas = {
      products: productUpsertItem,
      prices: priceUpsertItem,
      stock: stockUpsertItem,
      users: userUpsertItem,
      accounts: accountUpsertItem,
      invoices: invoiceUpsertItem,
    } as const;
    for (const kind of Object.keys(schemas) as (keyof typeof schemas)[]) {
      const nested =
        kind === 'accounts'
          ? { deliveryAddresses: [LARGEST_NESTED_ROWS.accounts] }
          : kind === 'invoices'
            ? { lines: [LARGEST_NESTED_ROWS.invoices] }
            : {};
      const parsed = schemas[kind].safeParse({ ...LARGEST_ITEMS[kind], ...nested });
      expect(parsed.error?.issues ?? [], kind).toEqual([]);
      expect(UPSERT_BODY_LIMITS[kind], kind).toBeGreaterThan(256 * 1024);
    }

    const items = Array.from({ length: UPSERT_MAX_ITEMS }, (_, i) => ({
      itemNumber: `LONG-${i}`,
      description: `${'€'.repeat(190)}${String(i).padStart(10, '0')}`,
      productType: 'Long descriptions',
      range: 'Long',
      unit: 'EACH',
      packQuantity: 1,
    }));
    const res = await call(all, { method: 'PUT', url: pathOf(integrationRoutes.upsertProducts), payload: { items } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(upsertResponse.parse(res.json()).summary.created).toBe(UPSERT_MAX_ITEMS);

    // Nested rows are counted across the request: beyond the budget a clear 400, not a 413.
    const addresses = Array.from({ length: 200 }, (_, i) => ({
      reference: `D${i}`,
      name: 'Depot',
      address1: '1 Road',
      city: 'Town',
      country: 'United Kingdom (Mainland)',
      postcode: 'AB1 2CD',
    }));
    const accounts = Array.from({ length: UPSERT_MAX_NESTED_ROWS / 200 + 1 }, (_, i) => ({
      customerNumber: `NEST-${i}`,
      name: 'Nest Ltd',
      currency: 'GBP',
      paymentTerms: 'credit',
      invoiceAddress: { country: 'United Kingdom (Mainland)' },
      deliveryAddresses: addresses,
    }));
    const nested = problem(
      await call(all, { method: 'PUT', url: pathOf(integrationRoutes.upsertAccounts), payload: { items: accounts } }),
      400,
    );
    expect(nested.errors).toEqual([
      {
        pointer: `/items/${UPSERT_MAX_NESTED_ROWS / 200}`,
        detail: INTEGRATION_MSG.tooManyNestedRows(
          ['deliveryAddresses', 'productTypeDiscounts'],
          UPSERT_MAX_NESTED_ROWS,
        ),
      },
    ]);
  });
});

describe.each(testEngines())('set-password links without PUBLIC_URL on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle, { PUBLIC_URL: undefined });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("take the listening address, never the request's Host header, and say so at start-up", async () => {
    expect(publicUrlWarnings({ PUBLIC_URL: undefined })).toHaveLength(1);
    expect(publicUrlWarnings({ PUBLIC_URL: 'https://portal.example' })).toEqual([]);
    const accountId = await insertAccount(handle.db);
    const customerNumber = (
      await handle.db
        .selectFrom('accounts')
        .select('customer_number')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).customer_number;
    const key = (await composeStore(handle.db).apiKeys.createClient('links', 'accounts:write')).key;
    const res = await app.inject({
      method: 'PUT',
      url: pathOf(integrationRoutes.upsertAccountUsers, { customerNumber }),
      headers: { authorization: `Bearer ${key}`, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { items: [{ username: 'linked', name: 'Linked User' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = upsertResponse.parse(res.json()).results[0]?.setPasswordLink?.url ?? '';
    const address = app.server.address();
    expect(typeof address === 'object' && address ? address.port : 0).toBeGreaterThan(0);
    expect(url.startsWith(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`)).toBe(true);
    expect(url).not.toContain('evil.example');
  });
});

describe.each(testEngines())('failed API keys per address on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    handle = await engine.open();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'warn' }), handle, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('answers 429 with Retry-After after too many bad keys from one address, logs address and key id, never the secret', async () => {
    const good = (await composeStore(handle.db).apiKeys.createClient('throttled', 'orders:read')).key;
    const secret = 'S'.repeat(43);
    const bad = `wpk_0123456789ab_${secret}`;
    const get = (key: string, remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: pathOf(integrationRoutes.listOrdersOut),
        headers: { authorization: `Bearer ${key}` },
        remoteAddress,
      });
    for (let i = 0; i < API_KEY_FAILURES_PER_MINUTE; i++) expect((await get(bad, '203.0.113.7')).statusCode).toBe(401);
    const refused = await get(bad, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ detail: INTEGRATION_MSG.tooManyKeyFailures });
    // The address is refused even with a good key (a guess that works must not show)...
    expect((await get(good, '203.0.113.7')).statusCode).toBe(429);
    // ...while another address is not.
    expect((await get(good, '203.0.113.8')).statusCode).toBe(200);

    const refusals = lines.filter((l) => l.includes('API key refused'));
    expect(refusals.length).toBeGreaterThanOrEqual(API_KEY_FAILURES_PER_MINUTE);
    expect(JSON.parse(refusals[0] ?? '{}')).toMatchObject({ address: '203.0.113.7', keyId: '0123456789ab' });
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain(good.slice(-20));
  });

  it('counts failed keys in Redis when configured, so every server refuses the address', async () => {
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    // Redis runs beside the tests (README); a refusal to connect fails the test rather than skip it.
    await redis.connect();
    const address = '198.51.100.23';
    await redis.del(`wholesale-throttle:integration-key-failures:${address}`);
    await redis.quit();
    const a = await testApp(handle, { REDIS_URL: TEST_REDIS_URL });
    const b = await testApp(handle, { REDIS_URL: TEST_REDIS_URL });
    try {
      const bad = `wpk_0123456789ab_${'T'.repeat(43)}`;
      const codes: number[] = [];
      for (let i = 0; i <= API_KEY_FAILURES_PER_MINUTE; i++)
        codes.push(
          (
            await (i % 2 ? a : b).inject({
              method: 'GET',
              url: pathOf(integrationRoutes.listOrdersOut),
              headers: { 'x-api-key': bad },
              remoteAddress: address,
            })
          ).statusCode,
        );
      expect(codes).toEqual([...Array.from({ length: API_KEY_FAILURES_PER_MINUTE }, () => 401), 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.each(testEngines())('usernames without regard to case on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const customerNumberOf = async (id: number) =>
    (await handle.db.selectFrom('accounts').select('customer_number').where('id', '=', id).executeTakeFirstOrThrow())
      .customer_number;

  it('logs in with either case; the ERP cannot create DEMO beside demo; the database refuses it too', async () => {
    const a = await insertAccount(handle.db);
    const b = await insertAccount(handle.db);
    await insertUser(handle.db, a, 'Mixed.Case');
    await insertUser(handle.db, a, 'demo');
    for (const name of ['mixed.case', 'MIXED.CASE', 'Mixed.Case'])
      expect((await login(app, name)).accessToken, name).toBeTruthy();

    const key = (await composeStore(handle.db).apiKeys.createClient('case', 'accounts:write')).key;
    const put = async (accountId: number, items: unknown[]) => {
      const res = await app.inject({
        method: 'PUT',
        url: pathOf(integrationRoutes.upsertAccountUsers, { customerNumber: await customerNumberOf(accountId) }),
        headers: { authorization: `Bearer ${key}` },
        payload: { items },
      });
      expect(res.statusCode, res.body).toBe(200);
      return upsertResponse.parse(res.json()).results;
    };
    expect((await put(b, [{ username: 'DEMO', name: 'Other' }]))[0]).toMatchObject({
      status: 'failed',
      errors: [{ pointer: '/items/0/username', detail: INTEGRATION_MSG.usernameOfOtherAccount }],
    });
    expect((await put(a, [{ username: 'DEMO', name: 'Same user' }]))[0]?.status).toBe('updated');
    const demos = await handle.db
      .selectFrom('users')
      .select(['username', 'name'])
      .where(sql<string>`lower(username)`, '=', 'demo')
      .execute();
    expect(demos).toEqual([{ username: 'demo', name: 'Same user' }]);
    await expect(insertUser(handle.db, b, 'DeMo')).rejects.toThrow();
  });

  it('migration 014 keeps the oldest of names that differ only in case and renames the others', async () => {
    await sql`drop index users_username_lower`.execute(handle.db);
    const acc = await insertAccount(handle.db);
    const first = await insertUser(handle.db, acc, 'twin');
    const second = await insertUser(handle.db, acc, 'TWIN');
    const third = await insertUser(handle.db, acc, 'Twin');
    await usernameCase.up(handle.db as never);
    const rows = await handle.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', [first, second, third])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first, username: 'twin' },
      { id: second, username: `TWIN-${second}` },
      { id: third, username: `Twin-${third}` },
    ]);
    await expect(insertUser(handle.db, acc, 'tWiN')).rejects.toThrow();
  });
});

describe.each(testEngines())('problem types on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    key = (await composeStore(handle.db).apiKeys.createClient('types', 'webhooks:manage')).key;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const typeOf = (res: { statusCode: number; body: string }, status: number) => {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    return problemDetails.parse(JSON.parse(res.body)).type;
  };

  it('gives each kind of problem its own type, never about:blank, and every type answers with its page', async () => {
    const auth = { authorization: `Bearer ${key}` };
    const hooks = pathOf(integrationRoutes.createWebhookEndpoint);
    const seen = {
      'malformed-json': typeOf(
        await app.inject({
          method: 'POST',
          url: hooks,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: '{"url": ',
        }),
        400,
      ),
      'invalid-request': typeOf(await app.inject({ method: 'POST', url: hooks, headers: auth, payload: {} }), 400),
      'webhook-url-refused': typeOf(
        await app.inject({
          method: 'POST',
          url: hooks,
          headers: auth,
          payload: { url: 'http://127.0.0.1:9/hook', eventTypes: ['order.placed'] },
        }),
        400,
      ),
      'idempotency-key-invalid': typeOf(
        await app.inject({
          method: 'POST',
          url: hooks,
          headers: { ...auth, 'idempotency-key': '' },
          payload: { url: 'https://example.com/hook', eventTypes: ['order.placed'] },
        }),
        400,
      ),
      unauthenticated: typeOf(await app.inject({ method: 'GET', url: hooks }), 401),
      'missing-scope': typeOf(
        await app.inject({ method: 'GET', url: pathOf(integrationRoutes.listOrdersOut), headers: auth }),
        403,
      ),
      'not-found': typeOf(
        await app.inject({ method: 'GET', url: `${INTEGRATION_PREFIX}/nowhere`, headers: auth }),
        404,
      ),
      'content-too-large': typeOf(
        await app.inject({
          method: 'POST',
          url: hooks,
          headers: auth,
          payload: { url: 'https://example.com/hook', pad: 'x'.repeat(300 * 1024) },
        }),
        413,
      ),
      'unsupported-media-type': typeOf(
        await app.inject({
          method: 'POST',
          url: hooks,
          headers: { ...auth, 'content-type': 'application/xml' },
          payload: '<x/>',
        }),
        415,
      ),
    };
    for (const [kind, type] of Object.entries(seen)) {
      expect(type, kind).toBe(problemType(kind as ProblemKind));
      const page = await app.inject({ method: 'GET', url: type });
      expect(page.statusCode, type).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(PROBLEM_KINDS[kind as ProblemKind].title);
    }
    // Every kind resolves, and the OpenAPI document lists them.
    for (const kind of PROBLEM_KIND_NAMES)
      expect((await app.inject({ method: 'GET', url: problemType(kind) })).statusCode, kind).toBe(200);
    // The OpenAPI document is @fastify/swagger's, not a route of the contract.
    // eslint-disable-next-line no-restricted-syntax
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; schema?: { enum?: string[] } }[] } }>;
    };
    const param = doc.paths[`${INTEGRATION_PREFIX}/problems/{kind}`]?.get?.parameters?.find((p) => p.name === 'kind');
    expect(param?.schema?.enum).toEqual(PROBLEM_KIND_NAMES);
  });

  it('tells an API key on a customer route what it is, not that a session expired', async () => {
    const res = await app.inject({
      method: 'GET',
      url: pathOf(routes.getBasket),
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain(SERVER_MSG.apiKeyOnCustomerRoute);
    expect(res.body).not.toContain(SERVER_MSG.sessionExpired);
    expect(res.headers['www-authenticate']).not.toContain('invalid_token');
  });
});
