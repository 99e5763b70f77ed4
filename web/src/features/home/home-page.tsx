import { CUSTOMER_SERVICE_HOURS, ORDERING_ROLES, type TeamRole } from '@wholesale/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { OnStopBanner } from '../../components/on-stop-banner';
import { may, selectUser } from '../../lib/session';
import { useGetSettingsQuery } from '../../lib/settings-api';
import { useAppSelector } from '../../lib/store-types';
import { useGetNotificationQuery } from './home-api';

// The account at a glance loads after the home page, in a chunk of its own (its schemas with it).
const AccountGlance = lazy(() => import('./account-glance').then((m) => ({ default: m.AccountGlance })));

interface Tile {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  /** Only these team roles see the tile (the contract's list; absent: every role). */
  roles?: readonly TeamRole[];
}

const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.7,
  className: 'size-7',
  'aria-hidden': true,
} as const;

const TILES: Tile[] = [
  {
    to: '/account',
    title: 'My Account',
    description: 'Invoices, balances and online payment',
    icon: (
      <svg {...iconProps}>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M3 10h18M7 15h4" strokeLinecap="round" />
      </svg>
    ),
  },
  {
    to: '/details',
    title: 'My Details',
    description: 'Account details, statements and password',
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
      </svg>
    ),
  },
  {
    to: '/open-orders',
    title: 'Open Orders',
    description: 'Track, copy or cancel your orders',
    icon: (
      <svg {...iconProps}>
        <path d="M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10" strokeLinejoin="round" />
      </svg>
    ),
  },
  {
    to: '/products/search',
    title: 'Order Products',
    description: 'Search the range, check stock and add to basket',
    icon: (
      <svg {...iconProps}>
        <circle cx="11" cy="11" r="6" />
        <path d="M20 20l-4.5-4.5" strokeLinecap="round" />
      </svg>
    ),
  },
  {
    to: '/basket',
    roles: ORDERING_ROLES,
    title: 'View Basket',
    description: 'Review your basket and check out',
    icon: (
      <svg {...iconProps}>
        <path
          d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19.5" r="1.3" />
        <circle cx="17" cy="19.5" r="1.3" />
      </svg>
    ),
  },
];

function NotificationBanner() {
  const { data } = useGetNotificationQuery();
  if (!data?.showNotification || !data.notificationText) return null;
  return (
    <div
      role="region"
      aria-label="Notification"
      className="mb-6 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <p>
        <strong className="font-semibold">Notification:</strong> {data.notificationText}
      </p>
    </div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

export function HomePage() {
  const user = useAppSelector(selectUser);
  const { data: settings } = useGetSettingsQuery();

  const openOutOfStock = () => {
    if (settings) window.open(settings.outOfStockUrl, '_blank', 'noopener,noreferrer');
  };

  return (
    <div>
      <PageHeading title="Wholesale Portal">
        {user && <p className="text-slate-600">Welcome back, {user.name}</p>}
      </PageHeading>

      <OnStopBanner />
      <NotificationBanner />
      <Suspense fallback={null}>
        <AccountGlance />
      </Suspense>

      <nav aria-label="Portal areas">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {TILES.filter((tile) => !tile.roles || may(user, tile.roles)).map((tile) => (
            <li
              key={tile.to}
              className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-brand-100">
                {tile.icon}
              </span>
              <h2 className="mt-4 text-base font-semibold text-brand-900">
                {/* The link covers the whole tile; its name stays the tile title. */}
                <Link to={tile.to} className="after:absolute after:inset-0 focus:outline-none">
                  {tile.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-slate-600">{tile.description}</p>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Panel id="customer-service" title="Customer Service">
          <ul className="space-y-1 font-medium text-slate-900">
            {CUSTOMER_SERVICE_HOURS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {settings && (
            <p className="mt-3">
              Contact us at{' '}
              <a
                href={`mailto:${settings.supportEmail}`}
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                {settings.supportEmail}
              </a>
            </p>
          )}
          <p className="mt-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
            The Friday wholesale order cut-off is 14.00. Orders placed after 14.00 on Friday are sent the following
            Monday.
          </p>
        </Panel>

        <Panel id="out-of-stock" title="Out of Stock">
          <p>Download the current list of out-of-stock products and their expected return dates.</p>
          <Button className="mt-4" onClick={openOutOfStock} disabled={!settings}>
            Download Out of Stock List
            <span className="sr-only"> (opens in a new window)</span>
          </Button>
        </Panel>
      </div>
    </div>
  );
}
