import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SERVER_MSG, pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { PassThrough } from 'node:stream';
import { bearer, login, testApp, testConfig } from '../../test/app.js';
import { buildApp } from '../../app.js';
import { HashGate, hashGate } from '../../lib/password.js';
import { requireRedis, TEST_REDIS_URL } from '../../test/redis.js';

const LIMIT = 3;

const attempt = (app: FastifyInstance, username: string, headers: Record<string, string> = {}, password = 'wrong') =>
  app.inject({ method: 'POST', url: pathOf(routes.login), payload: { username, password }, headers });

describe.each(testEngines())('login and payment throttles on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await engine.open();
    const accountId = await insertAccount(handle.db);
    for (const u of ['ann', 'ben', 'cat', 'dan', 'eve', 'vic', 'val']) await insertUser(handle.db, accountId, u);
    app = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('counts per username after the body is read, so a spoofed X-Forwarded-For does not evade it', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      codes.push((await attempt(app, 'ann', { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const last = await attempt(app, ' ANN ', { 'x-forwarded-for': '198.51.100.7' });
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(SERVER_MSG.tooManyRequests);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits until the minute is over.
    expect((await attempt(app, 'ann', {}, 'Portal-test-1')).statusCode).toBe(429);
  });

  it('does not lock out a colleague behind the same address', async () => {
    for (let i = 0; i < LIMIT + 1; i++) await attempt(app, 'ben');
    expect((await attempt(app, 'ben')).statusCode).toBe(429);
    expect((await attempt(app, 'cat', {}, 'Portal-test-1')).statusCode).toBe(200);
  });

  it('limits one address spraying many usernames', async () => {
    const sprayer = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT });
    try {
      const codes: number[] = [];
      for (let i = 0; i < LIMIT * 10 + 2; i++) codes.push((await attempt(sprayer, `nobody-${i}`)).statusCode);
      expect(codes.slice(0, LIMIT * 10).every((c) => c === 401)).toBe(true);
      expect(codes.slice(LIMIT * 10)).toEqual([429, 429]);
    } finally {
      await sprayer.close();
    }
  });

  it('believes X-Forwarded-For only from TRUSTED_PROXIES', async () => {
    const behindProxy = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, TRUSTED_PROXIES: ['127.0.0.1'] });
    try {
      // Two offices behind the trusted proxy: each has its own address budget.
      for (let i = 0; i < LIMIT * 10; i++)
        expect((await attempt(behindProxy, `spray-${i}`, { 'x-forwarded-for': '192.0.2.10' })).statusCode).toBe(401);
      expect((await attempt(behindProxy, 'spray-x', { 'x-forwarded-for': '192.0.2.10' })).statusCode).toBe(429);
      expect((await attempt(behindProxy, 'dan', { 'x-forwarded-for': '192.0.2.20' }, 'Portal-test-1')).statusCode).toBe(
        200,
      );
      // HSTS only when the proxy says the client came over TLS.
      const plain = await behindProxy.inject({ method: 'GET', url: pathOf(routes.getHealth) });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const tls = await behindProxy.inject({
        method: 'GET',
        url: pathOf(routes.getHealth),
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await behindProxy.close();
    }
    // Without the setting the same header is ignored: no HSTS over plain HTTP.
    const spoofed = await app.inject({
      method: 'GET',
      url: pathOf(routes.getHealth),
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets a user in from a device that signed in before while a distributed flood locks their username', async () => {
    const proxied = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, TRUSTED_PROXIES: ['127.0.0.1'] });
    try {
      const home = { 'x-forwarded-for': '192.0.2.50' };
      const first = await attempt(proxied, 'vic', home, 'Portal-test-1');
      expect(first.statusCode).toBe(200);
      const cookie = first.cookies.find((c) => c.name.startsWith('portal_device_'));
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: pathOf(routes.login) });
      expect(cookie?.secure).toBeUndefined(); // plain HTTP here; Secure over TLS, below
      const device = { ...home, cookie: `${cookie!.name}=${cookie!.value}` };

      // Wrong passwords for vic from many addresses: the username is locked for unknown devices.
      const flood: number[] = [];
      for (let i = 0; i < LIMIT * 4; i++)
        flood.push((await attempt(proxied, 'vic', { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode);
      expect(flood.slice(LIMIT).every((c) => c === 429)).toBe(true);
      expect((await attempt(proxied, 'vic', home, 'Portal-test-1')).statusCode).toBe(429);
      // From the known device the right password works at once, and renews the cookie.
      const again = await attempt(proxied, 'vic', device, 'Portal-test-1');
      expect(again.statusCode).toBe(200);
      const renewed = again.cookies.find((c) => c.name === cookie!.name);
      expect(renewed?.value).toBeTruthy();
      expect(renewed?.value).not.toBe(cookie!.value);

      // A forged cookie, or another user's, gives nothing.
      const forged = {
        ...home,
        cookie: `${cookie!.name}=${cookie!.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
      };
      expect((await attempt(proxied, 'vic', forged, 'Portal-test-1')).statusCode).toBe(429);
      const valLogin = await attempt(proxied, 'val', home, 'Portal-test-1');
      const valCookie = valLogin.cookies.find((c) => c.name.startsWith('portal_device_'))!;
      const borrowed = { ...home, cookie: `${cookie!.name}=${valCookie.value}` };
      expect((await attempt(proxied, 'vic', borrowed, 'Portal-test-1')).statusCode).toBe(429);

      // The device has a budget of its own: wrong passwords from it are limited too.
      const fromDevice: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++) fromDevice.push((await attempt(proxied, 'vic', device)).statusCode);
      expect(fromDevice).toEqual([...Array(LIMIT).fill(401), 429]);

      // Over TLS (as the trusted proxy reports it) the cookie is Secure.
      const tls = await attempt(proxied, 'val', { ...home, 'x-forwarded-proto': 'https' }, 'Portal-test-1');
      expect(tls.cookies.find((c) => c.name.startsWith('portal_device_'))?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('serves a known device ahead of a flood that fills the password-hashing queue', async () => {
    const flood = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: 10_000, TRUSTED_PROXIES: ['127.0.0.1'] });
    const first = await attempt(flood, 'vic', {}, 'Portal-test-1');
    const cookie = first.cookies.find((c) => c.name.startsWith('portal_device_'))!;
    const saved = { concurrency: hashGate.concurrency, queueLimit: hashGate.queueLimit };
    hashGate.concurrency = 1;
    hashGate.queueLimit = 2;
    // The flood's hashes, held until released: one running, the queue full.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const flooding = Array.from({ length: 3 }, () => hashGate.run(() => held));
    try {
      await new Promise((r) => setImmediate(r));
      expect(hashGate.load).toEqual({ running: 1, waiting: 2 });
      // Sprayed usernames from many addresses are refused, and so is the user on an unknown device...
      const spray = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          attempt(flood, `spray-user-${i}`, { 'x-forwarded-for': `203.0.113.${100 + i}` }),
        ),
      );
      expect(spray.map((r) => r.statusCode)).toEqual([503, 503, 503, 503]);
      expect((await attempt(flood, 'vic', {}, 'Portal-test-1')).statusCode).toBe(503);
      // ...but from the known device the login waits ahead of the queue and gets in.
      const mine = attempt(flood, 'vic', { cookie: `${cookie.name}=${cookie.value}` }, 'Portal-test-1');
      await new Promise((r) => setTimeout(r, 20));
      release();
      expect((await mine).statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(flooding);
      hashGate.concurrency = saved.concurrency;
      hashGate.queueLimit = saved.queueLimit;
      await flood.close();
    }
  });

  it('limits password change attempts per user', async () => {
    const { accessToken } = await login(app, 'eve');
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await app.inject({
        method: 'POST',
        url: pathOf(routes.changePassword),
        headers: { ...bearer(accessToken), 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { oldPassword: 'not-it', newPassword: 'Another-pass-1', confirmPassword: 'Another-pass-1' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('falls back to local limits when Redis does not answer, and logins keep working', async () => {
    const noRedis = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect((await attempt(noRedis, 'cat', {}, 'Portal-test-1')).statusCode).toBe(200);
      const codes: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++) codes.push((await attempt(noRedis, 'nobody-redis-down')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await noRedis.close();
    }
  });

  it('limits payment requests per user and card attempts per payment link', async () => {
    const { accessToken } = await login(app, 'dan');
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await app.inject({
        method: 'POST',
        url: pathOf(routes.requestInvoicePayment),
        headers: { ...bearer(accessToken), 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: {
          amount: 1,
          account_code: 'A1',
          currency: 'GBP',
          reference: 'R',
          billing_address: {
            first_name: 'D',
            last_name: 'D',
            line_1: '1 St',
            city: 'C',
            post_code: 'P',
            country: 'United Kingdom (Mainland)',
            county: '',
            phone: '1',
          },
          meta: [{ documentNo: 'NO-SUCH', remainingAmount: '1.00', paymentMethod: 'PAY ONLINE' }],
        },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes[30]).toBe(429);

    const id = '0b8f6a7e-4a3c-4d5e-9f00-1234567890ab';
    const pay = () =>
      app.inject({
        method: 'POST',
        url: pathOf(routes.payByCard, { id }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cardNumber=4242424242424242&expiry=12%2F39&cvc=123&name=X',
      });
    const pays: number[] = [];
    for (let i = 0; i < 21; i++) pays.push((await pay()).statusCode);
    expect(pays.slice(0, 20).every((c) => c === 404)).toBe(true);
    const limited = await pay();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/text\/html/);
    expect(limited.body).toContain(SERVER_MSG.tooManyRequests);
  });

  it('logs a Redis outage once, not once per request', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
    const noRedis = await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, REDIS_URL: 'redis://127.0.0.1:1' }),
      handle,
      logStream: stream,
    });
    try {
      for (let i = 0; i < 5; i++) await attempt(noRedis, `nobody-log-${i}`);
      await new Promise((r) => setTimeout(r, 1200)); // reconnect attempts go on meanwhile
      for (let i = 0; i < 5; i++) await attempt(noRedis, `nobody-log-b${i}`);
      expect(lines.filter((l) => l.includes('unreachable'))).toHaveLength(1);
    } finally {
      await noRedis.close();
    }
  });

  it('shares the counts between processes through Redis', async (t) => {
    await requireRedis(t, 'shares-counts-through-Redis');
    const a = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, REDIS_URL: TEST_REDIS_URL });
    const b = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, REDIS_URL: TEST_REDIS_URL });
    try {
      const name = `shared-${randomUUID()}`;
      const codes = [];
      for (let i = 0; i < LIMIT + 1; i++) codes.push((await attempt(i % 2 ? a : b, name)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('answers 503 with Retry-After beyond the password-hashing queue, and signed-in requests still work', async () => {
    const { accessToken } = await login(app, 'cat');
    const flood = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: 10_000 });
    const saved = { concurrency: hashGate.concurrency, queueLimit: hashGate.queueLimit };
    hashGate.concurrency = 1;
    hashGate.queueLimit = 2;
    try {
      const logins = Array.from({ length: 12 }, (_, i) => attempt(flood, `flood-${i}`));
      const me = await flood.inject({
        method: 'GET',
        url: pathOf(routes.getCurrentUser),
        headers: bearer(accessToken),
      });
      expect(me.statusCode).toBe(200);
      const codes = (await Promise.all(logins)).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401).length).toBeGreaterThanOrEqual(3);
      expect(codes.filter((c) => c === 503).length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c === 401 || c === 503)).toBe(true);
      const busy = (await Promise.all(Array.from({ length: 6 }, (_, i) => attempt(flood, `flood-b${i}`)))).find(
        (r) => r.statusCode === 503,
      );
      expect(busy?.headers['retry-after']).toBe('1');
      expect(busy?.json().message).toBe(SERVER_MSG.busy);
    } finally {
      hashGate.concurrency = saved.concurrency;
      hashGate.queueLimit = saved.queueLimit;
      await flood.close();
    }
  });
});

describe('HashGate', () => {
  it('runs at most `concurrency` tasks, queues up to its limit, and refuses beyond', async () => {
    const gate = new HashGate(2, 1);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      gate.run(
        () =>
          new Promise<void>((resolve) => {
            running++;
            peak = Math.max(peak, running);
            releases.push(() => {
              running--;
              resolve();
            });
          }),
      );
    const accepted = [task(), task(), task()];
    await expect(task()).rejects.toMatchObject({ statusCode: 503 });
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    while (releases.length) {
      releases.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
