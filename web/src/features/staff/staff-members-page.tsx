import { useId, useState, type FormEvent } from 'react';
import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type CreateStaffUserResponse,
  type StaffRole,
  type StaffUserRow,
} from '@wholesale/contract/staff';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { DataTable, staffColumns } from './data-table';
import { when } from './format';
import { StaffFrame, useStaff } from './staff-frame';
import { STAFF_MSG } from './staff-messages';
import {
  useCreateStaffUserMutation,
  useDisableStaffUserMutation,
  useEnableStaffUserMutation,
  useListStaffUsersQuery,
  useSetStaffUserRoleMutation,
} from './staff-users-api';
import { Outcome, QueryState, inputClass, labelClass } from './ui';

/** /staff/staff-users: the back office's own people, for admins (the navigation's "Staff"). */
export function StaffMembersPage() {
  return (
    <StaffFrame>
      <PageHeading title="Staff" />
      <div className="space-y-6">
        <StaffMembers />
        <NewStaffMember />
      </div>
    </StaffFrame>
  );
}

const status = (m: StaffUserRow) => {
  if (m.disabled) return 'Disabled';
  if (m.lockedUntil) return `Locked until ${when(m.lockedUntil)}`;
  return 'Active';
};

const col = staffColumns<StaffUserRow>();

/** What a row's controls report: the confirmation, or the server's refusal. */
type Said = { success: string } | { error: unknown } | null;

function StaffMembers() {
  const me = useStaff();
  const { data, isLoading, isFetching, error } = useListStaffUsersQuery();
  const [said, setSaid] = useState<Said>(null);
  const [disabling, setDisabling] = useState<string | null>(null);
  const [disable, disableState] = useDisableStaffUserMutation();
  const [enable, enableState] = useEnableStaffUserMutation();
  const report = (p: Promise<unknown>, success: string) =>
    void p.then(
      () => setSaid({ success }),
      (err: unknown) => setSaid({ error: err }),
    );

  const columns = [
    col.accessor('username', {
      header: 'Username',
      cell: (c) => (
        <span className="font-medium">
          {c.getValue()}
          {c.row.original.id === me.id && ' (you)'}
        </span>
      ),
    }),
    col.accessor('email', { header: 'Email' }),
    col.accessor('role', {
      header: 'Role',
      cell: (c) =>
        c.row.original.id === me.id ? (
          STAFF_ROLE_LABELS[c.getValue()]
        ) : (
          <RoleControl member={c.row.original} onDone={report} />
        ),
    }),
    col.accessor('enrolled', {
      header: 'Authenticator',
      cell: (c) => (c.getValue() ? 'Set up' : 'Not set up yet'),
    }),
    col.accessor('lastSignInAt', { header: 'Last sign-in', cell: (c) => when(c.getValue()) || 'Never' }),
    col.display({ id: 'status', header: 'Status', cell: (c) => status(c.row.original) }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: (c) => {
        const m = c.row.original;
        if (m.id === me.id) return <span className="text-slate-700">{STAFF_MSG.ownAccount}</span>;
        return m.disabled ? (
          <Button
            variant="secondary"
            className="px-2 py-1"
            aria-label={`Enable ${m.username} again`}
            disabled={enableState.isLoading}
            onClick={() => report(enable(m.username).unwrap(), STAFF_MSG.staffEnabled(m.username))}
          >
            Enable again
          </Button>
        ) : (
          <Button
            variant="danger"
            className="px-2 py-1"
            aria-label={`Disable ${m.username}`}
            onClick={() => {
              setSaid(null);
              setDisabling(m.username);
            }}
          >
            Disable
          </Button>
        );
      },
    }),
  ];

  const rows = data ?? [];
  return (
    <Panel title="Staff members">
      <div className="mt-3 space-y-3">
        <QueryState isLoading={isLoading} error={error} />
        {said && <Outcome {...('error' in said ? { error: said.error } : { success: said.success })} />}
        {data && (
          <DataTable
            label="Staff members"
            columns={columns}
            rows={rows}
            // One page: the back office's people are few, and the server answers them all.
            page={1}
            pageSize={Math.max(1, rows.length)}
            total={rows.length}
            onPage={() => undefined}
            onSort={() => undefined}
            rowKey={(m) => String(m.id)}
            loading={isFetching}
          />
        )}
      </div>
      <ConfirmDialog
        open={disabling !== null}
        title="Disable a staff member"
        question={STAFF_MSG.staffDisableQuestion(disabling ?? '')}
        busy={disableState.isLoading}
        busyLabel="Disabling…"
        danger
        cancelLabel="Keep enabled"
        confirmLabel="Disable"
        onCancel={() => setDisabling(null)}
        onConfirm={() => {
          const username = disabling!;
          setDisabling(null);
          report(disable(username).unwrap(), STAFF_MSG.staffDisabled(username));
        }}
      />
    </Panel>
  );
}

/** A staff member's role, changed with its own button (a choice alone changes nothing). */
function RoleControl({
  member,
  onDone,
}: {
  member: StaffUserRow;
  onDone: (p: Promise<unknown>, success: string) => void;
}) {
  const id = useId();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [setStaffUserRole, { isLoading }] = useSetStaffUserRoleMutation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (role === member.role) return;
    const done = setStaffUserRole({ username: member.username, role }).unwrap();
    done.catch(() => setRole(member.role));
    onDone(done, STAFF_MSG.staffRoleChanged(member.username, STAFF_ROLE_LABELS[role]));
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {member.username}
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-300 bg-white px-2 py-1"
        value={role}
        onChange={(e) => setRole(e.target.value as StaffRole)}
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {STAFF_ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <Button
        type="submit"
        variant="secondary"
        className="px-2 py-1"
        aria-label={`Change the role of ${member.username}`}
        disabled={isLoading || role === member.role}
      >
        Change
      </Button>
    </form>
  );
}

function NewStaffMember() {
  const [create, { isLoading, error, reset }] = useCreateStaffUserMutation();
  const [created, setCreated] = useState<CreateStaffUserResponse | null>(null);
  const roleId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const get = (k: string) => String(f.get(k) ?? '');
    reset();
    setCreated(null);
    void create({
      username: get('username'),
      email: get('email'),
      role: get('role') as StaffRole,
      canOrderOnBehalf: f.get('canOrderOnBehalf') === 'on',
    })
      .unwrap()
      .then(
        (made) => {
          setCreated(made);
          form.reset();
        },
        () => undefined,
      );
  };
  return (
    <Panel title="Add a staff member">
      <form onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
          hint="3 to 40 letters, digits, dots, hyphens or underscores"
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          hint="The set-up link goes here"
          required
        />
        <div>
          <label htmlFor={roleId} className={labelClass}>
            Role
          </label>
          <select id={roleId} name="role" className={inputClass} defaultValue="read_only">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" name="canOrderOnBehalf" />
          May place and change orders while viewing as a customer
        </label>
        <div className="sm:col-span-2">
          <Outcome error={error} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isLoading}>
            Create staff member
          </Button>
        </div>
      </form>
      {created && <Created created={created} />}
    </Panel>
  );
}

/** The one answer that carries the set-up link: shown until the screen moves on, as the CLI prints it. */
function Created({ created }: { created: CreateStaffUserResponse }) {
  const { staff } = created;
  return (
    <div role="status" className="mt-4 space-y-2 rounded-md bg-green-50 p-3 text-sm text-green-950">
      <p className="font-semibold">
        {STAFF_MSG.staffCreated(staff.username, STAFF_ROLE_LABELS[staff.role])}{' '}
        {created.emailed ? STAFF_MSG.setupLinkEmailed(staff.email) : STAFF_MSG.setupLinkNotEmailed}
      </p>
      <p>{STAFF_MSG.setupLinkOnce(when(created.expiresAt))}</p>
      <p className="break-all font-mono" data-testid="setup-link">
        {created.setupLink}
      </p>
    </div>
  );
}
