import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Provider } from 'react-redux';
import { Navigate, NavLink, useLocation } from '../../lib/router';
import { cx } from '../../lib/cx';
import { staffStore, useStaffDispatch, useStaffSelector } from './staff-store';
import { STAFF_ROLE_LABELS } from '@wholesale/contract/staff';
import { useStaffLogoutMutation } from './auth-api';
import { can, staffSignedOut, type StaffMember, type StaffRole } from './staff-session';
import { STAFF_MSG } from './staff-messages';

/** The signed-in staff member (every screen inside StaffFrame has one). */
export function useStaff(): StaffMember {
  const staff = useStaffSelector((s) => s.staffSession.staff);
  if (!staff) throw new Error('useStaff outside a signed-in staff screen');
  return staff;
}

const NAV: { to: string; label: string; allowed?: (r: StaffRole) => boolean }[] = [
  { to: '/staff', label: 'Today' },
  { to: '/staff/customers', label: 'Customers' },
  { to: '/staff/users', label: 'Users' },
  { to: '/staff/orders', label: 'Orders' },
  { to: '/staff/settings', label: 'Settings', allowed: can.settings },
  { to: '/staff/integration', label: 'Integration', allowed: can.integration },
  { to: '/staff/audit', label: 'Audit', allowed: can.audit },
  { to: '/staff/staff-users', label: 'Staff', allowed: can.staffUsers },
];

/**
 * Every back-office screen: the staff store, the back office's own header and navigation (never the
 * buyer's), and the sign-in guard. `open` screens (the sign-in) need no session.
 */
export function StaffFrame({ children, open = false }: { children: ReactNode; open?: boolean }) {
  return (
    <Provider store={staffStore()}>
      <StaffLayout open={open}>{children}</StaffLayout>
    </Provider>
  );
}

function StaffLayout({ children, open }: { children: ReactNode; open: boolean }) {
  const staff = useStaffSelector((s) => s.staffSession.staff);
  const location = useLocation();
  if (!open && !staff) {
    return <Navigate to="/staff/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 focus:not-sr-only focus:absolute focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
          <p className="text-lg font-semibold">{STAFF_MSG.appName}</p>
          {staff && <StaffWho staff={staff} />}
        </div>
        {staff && (
          <nav aria-label="Back office" className="border-t border-slate-700">
            <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-2 py-1 sm:px-6 lg:px-8">
              {NAV.filter((n) => !n.allowed || n.allowed(staff.role)).map((n) => (
                <li key={n.to}>
                  <NavLink
                    to={n.to}
                    end={n.to === '/staff'}
                    className={({ isActive }) =>
                      cx(
                        'block rounded-md px-3 py-2 text-sm font-medium',
                        isActive ? 'bg-white text-slate-900' : 'text-slate-100 hover:bg-slate-700',
                      )
                    }
                  >
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
      >
        <ErrorBoundary
          resetKeys={[location.pathname, location.search]}
          fallbackRender={() => <p role="alert">{STAFF_MSG.screenFailed}</p>}
        >
          {children}
        </ErrorBoundary>
      </main>
    </div>
  );
}

function StaffWho({ staff }: { staff: StaffMember }) {
  const dispatch = useStaffDispatch();
  const [logout] = useStaffLogoutMutation();
  return (
    <div className="flex items-center gap-3 text-sm">
      <span>
        {staff.username} · {STAFF_ROLE_LABELS[staff.role]}
      </span>
      <button
        type="button"
        className="rounded-md border border-slate-500 px-3 py-1.5 font-medium hover:bg-slate-700"
        // The session ends here whatever the server answers (it may have ended already).
        onClick={() => void logout().finally(() => dispatch(staffSignedOut()))}
      >
        Sign out
      </button>
    </div>
  );
}
