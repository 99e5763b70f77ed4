import { zodResolver } from '@hookform/resolvers/zod';
import { INPUT_LIMITS, MSG, setPasswordRequest, type SetPasswordRequest } from '@wholesale/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { NewPasswordFields } from '../../components/new-password-fields';
import { TextField } from '../../components/text-field';
import { Link, useSearchParams } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useDescribeSetPasswordLinkQuery, useSetPasswordMutation } from './auth-api';

/** A refused link (410: used, expired, superseded or its user disabled) as opposed to a failure. */
const isGone = (err: unknown) => (err as { status?: unknown } | undefined)?.status === 410;
const reasonOf = (err: unknown): string | null => {
  const data = (err as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : null;
};

/**
 * /set-password?token=... (our addition to the spec): a user the supplier's ERP created has no
 * password; the ERP sends them this one-time link. The same rules and messages as Change password;
 * afterwards they log in as usual.
 */
export function SetPasswordPage() {
  useDocumentTitle(MSG.setPasswordTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useDescribeSetPasswordLinkQuery(token, { skip: token.length < INPUT_LIMITS.tokenMin });
  const [setPassword] = useSetPasswordMutation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordRequest>({
    resolver: zodResolver(setPasswordRequest),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async (values: SetPasswordRequest) => {
    setFailure(null);
    try {
      await setPassword(values).unwrap();
      setDone(true);
    } catch (err) {
      if (isGone(err)) setGone(true);
      else setFailure(reasonOf(err) ?? MSG.setPasswordFailed);
    }
  };

  const refused = token.length < INPUT_LIMITS.tokenMin || gone || (link.isError && isGone(link.error));
  let body;
  if (done) {
    body = (
      <div className="space-y-5 px-8 py-8">
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
          {MSG.passwordSet}
        </p>
        <Link to="/login" className={buttonClass('primary', 'w-full py-2.5')}>
          Log In
        </Link>
      </div>
    );
  } else if (refused) {
    body = (
      <div className="space-y-5 px-8 py-8">
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {MSG.setPasswordLinkExpired}
        </p>
        <Link to="/login" className={buttonClass('secondary', 'w-full py-2.5')}>
          Go to Log In
        </Link>
      </div>
    );
  } else if (link.isError) {
    body = (
      <p role="alert" className="mx-8 my-8 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {MSG.setPasswordFailed}
      </p>
    );
  } else if (!link.data) {
    body = (
      <div className="flex justify-center px-8 py-10 text-brand-700">
        <Spinner label="Checking the link" size="lg" />
      </div>
    );
  } else {
    const { username } = link.data;
    body = (
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        onInput={() => setFailure(null)}
        className="space-y-5 px-8 py-8"
        aria-label={MSG.setPasswordTitle}
      >
        <p className="text-sm text-slate-700">{MSG.setPasswordIntro(username)}</p>
        {/* Lets a password manager save the new password under the right username. */}
        <TextField label="Username" autoComplete="username" readOnly value={username} name="username" />
        <NewPasswordFields register={register} errors={errors} />
        {failure && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure}
          </p>
        )}
        <Button type="submit" className="w-full py-2.5" disabled={isSubmitting}>
          {isSubmitting && <Spinner decorative size="sm" />}
          {isSubmitting ? MSG.settingPassword : MSG.setPasswordButton}
        </Button>
      </form>
    );
  }

  return (
    <div className="flex justify-center py-6 sm:py-12">
      <div className="w-full max-w-md overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="bg-brand-800 px-8 py-6 text-white">
          <h1 className="text-2xl font-semibold tracking-tight">{MSG.setPasswordTitle}</h1>
          <p className="mt-1 text-sm text-brand-100">Wholesale Portal</p>
        </div>
        {body}
      </div>
    </div>
  );
}
