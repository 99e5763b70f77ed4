import { zodResolver } from '@hookform/resolvers/zod';
import { staffSetupRequest, type StaffSetupRequest } from '@wholesale/contract/staff';
import { useForm } from 'react-hook-form';
import { Button, buttonClass } from '../../components/button';
import { NewPasswordFields } from '../../components/new-password-fields';
import { PageHeading } from '../../components/page-heading';
import { Link, useSearchParams } from '../../lib/router';
import { useDescribeStaffSetupLinkQuery, useSetUpStaffPasswordMutation } from './auth-api';
import { StaffFrame } from './staff-frame';
import { Outcome, QueryState } from './ui';

/** /staff/set-up?token=...: the one-time link `staff create` prints; sets the password, then sign in. */
export function StaffSetUpPage() {
  return (
    <StaffFrame open>
      <SetUp />
    </StaffFrame>
  );
}

function SetUp() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useDescribeStaffSetupLinkQuery(token, { skip: token.length < 10 });
  const [setUp, { isLoading, error, isSuccess }] = useSetUpStaffPasswordMutation();
  const { register, handleSubmit, formState } = useForm<StaffSetupRequest>({
    resolver: zodResolver(staffSetupRequest),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title="Set your back-office password" />
      <QueryState
        isLoading={link.isLoading}
        error={token.length < 10 ? { data: { message: 'This set-up link is not complete.' } } : link.error}
      />
      {isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
            Your password is set. Sign in to set up your authenticator app.
          </p>
          <Link to="/staff/login" className={buttonClass('primary')}>
            Sign in
          </Link>
        </div>
      ) : (
        link.data && (
          <form
            onSubmit={(e) => void handleSubmit((v) => setUp(v))(e)}
            className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            noValidate
          >
            <p className="text-sm text-slate-700">
              Username: <span className="font-semibold">{link.data.username}</span>
            </p>
            <NewPasswordFields register={register} errors={formState.errors} />
            <Outcome error={error} />
            <Button type="submit" disabled={isLoading} className="w-full">
              Set password
            </Button>
          </form>
        )
      )}
    </div>
  );
}
