import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, changePasswordRequest, type ChangePasswordRequest } from '@wholesale/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button, buttonClass } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { NewPasswordFields } from '../../components/new-password-fields';
import { TextField } from '../../components/text-field';
import { useChangePasswordMutation } from '../auth/auth-api';

/** The server's reason, when it gave one (e.g. the current password is not correct). */
function reasonOf(err: unknown): string | null {
  const data = (err as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : null;
}

/** Change password (spec sections 2 and 5): success returns to My Details. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [changePassword] = useChangePasswordMutation();
  // Set on a refusal ('' when the server gave no reason): said beside the form and focused, since the
  // button was disabled while busy (focus would otherwise be left on the page).
  const [failure, setFailure] = useState<{ reason: string } | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async (values: ChangePasswordRequest) => {
    setFailure(null);
    try {
      await changePassword(values).unwrap();
      toast.success(MSG.passwordChanged, { toastId: 'password-changed' });
      await navigate('/details');
    } catch (err) {
      setFailure({ reason: reasonOf(err) ?? '' });
      toast.error(MSG.changePasswordFailed, { toastId: 'password-change-failed' });
    }
  };

  return (
    <div>
      <PageHeading title="Change Password" />
      <div className="max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {/* The server's reason is about what was sent: it goes once the user edits a field. */}
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          onInput={() => setFailure(null)}
          className="space-y-5"
          aria-label="Change password"
        >
          <TextField
            label="Old Password"
            type="password"
            autoComplete="current-password"
            error={errors.oldPassword?.message}
            {...register('oldPassword')}
          />
          <NewPasswordFields register={register} errors={errors} />
          {failure && (
            <p
              ref={failureRef}
              role="alert"
              tabIndex={-1}
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {MSG.changePasswordFailed}
              {failure.reason && `: ${failure.reason}`}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner decorative size="sm" />}
              Change Password
            </Button>
            <Link to="/details" className={buttonClass('secondary')}>
              Cancel
            </Link>
          </div>
        </form>
      </div>
    </div>
  );
}
