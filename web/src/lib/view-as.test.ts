import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../app/store';
import { authResponseFor, loggedInSession } from '../test/fixtures';
import { followSessionAcrossTabs } from './base-api';
import { SESSION_STORAGE_KEY, browserStorage, rehydrateSession, sessionStarted } from './session';
import { viewAsInfo } from '../features/view-as/view-as-info';
import { VIEW_AS_KEY, isViewAsTab, onViewAsRefusal, reportViewAsRefusal } from './view-as';

const markViewAs = () =>
  sessionStorage.setItem(
    VIEW_AS_KEY,
    JSON.stringify({ id: 'v-1', banner: 'Viewing as Sarah (C10001) for boss', expiresAt: '2026-11-27T19:00:00Z' }),
  );

describe("a view-as tab keeps the buyer's session to itself", () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    onViewAsRefusal(null);
  });

  it('is a view-as tab only when its sessionStorage says so, with the banner the server worded', () => {
    expect(isViewAsTab()).toBe(false);
    markViewAs();
    expect(viewAsInfo()).toEqual({
      id: 'v-1',
      banner: 'Viewing as Sarah (C10001) for boss',
      expiresAt: '2026-11-27T19:00:00Z',
    });
    sessionStorage.setItem(VIEW_AS_KEY, '{"id":1}');
    expect(viewAsInfo()).toBeNull();
  });

  it("stores and reads the session in this tab's sessionStorage, never localStorage", async () => {
    markViewAs();
    expect(browserStorage()).toBe(sessionStorage);
    const store = createAppStore();
    store.dispatch(sessionStarted(authResponseFor(1)));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ token: 'access-1' });
    expect((await rehydrateSession()).token).toBe('access-1');
  });

  it("does not follow another tab's log-in", async () => {
    markViewAs();
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(loggedInSession));
    const store = createAppStore(await rehydrateSession());
    const before = store.getState().session.token;
    const target = new EventTarget();
    const stop = followSessionAcrossTabs(store, target as unknown as Window);
    const other = { ...loggedInSession, token: 'someone-else' };
    target.dispatchEvent(
      Object.assign(new Event('storage'), { key: SESSION_STORAGE_KEY, newValue: JSON.stringify(other) }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(store.getState().session.token).toBe(before);
    stop();
  });

  it("hands a refusal's message to the banner", () => {
    const heard: string[] = [];
    onViewAsRefusal((m) => heard.push(m));
    reportViewAsRefusal({ statusCode: 403, message: 'Viewing as a customer is read-only' });
    reportViewAsRefusal(null);
    expect(heard).toEqual(['Viewing as a customer is read-only']);
  });
});
