import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  INTEGRATION_MSG,
  INTEGRATION_PREFIX,
  integrationRoutes,
  pathOf,
  problemDetails,
  type ApiScope,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { rawPathOf, testApp } from '../../test/app.js';
import { insertOrder } from '../orders/orders.fixtures.js';
import { apiKeysService } from './api-keys.js';

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
    const scopes: ApiScope[] = ['orders:read', 'orders:write', 'events:read', 'webhooks:manage', 'catalogue:write'];
    all = (await apiKeysService(handle.db).createClient('edges', scopes.join(','))).key;
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
});
