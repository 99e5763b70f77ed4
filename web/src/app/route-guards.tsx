import { useState, type ReactNode } from 'react';
import type { LoginNotice } from '../lib/login-notice';
import { Navigate, useLocation, type Location } from '../lib/router';
import { selectIsLoggedIn, selectSessionEnded } from '../lib/session';
import { useAppSelector } from '../lib/store-types';

/** What the login screen is told on arrival: where to return to, and why the user is there. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  notice?: LoginNotice;
}

/** Where to go after login: the location the visitor asked for, if it is one of ours. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return '/';
  if (!from.pathname.startsWith('/') || from.pathname.startsWith('//') || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Protected routes: token and user present, else to /login carrying the requested location.
 * The user's own Log Out (or one in another tab) goes to /login without a return location: logging
 * in again starts at Home (spec section 4, "logout ... goes to /login"). A session the server ended
 * (refresh refused, e.g. the password was changed elsewhere) goes to /login with the reason and the
 * page the user was on, so the login screen says why and logging in returns there.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const ended = useAppSelector(selectSessionEnded);
  const location = useLocation();
  const [arrivedLoggedIn] = useState(loggedIn);
  if (!loggedIn && arrivedLoggedIn && !ended) return <Navigate to="/login" replace />;
  if (!loggedIn) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    if (ended) state.notice = ended;
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/**
 * The login screen is for visitors only. A logged-in user goes back to the location they
 * originally asked for (or /). This is also what moves the user on after a successful login.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  if (loggedIn) return <Navigate to={returnPath(location.state)} replace />;
  return children;
}
