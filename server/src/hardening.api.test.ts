import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { basket as basketSchema, INT32_MAX, SERVER_MSG, pathOf, routes } from '@wholesale/contract';
import { testEngines } from './db/testing.js';
import { isDatabaseUnavailable, openDatabase, type DbHandle } from './db/client.js';
import { migrateToLatest } from './db/migrate.js';
import { insertAccount, insertProduct, insertUser } from './test/fixtures.js';
import { bearer, login, testApp, testConfig } from './test/app.js';
import { buildApp } from './app.js';
import { createOneTimeToken } from './modules/auth/one-time-token.js';
import { authRepository } from './modules/auth/auth.repository.js';

describe.each(testEngines())('strict API input on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let accountId: number;
  let users = 0;
  /** A new user of the account, logged in: each case starts from an empty basket of its own. */
  const buyer = async () => {
    const username = `strict${++users}`;
    await insertUser(handle.db, accountId, username);
    return (await login(app, username)).accessToken;
  };

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    accountId = await insertAccount(handle.db);
    await insertProduct(handle.db, { itemNumber: 'ST-1', gbpE5: 100_000 });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const basketLines = async (token: string) =>
    basketSchema.parse(
      (await app.inject({ method: 'GET', url: pathOf(routes.getBasket), headers: bearer(token) })).json(),
    ).basketLines;

  it('takes quantities as JSON whole numbers only: true, [3], "0x10", "1e2", "5" are refused and nothing changes', async () => {
    const token = await buyer();
    for (const quantity of [true, [3], '0x10', '1e2', '5', ' 7', null, 1.5, 0, 1_000_000]) {
      const res = await app.inject({
        method: 'POST',
        url: pathOf(routes.addBasketLine),
        headers: bearer(token),
        payload: { itemNumber: 'ST-1', quantity },
      });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(res.json().message).toMatch(/^quantity: /);
    }
    expect(await basketLines(token)).toEqual([]);
    const ok = await app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: bearer(token),
      payload: { itemNumber: 'ST-1', quantity: 3 },
    });
    expect(ok.statusCode).toBe(200);
    const [line] = await basketLines(token);
    for (const quantity of ['4', true, [4]]) {
      const res = await app.inject({
        method: 'PATCH',
        url: pathOf(routes.updateBasketLine),
        headers: bearer(token),
        payload: { lineNumber: line!.lineNumber, quantity },
      });
      expect(res.statusCode).toBe(400);
    }
    const byString = await app.inject({
      method: 'PATCH',
      url: pathOf(routes.updateBasketLine),
      headers: bearer(token),
      payload: { lineNumber: String(line!.lineNumber), quantity: 4 },
    });
    expect(byString.statusCode).toBe(400);
    expect((await basketLines(token))[0]!.quantity).toBe(3);
  });

  it('bounds ids to the integer column: 2^31 and beyond answer 400, never 500', async () => {
    const token = await buyer();
    const added = await app.inject({
      method: 'POST',
      url: pathOf(routes.addBasketLine),
      headers: bearer(token),
      payload: { itemNumber: 'ST-1', quantity: 3 },
    });
    expect(added.statusCode).toBe(200);
    // ' ' is sent as /basket/%20 (pathOf encodes the value).
    for (const id of [String(INT32_MAX + 1), String(2 ** 53), '99999999999', '0x10', '1e2', '-1', ' ']) {
      const del = await app.inject({
        method: 'DELETE',
        url: pathOf(routes.deleteBasketLine, { id }),
        headers: bearer(token),
      });
      expect(del.statusCode, `DELETE /basket/${id}`).toBe(400);
      const submit = await app.inject({
        method: 'POST',
        url: pathOf(routes.submitBasket, { id }),
        headers: bearer(token),
        payload: { amount: 1 },
      });
      expect(submit.statusCode, `submit ${id}`).toBe(400);
    }
    const patch = await app.inject({
      method: 'PATCH',
      url: pathOf(routes.updateBasketLine),
      headers: bearer(token),
      payload: { lineNumber: INT32_MAX + 1, quantity: 1 },
    });
    expect(patch.statusCode).toBe(400);
    // The largest id the column holds is a valid request for a line that is not there.
    const missing = await app.inject({
      method: 'DELETE',
      url: pathOf(routes.deleteBasketLine, { id: INT32_MAX }),
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: pathOf(routes.getProductImage, { itemNumber: 'ST-1', imageType: '0x1' }),
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(400);
    expect((await basketLines(token))[0]!.quantity).toBe(3);
  });
});

describe.each(testEngines())('headers and logs on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let lines: string[];

  beforeAll(async () => {
    handle = await engine.open();
    const stream = new PassThrough();
    lines = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), handle, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('keeps one-time tokens and payment ids out of the log', async () => {
    const accountId = await insertAccount(handle.db);
    const userId = await insertUser(handle.db, accountId, 'logged');
    const { token: rt } = await createOneTimeToken(authRepository(handle.db), userId);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.exchangeRedirectToken, { token: rt }) })).statusCode,
    ).toBe(200);
    const payId = '0b8f6a7e-4a3c-4d5e-9f00-1234567890ab';
    await app.inject({ method: 'GET', url: pathOf(routes.showPaymentPage, { id: payId }) });
    await app.inject({ method: 'GET', url: `/redirect?rt=${rt}`, headers: { accept: 'text/html' } });
    const log = lines.join('\n');
    expect(log).toContain(routes.exchangeRedirectToken.path.replace(':token', '[redacted]'));
    expect(log).toContain(routes.showPaymentPage.path.replace(':id', '[redacted]'));
    expect(log).not.toContain(rt);
    expect(log).not.toContain(payId);
  });

  it('sends no X-Frame-Options that contradicts the CSP, and no HSTS over plain HTTP', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getHealth) });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the SQLite file', () => {
  it('is created readable and writable by its owner only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mode-'));
    const old = process.umask(0o022);
    try {
      const handle = openDatabase({ dataDir: path.join(dir, 'data') });
      await migrateToLatest(handle);
      await handle.close();
      const file = path.join(dir, 'data', 'portal.sqlite');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dir, 'data')).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(old);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells outages (503) from bugs (500)', () => {
    const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const e of [
      err('SQLITE_BUSY'),
      err('57014', 'canceling statement due to statement timeout'),
      err('08006'),
      err('ECONNREFUSED'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new AggregateError([err('ECONNREFUSED')]), {}),
    ])
      expect(isDatabaseUnavailable(e), String(e)).toBe(true);
    for (const e of [new Error('boom'), err('23505'), err('SQLITE_CONSTRAINT'), null, 'text'])
      expect(isDatabaseUnavailable(e), String(e)).toBe(false);
  });
});

describe('when PostgreSQL is down', () => {
  it('answers 503 with Retry-After, not 500, and /api/health reports the database', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const handle = openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      dataDir: os.tmpdir(),
      acquireTimeoutMs: 500,
    });
    const app = await buildApp({ config: testConfig(), handle });
    try {
      const health = await app.inject({ method: 'GET', url: pathOf(routes.getHealth) });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBeDefined();
      expect(health.json()).toMatchObject({ status: 'unavailable', database: { engine: 'postgres', status: 'down' } });
      const res = await app.inject({
        method: 'POST',
        url: pathOf(routes.login),
        payload: { username: 'someone', password: 'whatever' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: SERVER_MSG.unavailable });
      const settings = await app.inject({ method: 'GET', url: pathOf(routes.getSettings) });
      expect(settings.statusCode).toBe(503);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const pgEngine = testEngines().find((e) => e.name === 'postgres');
if (!pgEngine) console.log('SKIPPED locked-table test: PostgreSQL only, and TEST_DATABASE_URL is not set');
describe.skipIf(!pgEngine)('a locked table on PostgreSQL', () => {
  it('cannot hang /api/health or unrelated routes; the blocked request ends with 503', async () => {
    const base = await pgEngine!.open();
    const url = new URL(pgUrl!);
    // The test database the engine created: reopen it with short timeouts.
    const dbName = (
      await base.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('n')).executeTakeFirstOrThrow()
    ).n;
    url.pathname = `/${dbName}`;
    const handle = openDatabase({
      databaseUrl: url.toString(),
      dataDir: os.tmpdir(),
      statementTimeoutMs: 800,
      acquireTimeoutMs: 500,
    });
    const app = await testApp(handle);
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    try {
      const accountId = await insertAccount(handle.db);
      await insertUser(handle.db, accountId, 'locked');
      const { accessToken } = await login(app, 'locked');
      await locker.query('begin');
      await locker.query('lock table products in access exclusive mode');
      const [blocked, health, me] = await Promise.all([
        app.inject({
          method: 'GET',
          url: `${pathOf(routes.searchProducts)}?searchValue=abc&isSearching=true`,
          headers: bearer(accessToken),
        }),
        app.inject({ method: 'GET', url: pathOf(routes.getHealth) }),
        app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(accessToken) }),
      ]);
      expect(health.statusCode).toBe(200);
      expect(me.statusCode).toBe(200);
      expect(blocked.statusCode).toBe(503);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await app.close();
      await handle.close();
      await base.close();
    }
  });
});
