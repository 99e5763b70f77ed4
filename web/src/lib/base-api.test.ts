import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../app/store';
import { authResponseFor, demoUser, loggedInSession } from '../test/fixtures';
import { invalidTokenResponse, on, server } from '../test/server';
import { routes } from '@wholesale/contract';
import { api, followSessionAcrossTabs, withRetries } from './base-api';
import { registerNavigate } from './navigation';
import { SESSION_STORAGE_KEY } from './session';

/** Endpoints of this test only (not the contract's): what the base query does with any call. */
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    getThing: build.query<{ id: string; token: string }, string>({ query: (id) => `/test/things/${id}` }),
    getFlaky: build.query<{ ok: boolean }, void>({ query: () => '/test/flaky', extraOptions: withRetries(1) }),
    getMissing: build.query<{ ok: boolean }, void>({ query: () => '/test/missing', extraOptions: withRetries(2) }),
  }),
});

/** A protected resource that accepts only `validToken` and answers an invalid-token challenge otherwise. */
function thingsAccepting(validToken: string, seen: string[] = []) {
  return http.get('/test/things/:id', ({ request, params }) => {
    const auth = request.headers.get('Authorization') ?? '';
    seen.push(auth);
    if (auth !== `Bearer ${validToken}`) return invalidTokenResponse();
    return HttpResponse.json({ id: String(params.id), token: validToken });
  });
}

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let unregister: () => void;
beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  unregister = registerNavigate(navigate);
});
afterEach(() => unregister());

function loggedInStore() {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(loggedInSession));
  return createAppStore(loggedInSession);
}

describe('base query: auth header and re-auth', () => {
  it('sends the access token as a Bearer header', async () => {
    const seen: string[] = [];
    server.use(thingsAccepting('access-1', seen));
    const store = loggedInStore();
    const result = await store.dispatch(testApi.endpoints.getThing.initiate('a'));
    expect(result.data).toEqual({ id: 'a', token: 'access-1' });
    expect(seen).toEqual(['Bearer access-1']);
  });

  it('refreshes once for two concurrent invalid-token 401s and retries both', async () => {
    const refreshAuth: string[] = [];
    const seen: string[] = [];
    server.use(
      thingsAccepting('access-2', seen),
      on(routes.refreshSession, async ({ request }) => {
        refreshAuth.push(request.headers.get('Authorization') ?? '');
        await new Promise((r) => setTimeout(r, 30));
        return HttpResponse.json(authResponseFor(2));
      }),
    );
    const store = loggedInStore();

    const [a, b] = await Promise.all([
      store.dispatch(testApi.endpoints.getThing.initiate('a')),
      store.dispatch(testApi.endpoints.getThing.initiate('b')),
    ]);

    expect(refreshAuth).toEqual(['Bearer refresh-1']);
    expect(a.data).toEqual({ id: 'a', token: 'access-2' });
    expect(b.data).toEqual({ id: 'b', token: 'access-2' });
    expect(seen.filter((h) => h === 'Bearer access-1')).toHaveLength(2);
    expect(seen.filter((h) => h === 'Bearer access-2')).toHaveLength(2);
    expect(store.getState().session).toEqual({ token: 'access-2', refresh: 'refresh-2', user: demoUser });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({
      token: 'access-2',
      refresh: 'refresh-2',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logs out, resets the cache and goes to /login when the refresh fails', async () => {
    let validToken = 'access-1';
    server.use(
      http.get('/test/things/:id', ({ request, params }) =>
        request.headers.get('Authorization') === `Bearer ${validToken}`
          ? HttpResponse.json({ id: String(params.id), token: validToken })
          : invalidTokenResponse(),
      ),
      on(routes.refreshSession, () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Refresh token revoked' },
          { status: 401 },
        ),
      ),
    );
    const store = loggedInStore();
    const cached = await store.dispatch(testApi.endpoints.getThing.initiate('cached'));
    expect(cached.data).toBeDefined();
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    validToken = 'expired-now';
    const result = await store.dispatch(testApi.endpoints.getThing.initiate('b'));

    expect(result.data).toBeUndefined();
    expect(store.getState().session).toEqual({ token: null, refresh: null, user: null, ended: 'session-ended' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(testApi.endpoints.getThing.select('cached')(store.getState()).data).toBeUndefined();
    // The server ended the session: the route guard goes to /login saying so (and where to return).
    expect(store.getState().session.ended).toBe('session-ended');
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([503, 500, 429])(
    'keeps the session when the refresh cannot be answered (%i), and reports a retriable error',
    async (status) => {
      server.use(
        thingsAccepting('access-2'),
        on(routes.refreshSession, () =>
          HttpResponse.json({ statusCode: status, error: 'Busy', message: 'Try again' }, { status }),
        ),
      );
      const store = loggedInStore();
      const result = await store.dispatch(testApi.endpoints.getThing.initiate('a'));
      expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
      expect(store.getState().session).toEqual(loggedInSession);
      expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(loggedInSession);
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('logs out when the refresh answers without a session', async () => {
    server.use(
      thingsAccepting('access-2'),
      on(routes.refreshSession, () => HttpResponse.json({})),
    );
    const store = loggedInStore();
    await store.dispatch(testApi.endpoints.getThing.initiate('a'));
    expect(store.getState().session.token).toBeNull();
    // The server ended the session: the route guard goes to /login saying so (and where to return).
    expect(store.getState().session.ended).toBe('session-ended');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logs out on any other 401 without trying to refresh', async () => {
    let refreshCalls = 0;
    server.use(
      http.get('/test/things/:id', () =>
        HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Session ended' }, { status: 401 }),
      ),
      on(routes.refreshSession, () => (refreshCalls++, HttpResponse.json(authResponseFor(2)))),
    );
    const store = loggedInStore();
    await store.dispatch(testApi.endpoints.getThing.initiate('a'));
    expect(refreshCalls).toBe(0);
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // The server ended the session: the route guard goes to /login saying so (and where to return).
    expect(store.getState().session.ended).toBe('session-ended');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('logs out when the retried request is refused again', async () => {
    server.use(
      thingsAccepting('never-valid'),
      on(routes.refreshSession, () => HttpResponse.json(authResponseFor(2))),
    );
    const store = loggedInStore();
    const result = await store.dispatch(testApi.endpoints.getThing.initiate('a'));
    expect(result.data).toBeUndefined();
    expect(store.getState().session.token).toBeNull();
    // The server ended the session: the route guard goes to /login saying so (and where to return).
    expect(store.getState().session.ended).toBe('session-ended');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('base query: retries', () => {
  it('does not retry by default', async () => {
    let calls = 0;
    server.use(http.get('/test/things/:id', () => (calls++, new HttpResponse(null, { status: 503 }))));
    const store = loggedInStore();
    const result = await store.dispatch(testApi.endpoints.getThing.initiate('a'));
    expect(result.error).toMatchObject({ status: 503 });
    expect(calls).toBe(1);
  });

  it('retries a server error as many times as the endpoint asks', async () => {
    let calls = 0;
    server.use(
      http.get('/test/flaky', () =>
        ++calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ ok: true }),
      ),
    );
    const store = loggedInStore();
    const result = await store.dispatch(testApi.endpoints.getFlaky.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('never retries a client error', async () => {
    let calls = 0;
    server.use(
      http.get(
        '/test/missing',
        () => (
          calls++,
          HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, { status: 404 })
        ),
      ),
    );
    const store = loggedInStore();
    const result = await store.dispatch(testApi.endpoints.getMissing.initiate());
    expect(result.error).toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });
});

describe('one session across tabs', () => {
  const storageEvent = (newValue: string | null) =>
    new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue, storageArea: localStorage });

  it('adopts the tokens another tab refreshed, so it never presents a rotated refresh token', async () => {
    const store = loggedInStore();
    const stop = followSessionAcrossTabs(store, window);
    const seen: string[] = [];
    let refreshes = 0;
    server.use(
      thingsAccepting('access-2', seen),
      on(routes.refreshSession, () => (refreshes++, HttpResponse.json(authResponseFor(3)))),
    );
    try {
      const other = { token: 'access-2', refresh: 'refresh-2', user: demoUser };
      window.dispatchEvent(storageEvent(JSON.stringify(other)));
      await vi.waitFor(() => expect(store.getState().session).toEqual(other));
      const result = await store.dispatch(testApi.endpoints.getThing.initiate('a'));
      expect(result.data).toEqual({ id: 'a', token: 'access-2' });
      expect(seen).toEqual(['Bearer access-2']);
      expect(refreshes).toBe(0);
    } finally {
      stop();
    }
  });

  it('logs out when another tab logs out, and ignores other storage keys', async () => {
    const store = loggedInStore();
    const stop = followSessionAcrossTabs(store, window);
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: null }));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(store.getState().session).toEqual(loggedInSession);
      window.dispatchEvent(storageEvent(null));
      await vi.waitFor(() => expect(store.getState().session).toEqual({ token: null, refresh: null, user: null }));
      expect(navigate).toHaveBeenCalledWith('/login');
    } finally {
      stop();
    }
  });
});
