import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { Link, useSearchParams } from '../../lib/router';
import type { CustomerUserDetail } from '@wholesale/contract/staff';
import { when } from './format';
import { StaffFrame, useStaff } from './staff-frame';
import { can } from './staff-session';
import { Facts, Outcome, QueryState, inputClass, labelClass } from './ui';
import {
  USER_ACTIONS,
  useDisableCustomerUserMutation,
  useEnableCustomerUserMutation,
  useEndCustomerUserSessionsMutation,
  useGetCustomerUserQuery,
  useSendCustomerUserPasswordResetMutation,
  useUnlockCustomerUserMutation,
  type UserAction,
} from './users-api';
import { useEndViewAsMutation, useStartViewAsMutation } from './view-as-api';

export function StaffUserPage() {
  return (
    <StaffFrame>
      <User />
    </StaffFrame>
  );
}

function User() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, error } = useGetCustomerUserQuery(id, { skip: !valid });
  return (
    <>
      <PageHeading title={data ? `${data.name || data.username} (${data.username})` : 'Customer user'}>
        {data && (
          <Link
            to={`/staff/customer?customer=${encodeURIComponent(data.customerNumber)}`}
            className="text-sm text-brand-700 underline"
          >
            {data.accountName} ({data.customerNumber})
          </Link>
        )}
      </PageHeading>
      <QueryState isLoading={isLoading} error={error} />
      {data && <UserBody u={data} />}
    </>
  );
}

function UserBody({ u }: { u: CustomerUserDetail }) {
  const staff = useStaff();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title="Details">
        <div className="mt-3">
          <Facts
            items={[
              ['Username', u.username],
              ['Name', u.name],
              ['Email', u.email || 'None'],
              ['Job title', u.jobTitle],
              ['Account', `${u.accountName} (${u.customerNumber})`],
              ['Status', u.disabled ? 'Disabled' : u.passwordSet ? 'Active' : 'Invited (no password yet)'],
              ['Locked out', u.lockedOut ? 'Yes: too many failed log-ins' : 'No'],
              ['Created', when(u.createdAt)],
              ['Password changed', when(u.passwordChangedAt)],
            ]}
          />
        </div>
      </Panel>
      {can.manageUsers(staff.role) && <UserActions u={u} />}
      {can.viewAs(staff.role) && !u.disabled && <ViewAs u={u} />}
    </div>
  );
}

function UserActions({ u }: { u: CustomerUserDetail }) {
  const actions = {
    disableCustomerUser: useDisableCustomerUserMutation(),
    enableCustomerUser: useEnableCustomerUserMutation(),
    sendCustomerUserPasswordReset: useSendCustomerUserPasswordResetMutation(),
    unlockCustomerUser: useUnlockCustomerUserMutation(),
    endCustomerUserSessions: useEndCustomerUserSessionsMutation(),
  } satisfies Record<UserAction, unknown>;
  const [last, setLast] = useState<UserAction | null>(null);
  const isLoading = Object.values(actions).some(([, state]) => state.isLoading);
  const { error, data } = last ? actions[last][1] : { error: undefined, data: undefined };
  const offered: UserAction[] = [
    u.disabled ? 'enableCustomerUser' : 'disableCustomerUser',
    ...(u.lockedOut ? (['unlockCustomerUser'] as const) : []),
    ...(!u.disabled ? (['sendCustomerUserPasswordReset'] as const) : []),
    'endCustomerUserSessions',
  ];
  return (
    <Panel title="Actions">
      <div className="mt-3 space-y-3">
        <div className="flex flex-wrap gap-2">
          {offered.map((a) => (
            <Button
              key={a}
              variant={a === 'disableCustomerUser' ? 'danger' : 'secondary'}
              disabled={isLoading}
              onClick={() => {
                for (const [, state] of Object.values(actions)) state.reset();
                setLast(a);
                void actions[a][0]({ userId: u.id });
              }}
            >
              {USER_ACTIONS[a]}
            </Button>
          ))}
        </div>
        <Outcome error={error} success={data?.message} />
      </div>
    </Panel>
  );
}

function ViewAs({ u }: { u: CustomerUserDetail }) {
  const [reason, setReason] = useState('');
  const [session, setSession] = useState<{ id: string; url: string; expiresAt: string } | null>(null);
  const [start, { isLoading, error, reset }] = useStartViewAsMutation();
  const [end, endState] = useEndViewAsMutation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset();
    endState.reset();
    setSession(null);
    void start({ userId: u.id, reason: reason.trim() })
      .unwrap()
      .then(
        (s) => {
          // The token travels in the fragment (never sent to a server, never in a log) to a tab of its
          // own; noopener, so that tab gets no copy of this tab's sessionStorage (the staff sign-in)
          // and no handle on this one.
          const fragment = new URLSearchParams({
            token: s.accessToken,
            id: s.id,
            banner: s.banner,
            expires: s.expiresAt,
          });
          const url = `${globalThis.location.origin}/view-as#${fragment.toString()}`;
          globalThis.open(url, '_blank', 'noopener,noreferrer');
          setSession({ id: s.id, url, expiresAt: s.expiresAt });
          setReason('');
        },
        () => undefined,
      );
  };
  return (
    <Panel title="View as customer">
      <form onSubmit={submit} className="mt-3 space-y-3" noValidate>
        <p className="text-sm text-slate-700">
          Opens the buyer’s portal as {u.name || u.username} in a new tab for up to 30 minutes, read-only. The reason is
          kept in the audit log.
        </p>
        <div>
          <label htmlFor="view-as-reason" className={labelClass}>
            Reason
          </label>
          <textarea
            id="view-as-reason"
            className={inputClass}
            rows={2}
            value={reason}
            maxLength={500}
            required
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <Outcome error={error} />
        <Button type="submit" disabled={isLoading}>
          View as customer
        </Button>
      </form>
      {session && (
        <div role="status" className="mt-3 space-y-2 rounded-md bg-purple-50 p-3 text-sm text-purple-950">
          <p>
            Viewing as {u.name || u.username} in another tab until {when(session.expiresAt)}.{' '}
            <a href={session.url} target="_blank" rel="noopener noreferrer" className="underline">
              Open it again if the browser blocked it
            </a>
            .
          </p>
          {endState.isSuccess ? (
            <p>The session has ended.</p>
          ) : (
            <Button variant="secondary" disabled={endState.isLoading} onClick={() => void end(session.id)}>
              End the view-as session
            </Button>
          )}
          <Outcome error={endState.error} />
        </div>
      )}
    </Panel>
  );
}
