import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_MSG, passwordResetRequest, type PasswordResetRequest } from '@wholesale/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { Link } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRequestPasswordResetMutation } from './auth-api';

/**
 * /forgot-password: asks for the username or email and shows the server's one answer, the same
 * whether or not anything matched (so the screen never tells who has an account). The emailed link
 * opens /set-password.
 */
export function ForgotPasswordPage() {
  useDocumentTitle(RESET_MSG.title);
  const [request] = useRequestPasswordResetMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { usernameOrEmail: '' },
  });

  const onSubmit = async (values: PasswordResetRequest) => {
    setFailure(null);
    try {
      setAnswer((await request(values).unwrap()).message);
    } catch (err) {
      const data = (err as { status?: unknown; data?: { message?: unknown } } | undefined)?.data;
      setFailure(typeof data?.message === 'string' ? data.message : RESET_MSG.failed);
    }
  };

  return (
    <div className="flex justify-center py-6 sm:py-12">
      <div className="w-full max-w-md overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="bg-brand-800 px-8 py-6 text-white">
          <h1 className="text-2xl font-semibold tracking-tight">{RESET_MSG.title}</h1>
          <p className="mt-1 text-sm text-brand-100">Wholesale Portal</p>
        </div>
        {answer ? (
          <div className="space-y-5 px-8 py-8">
            <p
              role="status"
              className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900"
            >
              {answer}
            </p>
            <Link to="/login" className={buttonClass('secondary', 'w-full py-2.5')}>
              {RESET_MSG.backToLogin}
            </Link>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            className="space-y-5 px-8 py-8"
            aria-label={RESET_MSG.title}
          >
            <p className="text-sm text-slate-700">{RESET_MSG.intro}</p>
            <TextField
              label={RESET_MSG.label}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.usernameOrEmail?.message}
              {...register('usernameOrEmail')}
            />
            {failure && (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {failure}
              </p>
            )}
            <Button type="submit" className="w-full py-2.5" disabled={isSubmitting}>
              {isSubmitting && <Spinner decorative size="sm" />}
              {isSubmitting ? RESET_MSG.sending : RESET_MSG.button}
            </Button>
            <p className="text-center text-sm">
              <Link to="/login" className="font-medium text-brand-700 underline hover:text-brand-900">
                {RESET_MSG.backToLogin}
              </Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
