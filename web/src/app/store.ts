import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/base-api';
import {
  browserStorage,
  emptySession,
  persistSession,
  sessionSlice,
  type SessionState,
  type SessionStorage,
} from '../lib/session';

/**
 * One store per app (and per test). The session is written to storage whenever it changes;
 * persistSession keeps it only when token, refresh and user are all present.
 */
export function createAppStore(
  session: SessionState = emptySession,
  storage: SessionStorage | null = browserStorage(),
) {
  const store = configureStore({
    reducer: { session: sessionSlice.reducer, [api.reducerPath]: api.reducer },
    preloadedState: { session },
    // The dev-only invariant checks warn past 32 ms; on a busy CI machine that is noise, not a finding.
    middleware: (getDefault) =>
      getDefault({ immutableCheck: { warnAfter: 128 }, serializableCheck: { warnAfter: 128 } }).concat(api.middleware),
  });
  let last = store.getState().session;
  store.subscribe(() => {
    const next = store.getState().session;
    if (next === last) return;
    last = next;
    persistSession(next, storage);
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
