import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  retry,
  setupListeners,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { pathOf, routes, KEEP_UNUSED_DATA_SECONDS } from '@wholesale/contract';
import {
  connectionDropped,
  connectionWorked,
  followBrowserConnection,
  isNoAnswer,
  onConnectionBack,
} from './connection';
import { navigateTo } from './navigation';
import { isViewAsTab, reportViewAsRefusal } from './view-as';
import {
  SESSION_STORAGE_KEY,
  parsePersistedSession,
  sessionAdopted,
  sessionCleared,
  sessionStarted,
  type SessionEndReason,
  type StateWithSession,
} from './session';

export const TAG_TYPES = ['Basket', 'SearchProducts', 'OpenOrders'] as const;

/**
 * Endpoints that run without a session (public in the contract; the RTK endpoints share their
 * names): no Authorization header, and a 401 means "bad input", not "log out".
 */
export const PUBLIC_ENDPOINTS: ReadonlySet<string> = new Set(
  Object.values(routes)
    .filter((e) => e.access.kind === 'public')
    .map((e) => e.name),
);

/** The challenge the server sends with an expired or invalid access token. */
const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

// An absolute base URL: fetch under jsdom rejects relative URLs. Paths are the contract's (`pathOf`).
const fetchQuery = fetchBaseQuery({
  baseUrl: globalThis.location.origin,
  prepareHeaders: (headers, { getState, endpoint }) => {
    const { token } = (getState() as StateWithSession).session;
    if (token && !headers.has('Authorization') && !PUBLIC_ENDPOINTS.has(endpoint)) {
      headers.set('Authorization', `Bearer ${token}`);
    }
    return headers;
  },
});

type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/**
 * Every request tells lib/connection whether an answer came: none (offline, dropped) marks the
 * connection dropped, any status marks it working. A request the app itself aborted says nothing.
 */
const rawBaseQuery: AppBaseQuery = async (args, api, extraOptions) => {
  const result = await fetchQuery(args, api, extraOptions);
  if (result.error?.status === 403) reportViewAsRefusal(result.error.data);
  if (!result.error) connectionWorked();
  else if (!isNoAnswer(result.error)) connectionWorked();
  else if (!api.signal.aborted) connectionDropped();
  return result;
};

/**
 * Clear the session, drop every cached response, go to the login screen (spec section 4). With a
 * reason (the server refused to renew the session) the route guard takes the user to /login instead,
 * carrying the reason and the page they were on, so that the login screen says why and logging in
 * returns there.
 */
export const logout =
  (reason?: SessionEndReason): ThunkAction<void, StateWithSession, unknown, UnknownAction> =>
  (dispatch) => {
    dispatch(sessionCleared(reason));
    dispatch(api.util.resetApiState());
    if (!reason) navigateTo('/login');
  };

/**
 * The user's own Log Out: end the session on the server too (best effort: a network failure must
 * not keep anyone logged in here), then log out locally.
 */
export const signOut = (): ThunkAction<void, StateWithSession, unknown, UnknownAction> => (dispatch, getState) => {
  const { token } = getState().session;
  if (token) {
    void fetch(`${globalThis.location.origin}${pathOf(routes.logout)}`, {
      method: routes.logout.method,
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  }
  dispatch(logout());
};

/**
 * Tabs share one session. When another tab refreshes (rotating the refresh token) this tab adopts
 * the new tokens, so it never presents a rotated token later (which would end the session for
 * every tab); when another tab logs out, this one does too. Answers the unsubscribe.
 */
export function followSessionAcrossTabs(
  store: { dispatch: ThunkDispatch<StateWithSession, unknown, UnknownAction>; getState: () => StateWithSession },
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = globalThis.window,
): () => void {
  // Events are handled in the order they came: a stored session is checked by a schema loaded on
  // first use (parsePersistedSession), so each waits for the one before.
  let last = Promise.resolve();
  const onStorage = (e: StorageEvent) => {
    if (e.key !== SESSION_STORAGE_KEY && e.key !== null) return;
    // A view-as tab's session is its own (sessionStorage): other tabs' log-ins and log-outs are not its.
    if (isViewAsTab()) return;
    last = last.then(() => adopt(e.newValue)).catch(() => undefined);
  };
  const adopt = async (raw: string | null) => {
    const next = await parsePersistedSession(raw);
    const current = store.getState().session;
    if (next.token) {
      if (next.token !== current.token) store.dispatch(sessionAdopted(next));
    } else if (current.token) store.dispatch(logout());
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

const tokenOf = (api: BaseQueryApi) => (api.getState() as StateWithSession).session.token;

const retriable = (error: FetchBaseQueryError) =>
  error.status === 'FETCH_ERROR' ||
  error.status === 'TIMEOUT_ERROR' ||
  (typeof error.status === 'number' && error.status >= 500);

// One refresh at a time: refresh tokens rotate on every use and reusing a rotated one revokes the
// whole family, so concurrent 401s must share the same refresh call.
let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * refused: the server will not renew this session (log out). unavailable: it could not answer just
 * now (network, 5xx, 429): keep the session, the next request tries again.
 */
type RefreshOutcome = 'refreshed' | 'refused' | 'unavailable';

function refreshSession(api: BaseQueryApi): Promise<RefreshOutcome> {
  refreshInFlight ??= (async (): Promise<RefreshOutcome> => {
    const { refresh } = (api.getState() as StateWithSession).session;
    if (!refresh) return 'refused';
    // Its own signal: aborting the request that happened to start the refresh must not abort it.
    const refreshApi: BaseQueryApi = { ...api, endpoint: 'refreshSession', signal: new AbortController().signal };
    const result = await rawBaseQuery(
      { url: pathOf(routes.refreshSession), headers: { Authorization: `Bearer ${refresh}` } },
      refreshApi,
      {},
    );
    if (result.error) return retriable(result.error) || result.error.status === 429 ? 'unavailable' : 'refused';
    const { authResponse } = await import('./session-schema');
    const parsed = authResponse.safeParse(result.data);
    if (!parsed.success) return 'refused';
    api.dispatch(sessionStarted(parsed.data));
    return 'refreshed';
  })()
    .catch((): RefreshOutcome => 'unavailable')
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

function isInvalidTokenChallenge(meta: FetchBaseQueryMeta | undefined): boolean {
  return meta?.response?.headers.get('WWW-Authenticate')?.startsWith(INVALID_TOKEN_CHALLENGE) ?? false;
}

/**
 * The access token as Bearer; on a 401 with the invalid-token challenge one shared refresh and one
 * retry of the original request; on any other 401, or a failed refresh, logout. Client errors are
 * final (never retried); network and server errors may be retried by `retry` below.
 */
export const baseQueryWithReauth: AppBaseQuery = async (args, api, extraOptions) => {
  if (refreshInFlight) await refreshInFlight;
  const sentToken = tokenOf(api);
  let result = await rawBaseQuery(args, api, extraOptions);

  if (result.error?.status === 401 && !PUBLIC_ENDPOINTS.has(api.endpoint)) {
    let retried = false;
    let outcome: RefreshOutcome = 'refused';
    if (isInvalidTokenChallenge(result.meta)) {
      // Another request may already have refreshed while this one was on the wire.
      const current = tokenOf(api);
      outcome = current && current !== sentToken ? 'refreshed' : await refreshSession(api);
      if (outcome === 'refreshed') {
        result = await rawBaseQuery(args, api, extraOptions);
        retried = true;
      }
    }
    if (outcome === 'unavailable')
      // The portal could not renew the session just now: keep it, and report a retriable error.
      result = { error: { status: 'FETCH_ERROR', error: 'The session could not be renewed just now' } };
    else if (!retried || result.error?.status === 401) api.dispatch(logout('session-ended'));
  }

  if (result.error && !retriable(result.error)) retry.fail(result.error, result.meta);
  return result;
};

/** Retries default to 0 (spec section 7); an endpoint opts in with `extraOptions: withRetries(n)`. */
export const withRetries = (maxRetries: number) => ({ maxRetries });

export const api = createApi({
  reducerPath: 'api',
  baseQuery: retry(baseQueryWithReauth, { maxRetries: 0 }),
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: KEEP_UNUSED_DATA_SECONDS,
  // When lib/connection sees the connection come back, what is on screen is fetched again
  // (followConnection dispatches onOnline); until then the last answer stays on screen.
  refetchOnReconnect: true,
  // A response that does not match its contract schema becomes an ordinary query error.
  catchSchemaFailure: (error, info) => ({
    status: 'CUSTOM_ERROR' as const,
    error: `${info.endpoint}: response does not match the contract`,
    data: error.issues,
  }),
  endpoints: () => ({}),
});

/**
 * Refetch the screen's queries when the connection comes back, and listen to the browser's online
 * and offline events. Answers the unsubscribe.
 */
export function followConnection(
  store: { dispatch: ThunkDispatch<StateWithSession, unknown, UnknownAction> },
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = globalThis.window,
): () => void {
  // RTK Query's own action for "back online", which only its listener setup hands out.
  return setupListeners(store.dispatch, (dispatch, { onOnline }) => {
    const stopBack = onConnectionBack(() => dispatch(onOnline()));
    const stopBrowser = followBrowserConnection(target);
    return () => {
      stopBack();
      stopBrowser();
    };
  });
}

/** Test helper: forget a refresh that a previous test left behind. */
export function resetReauthForTests(): void {
  refreshInFlight = null;
}
