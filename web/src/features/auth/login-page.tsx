import { zodResolver } from '@hookform/resolvers/zod';
import { FORGOT_PASSWORD_LINK, MSG, loginRequest, type LoginRequest } from '@wholesale/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { loginNotice, loginNoticeText } from '../../lib/login-notice';
import { Link, useLocation } from '../../lib/router';
import { sessionStarted } from '../../lib/session';
import { useAppDispatch } from '../../lib/store-types';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLoginMutation } from './auth-api';

export function LoginPage() {
  useDocumentTitle('Log In');
  const dispatch = useAppDispatch();
  const notice = loginNotice(useLocation().state);
  const [login, { isLoading }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: '', password: '' },
  });
  const busy = isLoading || isSubmitting;
  // A refusal is said beside the form too, not only in a toast that goes after 5 seconds, and focus
  // moves to it (the button was disabled while busy, which would leave focus on the page).
  const [failure, setFailure] = useState<{ text: string } | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = async (values: LoginRequest) => {
    setFailure(null);
    try {
      const session = await login(values).unwrap();
      // The login route's guard sees the session and moves on to the requested location.
      dispatch(sessionStarted(session));
    } catch (err) {
      const text = loginErrorMessage(err);
      setFailure({ text });
      toast.error(text, { toastId: 'login-failed' });
    }
  };

  return (
    <div className="flex justify-center py-6 sm:py-12">
      <div className="w-full max-w-md overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="bg-brand-800 px-8 py-6 text-white">
          <h1 className="text-2xl font-semibold tracking-tight">Wholesale Portal</h1>
          <p className="mt-1 text-sm text-brand-100">
            Log in with your trade account to order and manage your account.
          </p>
        </div>
        {notice && (
          <p
            role="status"
            className="mx-8 mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {loginNoticeText[notice]}
          </p>
        )}
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5 px-8 py-8" aria-label="Log in">
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          {failure && (
            <p
              ref={failureRef}
              role="alert"
              tabIndex={-1}
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {failure.text}
            </p>
          )}
          <Button type="submit" className="w-full py-2.5" disabled={busy}>
            {busy && <Spinner decorative size="sm" />}
            {busy ? MSG.loggingIn : 'Log In'}
          </Button>
          <p className="text-center text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 underline hover:text-brand-900">
              {FORGOT_PASSWORD_LINK}
            </Link>
          </p>
        </form>
      </div>
    </div>
  );
}

/**
 * The spec's 'Failed to log in' for a refused login; the server's own words when it asks the user to
 * wait (429, too many attempts; 503, busy or the database unreachable), since retrying at once fails.
 */
function loginErrorMessage(err: unknown): string {
  const { status, data } = (err ?? {}) as { status?: unknown; data?: { message?: unknown } };
  if ((status === 429 || status === 503) && typeof data?.message === 'string') return data.message;
  return MSG.loginFailed;
}
