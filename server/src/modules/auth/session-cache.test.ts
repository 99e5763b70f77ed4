import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import type { AuthRepository } from './auth.repository.js';
import { SessionCache, withSessionCache } from './session-cache.js';
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

  it('asks for one renewal per entry, in the second half of its time', () => {
    let now = 1000;
    const cache = new SessionCache(2000, () => now);
    cache.remember(1, 'f1');
    now += 999;
    expect(cache.claimRenewal(1, 'f1')).toBe(false);
    now += 1;
    expect(cache.claimRenewal(1, 'f1')).toBe(true);
    expect(cache.claimRenewal(1, 'f1')).toBe(false); // already under way
    cache.endRenewal(1, 'f1'); // not replaced (say the database did not answer): may be claimed again
    expect(cache.claimRenewal(1, 'f1')).toBe(true);
    expect(cache.claimRenewal(2, 'f1')).toBe(false);
  });

  it('remembers nothing with ttl 0', () => {
    const cache = new SessionCache(0);
    cache.remember(1, 'a');
    expect(cache.isActive(1, 'a')).toBe(false);
  });
});

describe('withSessionCache', () => {
  /** An auth repository whose session check answers `answer` when released, counting the checks. */
  function slowRepo() {
    const state = { checks: 0, answer: true, release: () => {} };
    const repo = {
      isSessionActive: () => {
        state.checks++;
        return new Promise<boolean>((resolve) => (state.release = () => resolve(state.answer)));
      },
    } as unknown as AuthRepository;
    return { state, repo };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('checks again in the background in the second half, without holding the request', async () => {
    let now = 0;
    const { state, repo } = slowRepo();
    const cached = withSessionCache(repo, new SessionCache(2000, () => now));
    const first = cached.isSessionActive(1, 7, 'f');
    state.release();
    expect(await first).toBe(true);
    expect(state.checks).toBe(1);
    now = 900;
    expect(await cached.isSessionActive(1, 7, 'f')).toBe(true);
    expect(state.checks).toBe(1); // first half: from the cache alone
    now = 1500;
    expect(await cached.isSessionActive(1, 7, 'f')).toBe(true); // answered before the check ends
    expect(await cached.isSessionActive(1, 7, 'f')).toBe(true);
    expect(state.checks).toBe(2); // one background check, not one per request
    state.release();
    await settle();
    now = 2400; // past the first entry's time (2000), within the renewed one's (1500 + 2000)
    expect(await cached.isSessionActive(1, 7, 'f')).toBe(true);
    expect(state.checks).toBe(2);
  });

  it('a background check that finds the session ended ends it at once', async () => {
    let now = 0;
    const { state, repo } = slowRepo();
    const cached = withSessionCache(repo, new SessionCache(2000, () => now));
    const first = cached.isSessionActive(1, 7, 'f');
    state.release();
    await first;
    now = 1200;
    expect(await cached.isSessionActive(1, 7, 'f')).toBe(true);
    state.answer = false; // ended by another process meanwhile
    state.release();
    await settle();
    const next = cached.isSessionActive(1, 7, 'f'); // asks the database, as the entry is gone
    expect(state.checks).toBe(3);
    state.release();
    expect(await next).toBe(false);
  });

  it('a failed background check leaves the entry to run out, and a later request tries again', async () => {
    let now = 0;
    let fail = false;
    let checks = 0;
    const repo = {
      isSessionActive: () => {
        checks++;
        return fail ? Promise.reject(new Error('database down')) : Promise.resolve(true);
      },
    } as unknown as AuthRepository;
    const cached = withSessionCache(repo, new SessionCache(2000, () => now));
    await cached.isSessionActive(1, 7, 'f');
    fail = true;
    now = 1500;
    expect(await cached.isSessionActive(1, 7, 'f')).toBe(true);
    await settle();
    expect(await cached.isSessionActive(1, 7, 'f')).toBe(true);
    await settle();
    expect(checks).toBe(3);
    now = 2000; // the entry's time is up: the request itself now waits for the database
    await expect(cached.isSessionActive(1, 7, 'f')).rejects.toThrow('database down');
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

  const me = (token: string) =>
    app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(token) });

  it('logout ends a session that was just used (and so cached) at once', async () => {
    const s = await login(app, 'erin');
    expect((await me(s.accessToken)).statusCode).toBe(200);
    expect((await me(s.accessToken)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: pathOf(routes.logout), headers: bearer(s.accessToken) });
    expect(out.statusCode).toBe(200);
    expect((await me(s.accessToken)).statusCode).toBe(401);
  });

  it('a password change ends the user’s other cached sessions at once, not the one changing it', async () => {
    const here = await login(app, 'fred');
    const elsewhere = await login(app, 'fred');
    expect((await me(elsewhere.accessToken)).statusCode).toBe(200);
    const changed = await app.inject({
      method: 'POST',
      url: pathOf(routes.changePassword),
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
    const refresh = () =>
      app.inject({ method: 'GET', url: pathOf(routes.refreshSession), headers: bearer(s.refreshToken) });
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
