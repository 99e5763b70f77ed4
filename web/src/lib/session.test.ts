import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../app/store';
import { authResponseFor, demoUser, loggedInSession } from '../test/fixtures';
import {
  SESSION_STORAGE_KEY,
  emptySession,
  persistSession,
  rehydrateSession,
  sessionCleared,
  sessionStarted,
  type SessionStorage,
} from './session';

const stored = () => localStorage.getItem(SESSION_STORAGE_KEY);

describe('session persistence: all three or none', () => {
  afterEach(() => vi.useRealTimers());

  it('stores token, refresh and user together when a session starts, and clears them on logout', () => {
    const store = createAppStore();
    store.dispatch(sessionStarted(authResponseFor(1)));
    expect(JSON.parse(stored() ?? 'null')).toEqual({ token: 'access-1', refresh: 'refresh-1', user: demoUser });

    store.dispatch(sessionCleared());
    expect(store.getState().session).toEqual(emptySession);
    expect(stored()).toBeNull();
  });

  it('keeps nothing when a part is missing', () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ ...authResponseFor(1), refreshToken: '' }));
    expect(store.getState().session).toEqual(emptySession);
    expect(stored()).toBeNull();

    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(loggedInSession));
    persistSession({ token: 'access-1', refresh: 'refresh-1', user: null });
    expect(stored()).toBeNull();
  });

  it('rehydrates a complete stored session', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(loggedInSession));
    expect(await rehydrateSession()).toEqual(loggedInSession);
  });

  it.each([
    ['a partial session', JSON.stringify({ token: 'access-1', user: demoUser })],
    ['a user that does not match the contract', JSON.stringify({ ...loggedInSession, user: { name: 'x' } })],
    ['unreadable JSON', '{not json'],
  ])('starts logged out and clears %s', async (_what, raw) => {
    localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(await rehydrateSession()).toEqual(emptySession);
    expect(stored()).toBeNull();
  });

  it('gives up after 5000 ms when storage does not answer', async () => {
    vi.useFakeTimers();
    const stuck: SessionStorage = {
      getItem: () => new Promise<string | null>(() => {}),
      setItem: () => {},
      removeItem: () => {},
    };
    let result: unknown;
    void rehydrateSession(stuck).then((s) => (result = s));
    await vi.advanceTimersByTimeAsync(4999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual(emptySession);
  });
});
