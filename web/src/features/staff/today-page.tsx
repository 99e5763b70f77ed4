import type { StaffToday } from '@wholesale/contract/staff';
import type { ReactNode } from 'react';
import { PageHeading } from '../../components/page-heading';
import { Link } from '../../lib/router';
import { when } from './format';
import { StaffFrame, useStaff } from './staff-frame';
import { STAFF_MSG } from './staff-messages';
import { can } from './staff-session';
import { useGetStaffTodayQuery } from './today-api';
import { QueryState } from './ui';

export function StaffTodayPage() {
  return (
    <StaffFrame>
      <Today />
    </StaffFrame>
  );
}

function Tile({
  title,
  count,
  link,
  children,
}: {
  title: string;
  count: number;
  link: { to: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-medium text-slate-700">{title}</h2>
      <p className="mt-1 text-3xl font-semibold text-brand-900">{count}</p>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">{children}</ul>
      {link && (
        <Link to={link.to} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
          {link.label}
        </Link>
      )}
    </section>
  );
}

function Today() {
  const staff = useStaff();
  const { data, isLoading, error } = useGetStaffTodayQuery();
  return (
    <>
      <PageHeading title="Today" />
      <QueryState isLoading={isLoading} error={error} />
      {data && <Tiles t={data} admin={can.integration(staff.role)} />}
    </>
  );
}

function Tiles({ t, admin }: { t: StaffToday; admin: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Tile
        title="Orders placed today"
        count={t.ordersToday.count}
        link={{ to: `/staff/orders?from=${t.date}&to=${t.date}`, label: 'All of today’s orders' }}
      >
        {t.ordersToday.newest.map((o) => (
          <li key={o.orderNumber}>
            <Link className="text-brand-700 underline" to={`/staff/order?order=${encodeURIComponent(o.orderNumber)}`}>
              {o.orderNumber}
            </Link>{' '}
            {o.accountName} · {o.total} {o.currencyCode}
          </li>
        ))}
      </Tile>
      <Tile
        title="Orders waiting for card payment"
        count={t.ordersWaiting.count}
        link={{ to: '/staff/orders?status=Open', label: 'Open orders' }}
      >
        {t.ordersWaiting.newest.map((o) => (
          <li key={o.reference}>
            {o.reference} · {o.accountName} · {o.total} {o.currencyCode} · since {when(o.startedAt)}
          </li>
        ))}
      </Tile>
      <Tile
        title="Accounts on stop"
        count={t.accountsOnStop.count}
        link={{ to: '/staff/customers?onStop=true', label: 'All accounts on stop' }}
      >
        {t.accountsOnStop.newest.map((a) => (
          <li key={a.customerNumber}>
            <Link
              className="text-brand-700 underline"
              to={`/staff/customer?customer=${encodeURIComponent(a.customerNumber)}`}
            >
              {a.name}
            </Link>{' '}
            · balance {a.balance}
          </li>
        ))}
      </Tile>
      <Tile
        title="Failed webhook deliveries"
        count={t.failedWebhooks.count}
        link={admin ? { to: '/staff/integration', label: 'Webhook endpoints and their logs' } : null}
      >
        {t.failedWebhooks.newest.map((w) => (
          <li key={w.deliveryId}>
            {admin ? (
              <Link
                className="text-brand-700 underline"
                to={`/staff/integration?endpoint=${w.endpointId}&status=failed`}
              >
                {w.eventType}
              </Link>
            ) : (
              w.eventType
            )}{' '}
            to {w.url} · {w.lastStatus ?? 'no answer'} · {when(w.at)}
          </li>
        ))}
      </Tile>
      <Tile
        title="Failed emails"
        count={t.failedEmails.count}
        link={admin ? { to: '/staff/audit', label: 'The audit log' } : null}
      >
        {t.failedEmails.newest.map((m) => (
          <li key={m.id}>
            {m.kind} · {m.attempts} attempts · {m.lastError ?? m.status} · {when(m.at)}
          </li>
        ))}
        {t.failedEmails.count === 0 && <li>{STAFF_MSG.none}</li>}
      </Tile>
    </div>
  );
}
