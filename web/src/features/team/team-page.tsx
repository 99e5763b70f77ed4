import {
  TEAM_MSG,
  TEAM_ROLES,
  TEAM_ROLE_LABELS,
  CURRENCY_SYMBOLS,
  formatMoney,
  type CurrencyCode,
  type TeamRole,
  type TeamUser,
} from '@wholesale/contract';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { Breadcrumb } from '../../components/breadcrumb';
import { cx } from '../../lib/cx';
import { useInviteTeamUserMutation, useListTeamUsersQuery, useUpdateTeamUserMutation } from './team-api';
import { messageOf } from './messages';
import { RoleGate } from '../../components/role-gate';

const select =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm disabled:bg-slate-100';

/** '2026-11-27T14:02:00Z' as '27/11/26 14:02' (UK time). */
const signedIn = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        day: '2-digit',
        month: '2-digit',
        year: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(new Date(iso))
        .replace(',', '')
    : TEAM_MSG.neverSignedIn;

const limitText = (amount: number | null, currency: CurrencyCode) =>
  amount === null ? TEAM_MSG.noLimit : formatMoney(amount, CURRENCY_SYMBOLS[currency]);

/** A limit as the form shows it: the amount with its decimals, or empty for none. */
const limitField = (amount: number | null) => (amount === null ? '' : amount.toFixed(2));

function RoleSelect({
  value,
  onChange,
  disabled,
  id,
}: {
  value: TeamRole;
  onChange: (r: TeamRole) => void;
  disabled?: boolean;
  id: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Role
      </label>
      <select
        id={id}
        className={select}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as TeamRole)}
      >
        {TEAM_ROLES.map((r) => (
          <option key={r} value={r}>
            {TEAM_ROLE_LABELS[r]}
          </option>
        ))}
      </select>
    </div>
  );
}

const statusStyle: Record<TeamUser['status'], string> = {
  Active: 'bg-green-100 text-green-900',
  Invited: 'bg-amber-100 text-amber-900',
  Disabled: 'bg-slate-200 text-slate-800',
};
const statusLabel: Record<TeamUser['status'], string> = {
  Active: TEAM_MSG.statusActive,
  Invited: TEAM_MSG.statusInvited,
  Disabled: TEAM_MSG.statusDisabled,
};

/** One user: who they are, and a form for role and limits, with Disable/Enable beside it. */
function TeamMember({ user, currency }: { user: TeamUser; currency: CurrencyCode }) {
  const id = useId();
  const [role, setRole] = useState<TeamRole>(user.role);
  const [orderLimit, setOrderLimit] = useState(limitField(user.orderLimit));
  const [budget, setBudget] = useState(limitField(user.monthlyBudget));
  const [error, setError] = useState<string>();
  const [update, { isLoading }] = useUpdateTeamUserMutation();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await update({ userId: user.id, role, orderLimit, monthlyBudget: budget }).unwrap();
      toast.success(TEAM_MSG.saved(user.username));
    } catch (err) {
      setError(messageOf(err) ?? 'Unable to save');
    }
  };
  const toggle = async () => {
    setError(undefined);
    try {
      await update({ userId: user.id, disabled: user.status !== 'Disabled' }).unwrap();
      toast.success(TEAM_MSG.saved(user.username));
    } catch (err) {
      setError(messageOf(err) ?? 'Unable to save');
    }
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-brand-900">
            {user.name} {user.isYou && <span className="text-sm font-normal text-slate-600">(you)</span>}
          </h3>
          <p className="break-words text-sm text-slate-700">
            {user.username} · {user.email}
          </p>
        </div>
        <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', statusStyle[user.status])}>
          {statusLabel[user.status]}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-slate-600">Role</dt>
        <dd>{TEAM_ROLE_LABELS[user.role]}</dd>
        <dt className="text-slate-600">Last sign-in</dt>
        <dd>{signedIn(user.lastLoginAt)}</dd>
        <dt className="text-slate-600">Per-order limit</dt>
        <dd>{limitText(user.orderLimit, currency)}</dd>
        <dt className="text-slate-600">Monthly budget</dt>
        <dd>{limitText(user.monthlyBudget, currency)}</dd>
      </dl>
      <form
        onSubmit={save}
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
        aria-label={`Change ${user.username}`}
      >
        <RoleSelect id={`${id}-role`} value={role} onChange={setRole} />
        <TextField
          label={`Per-order limit (${CURRENCY_SYMBOLS[currency]})`}
          inputMode="decimal"
          value={orderLimit}
          placeholder={TEAM_MSG.noLimit}
          onChange={(e) => setOrderLimit(e.target.value)}
        />
        <TextField
          label={`Monthly budget (${CURRENCY_SYMBOLS[currency]})`}
          inputMode="decimal"
          value={budget}
          placeholder={TEAM_MSG.noLimit}
          onChange={(e) => setBudget(e.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={isLoading}>
            Save
          </Button>
          <Button variant="secondary" onClick={toggle} disabled={isLoading}>
            {user.status === 'Disabled' ? TEAM_MSG.enable : TEAM_MSG.disable}
          </Button>
        </div>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

function InviteForm({ currency }: { currency: CurrencyCode }) {
  const id = useId();
  const empty = { username: '', name: '', email: '', orderLimit: '', monthlyBudget: '' };
  const [form, setForm] = useState(empty);
  const [role, setRole] = useState<TeamRole>('buyer');
  const [error, setError] = useState<string>();
  const [invite, { isLoading }] = useInviteTeamUserMutation();
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await invite({ ...form, role }).unwrap();
      toast.success(TEAM_MSG.invited(form.email));
      setForm(empty);
    } catch (err) {
      setError(messageOf(err) ?? 'Unable to send the invitation');
    }
  };

  return (
    <Panel title={TEAM_MSG.inviteHeading}>
      <form
        onSubmit={submit}
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        aria-label={TEAM_MSG.inviteHeading}
      >
        <TextField label="Username" required autoComplete="off" value={form.username} onChange={set('username')} />
        <TextField label="Name" required autoComplete="off" value={form.name} onChange={set('name')} />
        <TextField label="Email" type="email" required autoComplete="off" value={form.email} onChange={set('email')} />
        <RoleSelect id={`${id}-role`} value={role} onChange={setRole} />
        <TextField
          label={`Per-order limit (${CURRENCY_SYMBOLS[currency]})`}
          inputMode="decimal"
          placeholder={TEAM_MSG.noLimit}
          value={form.orderLimit}
          onChange={set('orderLimit')}
        />
        <TextField
          label={`Monthly budget (${CURRENCY_SYMBOLS[currency]})`}
          inputMode="decimal"
          placeholder={TEAM_MSG.noLimit}
          value={form.monthlyBudget}
          onChange={set('monthlyBudget')}
        />
        <div className="sm:col-span-2 lg:col-span-3">
          <Button type="submit" disabled={isLoading}>
            {isLoading ? TEAM_MSG.inviting : TEAM_MSG.invite}
          </Button>
          {error && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </form>
    </Panel>
  );
}

/** Team (My Account, account admins): the account's users, their roles and limits; invite, change, disable. */
function TeamScreen() {
  const { data, isLoading, isError, error } = useListTeamUsersQuery();
  return (
    <div>
      <Breadcrumb parent={{ to: '/account', label: 'My Account' }} current={TEAM_MSG.teamHeading} />
      <PageHeading title={TEAM_MSG.teamHeading} />
      {isLoading ? (
        <div className="flex justify-center py-12 text-brand-700">
          <Spinner label="Loading team" size="lg" />
        </div>
      ) : isError || !data ? (
        <p role="alert">{messageOf(error) ?? 'Unable to retrieve the team'}</p>
      ) : (
        <div className="space-y-6">
          <section aria-labelledby="team-users">
            <h2 id="team-users" className="sr-only">
              Users
            </h2>
            <ul className="space-y-4" aria-label="Users">
              {data.users.map((u) => (
                <TeamMember
                  key={`${u.id}-${u.role}-${u.orderLimit}-${u.monthlyBudget}`}
                  user={u}
                  currency={data.currencyCode}
                />
              ))}
            </ul>
          </section>
          <InviteForm currency={data.currencyCode} />
        </div>
      )}
    </div>
  );
}

/** For account admins only (RoleGate); anyone else at its address is told their role does not allow it. */
export function TeamPage() {
  return (
    <RoleGate needs="manageTeam">
      <TeamScreen />
    </RoleGate>
  );
}
