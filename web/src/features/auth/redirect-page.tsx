import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { Spinner } from '../../components/spinner';
import { api, logout } from '../../lib/base-api';
import type { LoginNotice } from '../../lib/login-notice';
import { sessionCleared, sessionStarted } from '../../lib/session';
import { useAppDispatch } from '../../lib/store-types';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useExchangeRedirectTokenMutation } from './auth-api';

/**
 * /redirect?rt=...: exchanges the one-time token from the company site for a session, then goes
 * to /. Without rt, or when the exchange fails, the logout action fires (and leads to /login); a
 * token the server refused (expired or already used) leads to /login saying so.
 */
export function RedirectPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const rt = params.get('rt');
  const [exchange] = useExchangeRedirectTokenMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The token works once: never exchange it twice (StrictMode runs effects twice in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!rt) {
      dispatch(logout());
      return;
    }
    exchange(rt)
      .unwrap()
      .then((session) => {
        dispatch(sessionStarted(session));
        void navigate('/', { replace: true });
      })
      .catch((err: unknown) => {
        // A refused token (expired, used or unknown: a 4xx) is said on the login screen; anything
        // else (network, server) is the plain logout of the spec.
        const status = (err as { status?: unknown } | null)?.status;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          dispatch(sessionCleared());
          dispatch(api.util.resetApiState());
          const state: { notice: LoginNotice } = { notice: 'link-expired' };
          void navigate('/login', { replace: true, state });
        } else dispatch(logout());
      });
  }, [rt, exchange, dispatch, navigate]);

  return (
    <div className="flex flex-col items-center gap-4 py-24 text-brand-700">
      <Spinner label="Signing you in" size="lg" />
      <p className="text-slate-700">Signing you in...</p>
    </div>
  );
}
