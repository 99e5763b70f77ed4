import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { Link, useSearchParams } from '../../lib/router';
import type { CustomerDetail, ValueSourceInfo } from '@wholesale/contract/staff';
import { useGetCustomerQuery, useUpdateCustomerCreditMutation } from './customers-api';
import { money, when } from './format';
import { StaffFrame, useStaff } from './staff-frame';
import { STAFF_MSG } from './staff-messages';
import { can } from './staff-session';
import { Facts, Outcome, QueryState } from './ui';

export function StaffCustomerPage() {
  return (
    <StaffFrame>
      <Customer />
    </StaffFrame>
  );
}

function Customer() {
  const [params] = useSearchParams();
  const customerNumber = params.get('customer') ?? '';
  const { data, isLoading, error } = useGetCustomerQuery(customerNumber, { skip: !customerNumber });
  return (
    <>
      <PageHeading title={data ? `${data.name} (${data.customerNumber})` : 'Customer'}>
        <Link to="/staff/customers" className="text-sm text-brand-700 underline">
          All customers
        </Link>
      </PageHeading>
      <QueryState isLoading={isLoading} error={error} />
      {data && <CustomerBody c={data} />}
    </>
  );
}

const BUCKET_LABELS: Record<string, string> = {
  current: 'Current',
  '1-30': '1-30 days overdue',
  '31-60': '31-60 days overdue',
  '61-90': '61-90 days overdue',
  'over-90': 'Over 90 days overdue',
};

/** "Set by the ERP on dd/mm/yyyy" beside a value the ERP owns. */
function Source({ info }: { info: ValueSourceInfo }) {
  if (info.source !== 'erp') return null;
  return (
    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      From the ERP{info.changedAt ? ` (${when(info.changedAt)})` : ''}
    </span>
  );
}

function CustomerBody({ c }: { c: CustomerDetail }) {
  const staff = useStaff();
  const a = c.address;
  const fromErp = c.creditLimitSource.source === 'erp' || c.onStopSource.source === 'erp';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title="Details">
        <div className="mt-3">
          <Facts
            items={[
              ['Account', c.customerNumber],
              ['Contact', c.contact],
              ['Email', c.email],
              ['Phone', c.phoneNumber],
              ['Address', [a.address1, a.address2, a.city, a.county, a.postcode, a.country].filter(Boolean).join(', ')],
              ['Currency', c.currency],
              ['Payment', c.proforma ? 'Proforma (pays by card before despatch)' : 'On account'],
              ['Account disabled', c.disabled ? 'Yes' : 'No'],
            ]}
          />
        </div>
      </Panel>
      <Panel title="Credit">
        <div className="mt-3 space-y-3">
          <Facts
            items={[
              ['Balance', money(c.credit.balance, c.currency)],
              [
                'Credit limit',
                <>
                  {money(c.creditLimit, c.currency)}
                  <Source info={c.creditLimitSource} />
                </>,
              ],
              [
                'Available credit',
                c.credit.availableCredit === null ? 'No limit set' : money(c.credit.availableCredit, c.currency),
              ],
              [
                'On stop',
                <>
                  {c.onStop ? 'Yes' : 'No'}
                  <Source info={c.onStopSource} />
                </>,
              ],
              ...c.credit.buckets.map((b): [string, string] => [
                BUCKET_LABELS[b.key] ?? b.key,
                money(b.total, c.currency),
              ]),
            ]}
          />
          {fromErp && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{STAFF_MSG.fromErp}</p>}
          {can.editCredit(staff.role) && <CreditForm c={c} />}
        </div>
      </Panel>
      <Panel title="Delivery addresses">
        <ul className="mt-3 space-y-2 text-sm">
          {c.deliveryAddresses.map((d) => (
            <li key={d.reference}>
              <span className="font-medium">{d.name || d.reference}</span>:{' '}
              {[d.address1, d.address2, d.city, d.county, d.postcode].filter(Boolean).join(', ')}
            </li>
          ))}
          {c.deliveryAddresses.length === 0 && <li>{STAFF_MSG.none}</li>}
        </ul>
      </Panel>
      <Panel title="Users">
        <ul className="mt-3 space-y-2 text-sm">
          {c.users.map((u) => (
            <li key={u.id}>
              <Link className="font-medium text-brand-700 underline" to={`/staff/user?id=${u.id}`}>
                {u.name || u.username}
              </Link>{' '}
              ({u.username}
              {u.email ? `, ${u.email}` : ''}){u.disabled ? ' · disabled' : ''}
              {u.passwordSet ? '' : ' · invited'}
            </li>
          ))}
          {c.users.length === 0 && <li>{STAFF_MSG.none}</li>}
        </ul>
        {can.manageUsers(staff.role) && (
          <Link
            className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
            to={`/staff/users?customer=${encodeURIComponent(c.customerNumber)}`}
          >
            Add a user to this account
          </Link>
        )}
      </Panel>
      <Panel title="Recent orders">
        <ul className="mt-3 space-y-2 text-sm">
          {c.recentOrders.map((o) => (
            <li key={o.orderNumber}>
              <Link
                className="font-medium text-brand-700 underline"
                to={`/staff/order?order=${encodeURIComponent(o.orderNumber)}`}
              >
                {o.orderNumber}
              </Link>{' '}
              · {when(o.orderedDate)} · {o.status} · {money(o.total, c.currency)}
            </li>
          ))}
          {c.recentOrders.length === 0 && <li>{STAFF_MSG.none}</li>}
        </ul>
        <Link
          className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
          to={`/staff/orders?customerNumber=${encodeURIComponent(c.customerNumber)}`}
        >
          All this account’s orders
        </Link>
      </Panel>
      <Panel title="Recent invoices">
        <ul className="mt-3 space-y-2 text-sm">
          {c.recentInvoices.map((i) => (
            <li key={i.documentNumber}>
              {i.documentType} {i.documentNumber} · {when(i.postingDate)} · {money(i.total, c.currency)} · remaining{' '}
              {money(i.remaining, c.currency)}
            </li>
          ))}
          {c.recentInvoices.length === 0 && <li>{STAFF_MSG.none}</li>}
        </ul>
      </Panel>
    </div>
  );
}

function CreditForm({ c }: { c: CustomerDetail }) {
  const [limit, setLimit] = useState(c.creditLimit.toFixed(2));
  const [onStop, setOnStop] = useState(c.onStop);
  const [update, { isLoading, error, isSuccess, reset }] = useUpdateCustomerCreditMutation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset();
    void update({ customerNumber: c.customerNumber, creditLimit: limit, onStop });
  };
  return (
    <form onSubmit={submit} className="space-y-3 border-t border-slate-200 pt-3" noValidate>
      <h3 className="font-semibold text-slate-900">Change credit</h3>
      <TextField label="Credit limit" inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={onStop} onChange={(e) => setOnStop(e.target.checked)} />
        Account on stop
      </label>
      <Outcome error={error} success={isSuccess ? 'Credit saved.' : undefined} />
      <Button type="submit" disabled={isLoading}>
        Save credit
      </Button>
    </form>
  );
}
