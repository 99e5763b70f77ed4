import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { countryList, notification, siteSettings, pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';

describe.each(testEngines())('site API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    await insertUser(handle.db, await insertAccount(handle.db), 'sam');
    token = (await login(app, 'sam')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('reports health with the engine', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getHealth) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { engine: engine.name, status: 'up' } });
  });

  it('shows the banner only when it is switched on and has text', async () => {
    const get = async () =>
      notification.parse(
        (await app.inject({ method: 'GET', url: pathOf(routes.getNotification), headers: bearer(token) })).json(),
      );
    expect(await get()).toEqual({ showNotification: false, notificationText: null });
    await handle.db
      .insertInto('settings')
      .values([
        { key: 'notification.show', value: 'true' },
        { key: 'notification.text', value: '' },
      ])
      .execute();
    expect((await get()).showNotification).toBe(false);
    await handle.db
      .updateTable('settings')
      .set({ value: 'Closed on Monday' })
      .where('key', '=', 'notification.text')
      .execute();
    expect(await get()).toEqual({ showNotification: true, notificationText: 'Closed on Monday' });
  });

  it('lists the four delivery countries', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getCountries), headers: bearer(token) });
    expect(countryList.parse(res.json()).map((c) => c.name)).toEqual([
      'United Kingdom (Mainland)',
      'UK Islands',
      'Northern Ireland',
      'Republic of Ireland',
    ]);
  });

  it('serves public settings without a session, and JSON 404s under /api', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getSettings) });
    expect(siteSettings.parse(res.json()).supportEmail).toContain('@');
    // A path that is no route: a literal on purpose.
    // eslint-disable-next-line no-restricted-syntax
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('refuses NUL characters with the same 400 on every engine', async () => {
    const body = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      payload: { username: 'sam\u0000', password: 'x' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('The request contains a NUL character');
    const path = await app.inject({
      method: 'GET',
      url: pathOf(routes.listMultiBuyDiscounts, { itemNumber: 'AB\u0000C' }), // sent as AB%00C
      headers: bearer(token),
    });
    expect(path.statusCode).toBe(400);
  });

  it('publishes the OpenAPI document and sends security headers', async () => {
    // The OpenAPI document is @fastify/swagger's, not a route of the contract.
    // eslint-disable-next-line no-restricted-syntax
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain(routes.login.path);
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getHealth) });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
