import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { authResponse, MSG, SERVER_MSG, pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp, testConfig } from '../../test/app.js';
import { hashToken } from './tokens.js';

describe.each(testEngines())('auth API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let accountId: number;

  /** Moves a used refresh token's rotation `seconds` into the past, as if that time had gone by. */
  const ageRotation = async (token: string, seconds: number) => {
    await handle.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - seconds * 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
  };

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    accountId = await insertAccount(handle.db, { currency_code: 'EUR', on_stop: 1, is_proforma: 1 });
    await handle.db
      .insertInto('delivery_addresses')
      .values({
        account_id: accountId,
        reference: 'DEPOT',
        name: 'Depot',
        address1: '2 Quay',
        address2: '',
        city: 'Cork',
        county: 'Cork',
        country: 'Republic of Ireland',
        postcode: 'T12',
        phone_number: '0211',
      })
      .execute();
    await handle.db
      .insertInto('statements')
      .values({
        account_id: accountId,
        name: 'Statement October 2026',
        filename: 'T-2026-10',
        period_start: '2026-10-01',
        period_end: '2026-10-31',
      })
      .execute();
    await insertUser(handle.db, accountId, 'alice');
    await insertUser(handle.db, accountId, 'bob');
    await insertUser(handle.db, accountId, 'carol');
    await insertUser(handle.db, accountId, 'dora');
    await insertUser(handle.db, accountId, 'ghost', 'Portal-test-1', { disabled: 1 });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('logs in with every user field of the spec', async () => {
    const res = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      payload: { username: 'alice', password: 'Portal-test-1' },
    });
    expect(res.statusCode).toBe(200);
    const body = authResponse.parse(res.json());
    expect(body.user).toMatchObject({
      username: 'alice',
      currencyCode: 'EUR',
      currencySymbol: '€',
      onStop: 'True',
      isProforma: true,
      creditLimit: 5000,
      deliveryAddresses: [expect.objectContaining({ reference: 'DEPOT', city: 'Cork' })],
      statements: [{ name: 'Statement October 2026', filename: 'T-2026-10' }],
    });
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
  });

  it('answers an unknown user exactly like a wrong password, and a disabled user too', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      payload: { username: 'alice', password: 'nope' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      payload: { username: 'nobody', password: 'nope' },
    });
    const disabled = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      payload: { username: 'ghost', password: 'Portal-test-1' },
    });
    for (const r of [wrong, unknown, disabled]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MSG.loginFailed });
    }
  });

  it('rejects empty credentials with a 400 naming the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      payload: { username: '', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('username: Required');
    const notJson = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().statusCode).toBe(400);
  });

  it('challenges a missing token plainly and a forged or expired one with invalid_token', async () => {
    const none = await app.inject({ method: 'GET', url: pathOf(routes.getNotification) });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).not.toContain('invalid_token');

    const forged = await new SignJWT({ acc: accountId, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('wholesale-portal')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret-000'));
    const expired = await new SignJWT({ acc: accountId, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('wholesale-portal')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(testConfig().jwtSecret));
    for (const token of [forged, expired, 'not-a-jwt']) {
      const res = await app.inject({ method: 'GET', url: pathOf(routes.getNotification), headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });

  it('requires exp, sid, the role and the account the user belongs to in a correctly signed token', async () => {
    const s = await login(app, 'bob');
    const real = decodeJwt(s.accessToken);
    const otherAccount = await insertAccount(handle.db);
    const key = new TextEncoder().encode(testConfig().jwtSecret);
    const sign = (claims: Record<string, unknown>, exp: boolean) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(real.sub))
        .setIssuer('wholesale-portal')
        .setIssuedAt();
      return (exp ? jwt.setExpirationTime('5m') : jwt).sign(key);
    };
    const status = async (token: string) =>
      (await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(token) })).statusCode;

    // The same claims re-signed work: the refusals below are about the claims alone.
    expect(await status(await sign({ acc: real.acc, sid: real.sid, rol: real.rol }, true))).toBe(200);
    expect(await status(await sign({ acc: real.acc, sid: real.sid, rol: real.rol }, false))).toBe(401);
    // The team role is required, and must be one of the roles.
    expect(await status(await sign({ acc: real.acc, sid: real.sid }, true))).toBe(401);
    expect(await status(await sign({ acc: real.acc, sid: real.sid, rol: 'owner' }, true))).toBe(401);
    expect(await status(await sign({ acc: real.acc }, true))).toBe(401);
    expect(await status(await sign({ acc: real.acc, fam: real.sid }, true))).toBe(401);
    expect(await status(await sign({ acc: otherAccount, sid: real.sid }, true))).toBe(401);
    expect(await status(await sign({ acc: String(real.acc), sid: real.sid }, true))).toBe(401);
  });

  it('answers auth requests with Cache-Control: no-store', async () => {
    const res = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      payload: { username: 'bob', password: 'Portal-test-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const me = await app.inject({
      method: 'GET',
      url: pathOf(routes.getCurrentUser),
      headers: bearer(res.json().accessToken),
    });
    expect(me.headers['cache-control']).toBe('private, no-store');
    const bad = await app.inject({
      method: 'POST',
      url: pathOf(routes.login),
      payload: { username: 'bob', password: 'x' },
    });
    expect(bad.headers['cache-control']).toBe('private, no-store');
    // Refresh carries no session of its own (the app's signed-in hook does not apply): the route says so.
    const refreshed = await app.inject({
      method: 'GET',
      url: pathOf(routes.refreshSession),
      headers: bearer(res.json().refreshToken),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('private, no-store');
    const refused = await app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer('nope') });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('rotates refresh tokens and revokes the family when a rotated one is reused', async () => {
    const s = await login(app, 'bob');
    const r1 = await app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(s.refreshToken) });
    expect(r1.statusCode).toBe(200);
    const s1 = authResponse.parse(r1.json());
    expect(s1.refreshToken).not.toBe(s.refreshToken);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(s1.accessToken) }))
        .statusCode,
    ).toBe(200);

    // The old token again after the grace window: a theft signal. Everything in the family ends.
    await ageRotation(s.refreshToken, 31);
    const reuse = await app.inject({
      method: 'GET',
      url: pathOf(routes.refreshSession),
      headers: bearer(s.refreshToken),
    });
    expect(reuse.statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(s1.refreshToken) }))
        .statusCode,
    ).toBe(401);
    const after = await app.inject({
      method: 'GET',
      url: pathOf(routes.getCurrentUser),
      headers: bearer(s1.accessToken),
    });
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toContain('invalid_token');
  });

  it('lets two tabs refresh with the same token at once (grace window) without logging out', async () => {
    const s = await login(app, 'bob');
    const [a, b] = await Promise.all([
      app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(s.refreshToken) }),
      app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(s.refreshToken) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const sa = authResponse.parse(a.json());
    const sb = authResponse.parse(b.json());
    expect(sa.refreshToken).not.toBe(sb.refreshToken);
    // A third use a few seconds later (a slow tab) still works...
    await ageRotation(s.refreshToken, 5);
    const late = await app.inject({
      method: 'GET',
      url: pathOf(routes.refreshSession),
      headers: bearer(s.refreshToken),
    });
    expect(late.statusCode).toBe(200);
    // ...and both tabs stay signed in, each able to refresh again.
    for (const t of [sa, sb]) {
      expect(
        (await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(t.accessToken) }))
          .statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(t.refreshToken) }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('without a grace window, even an immediate second use revokes the family', async () => {
    const strict = await testApp(handle, { REFRESH_REUSE_GRACE_SECONDS: 0 });
    try {
      const s = await login(strict, 'bob');
      const r1 = await strict.inject({
        method: 'GET',
        url: pathOf(routes.refreshSession),
        headers: bearer(s.refreshToken),
      });
      expect(r1.statusCode).toBe(200);
      const again = await strict.inject({
        method: 'GET',
        url: pathOf(routes.refreshSession),
        headers: bearer(s.refreshToken),
      });
      expect(again.statusCode).toBe(401);
      const s1 = authResponse.parse(r1.json());
      expect(
        (await strict.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(s1.accessToken) }))
          .statusCode,
      ).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('refuses a refresh without a token or with a made-up one', async () => {
    expect((await app.inject({ method: 'GET', url: pathOf(routes.refreshSession) })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: pathOf(routes.refreshSession),
          headers: bearer('made-up-token-made-up'),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('exchanges a one-time rt once, and never after it expires', async () => {
    const users = await handle.db.selectFrom('users').select(['id', 'username']).execute();
    const carol = users.find((u) => u.username === 'carol')!;
    const { authService } = await import('./auth.service.js');
    const { authRepository } = await import('./auth.repository.js');
    const svc = authService(authRepository(handle.db), {
      jwtSecret: testConfig().jwtSecret,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
    });
    const rt = await svc.createOneTimeToken(carol.id);
    const first = await app.inject({ method: 'GET', url: pathOf(routes.exchangeRedirectToken, { token: rt }) });
    expect(first.statusCode).toBe(200);
    expect(authResponse.parse(first.json()).user.username).toBe('carol');
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.exchangeRedirectToken, { token: rt }) })).statusCode,
    ).toBe(401);

    const stale = await svc.createOneTimeToken(carol.id);
    await handle.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(stale))
      .execute();
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.exchangeRedirectToken, { token: stale }) })).statusCode,
    ).toBe(401);

    const row = await handle.db
      .selectFrom('one_time_tokens')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', hashToken(rt))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it('changes the password, checks the old one and ends the other sessions', async () => {
    const here = await login(app, 'dora');
    const elsewhere = await login(app, 'dora');
    const url = pathOf(routes.changePassword);
    const mismatch = await app.inject({
      method: 'POST',
      url,
      headers: bearer(here.accessToken),
      payload: { oldPassword: 'Portal-test-1', newPassword: 'Better-pass-22', confirmPassword: 'Other-pass-22' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain(MSG.passwordsMustMatch);
    const weak = await app.inject({
      method: 'POST',
      url,
      headers: bearer(here.accessToken),
      payload: { oldPassword: 'Portal-test-1', newPassword: 'short', confirmPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const wrongOld = await app.inject({
      method: 'POST',
      url,
      headers: bearer(here.accessToken),
      payload: { oldPassword: 'wrong', newPassword: 'Better-pass-22', confirmPassword: 'Better-pass-22' },
    });
    expect(wrongOld.statusCode).toBe(400);

    const ok = await app.inject({
      method: 'POST',
      url,
      headers: bearer(here.accessToken),
      payload: { oldPassword: 'Portal-test-1', newPassword: 'Better-pass-22', confirmPassword: 'Better-pass-22' },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(here.accessToken) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(elsewhere.accessToken) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(elsewhere.refreshToken) }))
        .statusCode,
    ).toBe(401);
    await expect(login(app, 'dora')).rejects.toThrow(/401/);
    await expect(login(app, 'dora', 'Better-pass-22')).resolves.toMatchObject({ user: { username: 'dora' } });
  });

  it('logout ends the session on the server', async () => {
    const s = await login(app, 'alice');
    expect(
      (await app.inject({ method: 'POST', url: pathOf(routes.logout), headers: bearer(s.accessToken) })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(s.accessToken) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(s.refreshToken) }))
        .statusCode,
    ).toBe(401);
  });

  it('ends the sessions of a user who is disabled', async () => {
    const s = await login(app, 'bob');
    await handle.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'bob').execute();
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(s.accessToken) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(s.refreshToken) }))
        .statusCode,
    ).toBe(401);
    await handle.db.updateTable('users').set({ disabled: 0 }).where('username', '=', 'bob').execute();
  });

  it('rate limits login attempts', async () => {
    const limited = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.inject({
          method: 'POST',
          url: pathOf(routes.login),
          payload: { username: 'alice', password: 'bad' },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await limited.inject({
        method: 'POST',
        url: pathOf(routes.login),
        payload: { username: 'alice', password: 'bad' },
      });
      expect(last.json().message).toBe(SERVER_MSG.tooManyRequests);
    } finally {
      await limited.close();
    }
  });

  it('locks a username after LOGIN_USER_LIMIT_PER_MINUTE attempts when set, whatever LOGIN_RATE_LIMIT_PER_MINUTE is; a success clears the count', async () => {
    await insertUser(handle.db, accountId, 'erin');
    await insertUser(handle.db, accountId, 'fred');
    const limited = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: 1000, LOGIN_USER_LIMIT_PER_MINUTE: 3 });
    const attempt = async (username: string, password: string) =>
      (await limited.inject({ method: 'POST', url: pathOf(routes.login), payload: { username, password } })).statusCode;
    try {
      const erin: number[] = [];
      for (let i = 0; i < 4; i++) erin.push(await attempt('erin', 'bad'));
      expect(erin).toEqual([401, 401, 401, 429]);
      // Locked: the right password is refused too, until the minute is over (or staff unlock it).
      expect(await attempt('erin', 'Portal-test-1')).toBe(429);

      // Two failures, a success, then three more failures: the success started the count again.
      const fred: number[] = [];
      for (const password of ['bad', 'bad', 'Portal-test-1', 'bad', 'bad', 'bad', 'bad'])
        fred.push(await attempt('fred', password));
      expect(fred).toEqual([401, 401, 200, 401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
