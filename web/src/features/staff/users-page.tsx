import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { TextField } from '../../components/text-field';
import { Link, useSearchParams } from '../../lib/router';
import type { CreateCustomerUserResponse } from '@wholesale/contract/staff';
import { StaffFrame, useStaff } from './staff-frame';
import { can } from './staff-session';
import { Outcome } from './ui';
import { useCreateCustomerUserMutation } from './users-api';

export function StaffUsersPage() {
  return (
    <StaffFrame>
      <Users />
    </StaffFrame>
  );
}

function Users() {
  const staff = useStaff();
  return (
    <>
      <PageHeading title="Users" />
      <p className="mb-4 max-w-2xl text-slate-700">
        A customer’s users are listed on its page: find the account in{' '}
        <Link to="/staff/customers" className="text-brand-700 underline">
          Customers
        </Link>{' '}
        and open the user to disable, re-enable, unlock, send a password reset, end their sessions or view the portal as
        them.
      </p>
      {can.manageUsers(staff.role) && <NewUserForm />}
    </>
  );
}

function NewUserForm() {
  const [params] = useSearchParams();
  const [customerNumber, setCustomerNumber] = useState(params.get('customer') ?? '');
  const [created, setCreated] = useState<CreateCustomerUserResponse | null>(null);
  const [create, { isLoading, error, reset }] = useCreateCustomerUserMutation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? '');
    reset();
    setCreated(null);
    void create({
      customerNumber: customerNumber.trim(),
      username: get('username'),
      name: get('name'),
      email: get('email'),
      jobTitle: get('jobTitle'),
    })
      .unwrap()
      .then(setCreated, () => undefined);
  };
  return (
    <section aria-labelledby="new-user" className="max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="new-user" className="text-lg font-semibold text-brand-900">
        Create a user
      </h2>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <TextField
          label="Account number"
          value={customerNumber}
          onChange={(e) => setCustomerNumber(e.target.value)}
          required
        />
        <TextField label="Username" name="username" required autoComplete="off" />
        <TextField label="Name" name="name" required autoComplete="off" />
        <TextField label="Email" name="email" type="email" autoComplete="off" hint="The invitation goes here" />
        <TextField label="Job title" name="jobTitle" autoComplete="off" />
        <div className="sm:col-span-2">
          <Outcome error={error} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isLoading}>
            Create and invite
          </Button>
        </div>
      </form>
      {created && (
        <div role="status" className="mt-4 space-y-2 rounded-md bg-green-50 p-3 text-sm text-green-900">
          <p>
            Created{' '}
            <Link className="font-medium underline" to={`/staff/user?id=${created.user.id}`}>
              {created.user.username}
            </Link>
            .{' '}
            {created.invitation.emailed
              ? `The invitation was emailed to ${created.user.email}.`
              : 'The invitation was not emailed: hand over this set-password link.'}
          </p>
          {created.invitation.link && <p className="break-all font-mono">{created.invitation.link}</p>}
        </div>
      )}
    </section>
  );
}
