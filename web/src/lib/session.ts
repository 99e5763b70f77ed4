import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SESSION_REHYDRATE_TIMEOUT_MS, type AuthResponse, type TeamRole, type User } from '@wholesale/contract';
import { isViewAsTab } from './view-as';

/** The auth session of spec section 3: kept only when all three parts are present. */
export interface SessionState {
  token: string | null;
  refresh: string | null;
  user: User | null;
  /** Why the last session ended when the server ended it (not the user's own Log Out). */
  ended?: SessionEndReason;
}

/** session-ended: the server refused to renew the session (e.g. password changed elsewhere). */
export type SessionEndReason = 'session-ended';

export const SESSION_STORAGE_KEY = 'wholesale-portal.session';

export const emptySession: SessionState = { token: null, refresh: null, user: null };

/** All three or none (spec section 3). */
function complete(s: Partial<SessionState> | null | undefined): SessionState {
  if (s?.token && s.refresh && s.user) return { token: s.token, refresh: s.refresh, user: s.user };
  return emptySession;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: emptySession,
  reducers: {
    sessionStarted: (_state, action: PayloadAction<AuthResponse>) =>
      complete({ token: action.payload.accessToken, refresh: action.payload.refreshToken, user: action.payload.user }),
    /** With a reason when the server ended the session: the login screen says why and returns here. */
    sessionCleared: (_state, action: PayloadAction<SessionEndReason | undefined>) =>
      action.payload ? { ...emptySession, ended: action.payload } : emptySession,
    /** The session another tab stored (it refreshed or logged in). */
    sessionAdopted: (_state, action: PayloadAction<SessionState>) => complete(action.payload),
    /** A fresher copy of the user (e.g. from GET /auth/me after a payment); ignored when logged out. */
    userUpdated: (state, action: PayloadAction<User>) =>
      state.token && state.refresh ? { ...state, user: action.payload } : state,
  },
});

export const { sessionStarted, sessionCleared, sessionAdopted, userUpdated } = sessionSlice.actions;

export interface StateWithSession {
  session: SessionState;
}
export const selectUser = (state: StateWithSession) => state.session.user;
/** The user's team role; a session stored before roles existed is an account admin's, as the server made them. */
export const roleOf = (user: User | null | undefined): TeamRole => user?.role ?? 'admin';
/**
 * Whether the user's role is one of `roles`, a list of the contract's (ORDERING_ROLES, PAYING_ROLES...:
 * the lists the route table gives the server's routes). What the screens
 * offer by role; the server refuses the rest whatever a screen shows. Here, in the start-up code
 * the header needs anyway, so that the screens asking it load no file of its own.
 */
export const may = (user: User | null | undefined, roles: readonly TeamRole[]) => roles.includes(roleOf(user));
export const selectSessionEnded = (state: StateWithSession) => state.session.ended;
export const selectIsLoggedIn = (state: StateWithSession) =>
  Boolean(state.session.token && state.session.refresh && state.session.user);

/**
 * Storage seen through the few calls we need. getItem may be asynchronous, so that the
 * rehydration timeout of spec section 4 has something to guard (localStorage itself is synchronous).
 */
export interface SessionStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * localStorage, or nothing when the browser refuses it (private mode, disabled storage). A tab viewing
 * the portal as a customer (lib/view-as.ts) keeps its session in its own sessionStorage instead.
 */
export function browserStorage(): SessionStorage | null {
  try {
    if (isViewAsTab()) return globalThis.sessionStorage ?? null;
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * A stored session, or the empty one when it is missing, partial or unreadable. Its schema (Zod and
 * the contract's user) is loaded only when something is stored (./session-schema).
 */
export async function parsePersistedSession(raw: string | null): Promise<SessionState> {
  if (!raw) return emptySession;
  try {
    const json: unknown = JSON.parse(raw);
    const { persistedSession } = await import('./session-schema');
    const parsed = persistedSession.safeParse(json);
    return parsed.success ? complete(parsed.data) : emptySession;
  } catch {
    return emptySession;
  }
}

/** Writes the session when all three parts are present; otherwise clears what is stored. */
export function persistSession(session: SessionState, storage: SessionStorage | null = browserStorage()): void {
  if (!storage) return;
  try {
    const s = complete(session);
    if (s.token) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(s));
    else storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the session still lives in memory for this tab.
  }
}

const TIMED_OUT = Symbol('timed out');

/**
 * Reads the persisted session at start-up. Gives up after `timeoutMs` (spec: 5000 ms) and starts
 * logged out; an unreadable or partial entry is removed.
 */
export async function rehydrateSession(
  storage: SessionStorage | null = browserStorage(),
  timeoutMs: number = SESSION_REHYDRATE_TIMEOUT_MS,
): Promise<SessionState> {
  if (!storage) return emptySession;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    const raw = await Promise.race([Promise.resolve(storage.getItem(SESSION_STORAGE_KEY)), timeout]);
    if (raw === TIMED_OUT) return emptySession;
    const session = await parsePersistedSession(raw);
    if (!session.token && raw !== null) persistSession(emptySession, storage);
    return session;
  } catch {
    return emptySession;
  } finally {
    clearTimeout(timer);
  }
}
