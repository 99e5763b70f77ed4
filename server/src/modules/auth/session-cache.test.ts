import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { SessionCache } from './session-cache.js';
import { hashToken } from './tokens.js';

describe('SessionCache', () => {
  it('remembers an active session for ttl only', () => {
    let now = 1000;
    const cache = new SessionCache(2000, () => now);
    expect(cache.isActive(1, 'f1')).toBe(false);
    cache.remember(1, 'f1');
    expect(cache.isActive(1, 'f1')).toBe(true);
    expect(cache.isActive(1, 'f2')).toBe(false);
    now += 1999;
    expect(cache.isActive(1, 'f1')).toBe(true);
    now += 1;
    expect(cache.isActive(1, 'f1')).toBe(false);
  });

  it('forgets a family and all of a user’s sessions at once', () => {
    const cache = new SessionCache(60_000);
    cache.remember(1, 'a');
    cache.remember(1, 'b');
    cache.remember(2, 'c');
    cache.forgetFamily('a');
    expect([cache.isActive(1, 'a'), cache.isActive(1, 'b'), cache.isActive(2, 'c')]).toEqual([false, true, true]);
    cache.forgetUser(1);
    expect([cache.isActive(1, 'b'), cache.isActive(2, 'c')]).toEqual([false, true]);
  });

  it('does not remember an answer read while a session was being ended', () => {
    const cache = new SessionCache(60_000);
    const since = cache.begin();
    cache.forgetFamily('a'); // a logout committed while the lookup ran
    cache.remember(1, 'a', [], since);
    expect(cache.isActive(1, 'a')).toBe(false);
  });

  it('remembers nothing with ttl 0', () => {
    const cache = new SessionCache(0);
    cache.remember(1, 'a');
    expect(cache.isActive(1, 'a')).toBe(false);
  });
});

describe.each(testEngines())('session cache in the API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const accountId = await insertAccount(handle.db);
    for (const u of ['erin', 'fred', 'gail']) await insertUser(handle.db, accountId, u);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('logout ends a session that was just used (and so cached) at once', async () => {
    const s = await login(app, 'erin');
    expect((await me(s.accessToken)).statusCode).toBe(200);
    expect((await me(s.accessToken)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.accessToken) });
    expect(out.statusCode).toBe(200);
    expect((await me(s.accessToken)).statusCode).toBe(401);
  });

  it('a password change ends the user’s other cached sessions at once, not the one changing it', async () => {
    const here = await login(app, 'fred');
    const elsewhere = await login(app, 'fred');
    expect((await me(elsewhere.accessToken)).statusCode).toBe(200);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/changepassword',
      headers: bearer(here.accessToken),
      payload: { oldPassword: 'Portal-test-1', newPassword: 'Better-pass-33', confirmPassword: 'Better-pass-33' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(elsewhere.accessToken)).statusCode).toBe(401);
    expect((await me(here.accessToken)).statusCode).toBe(200);
  });

  it('reusing a rotated refresh token ends the cached session of its family at once', async () => {
    const s = await login(app, 'gail');
    expect((await me(s.accessToken)).statusCode).toBe(200);
    const refresh = () => app.inject({ method: 'GET', url: '/api/auth/refresh', headers: bearer(s.refreshToken) });
    const rotated = await refresh();
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json() as { accessToken: string };
    expect((await me(next.accessToken)).statusCode).toBe(200);
    // Past the grace window for two tabs, a reuse is taken as theft: the family is revoked.
    await handle.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', hashToken(s.refreshToken))
      .execute();
    expect((await refresh()).statusCode).toBe(401);
    expect((await me(next.accessToken)).statusCode).toBe(401);
    expect((await me(s.accessToken)).statusCode).toBe(401);
  });
});
