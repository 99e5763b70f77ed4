import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageHeading } from '../../components/page-heading';
import { useLocation } from '../../lib/router';
import { StaffFrame } from './staff-frame';
import { STAFF_MSG } from './staff-messages';

const screen = <M,>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

/**
 * The back office's route table: every screen under /staff, each its own staff-*.js chunk. The
 * buyer's router has one row for all of them ('/staff', app/router.tsx), so the buyer's entry carries
 * none of their imports. e2e/tests/a11y.spec.ts reads this table as it reads the buyer's.
 */
export const STAFF_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/staff/login': screen(() => import('./login-page'), 'StaffLoginPage'),
  '/staff/set-up': screen(() => import('./set-up-page'), 'StaffSetUpPage'),
  '/staff': screen(() => import('./today-page'), 'StaffTodayPage'),
  '/staff/customers': screen(() => import('./customers-page'), 'StaffCustomersPage'),
  '/staff/customer': screen(() => import('./customer-page'), 'StaffCustomerPage'),
  '/staff/users': screen(() => import('./users-page'), 'StaffUsersPage'),
  '/staff/user': screen(() => import('./user-page'), 'StaffUserPage'),
  '/staff/orders': screen(() => import('./orders-page'), 'StaffOrdersPage'),
  '/staff/order': screen(() => import('./order-page'), 'StaffOrderPage'),
  '/staff/settings': screen(() => import('./settings-page'), 'StaffSettingsPage'),
  '/staff/integration': screen(() => import('./integration-page'), 'StaffIntegrationPage'),
  '/staff/audit': screen(() => import('./audit-page'), 'StaffAuditPage'),
  '/staff/staff-users': screen(() => import('./staff-members-page'), 'StaffMembersPage'),
};

export function StaffApp() {
  const { pathname } = useLocation();
  const Screen = STAFF_SCREENS[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
  return (
    <Suspense fallback={<p className="p-6 text-slate-700">{STAFF_MSG.loading}</p>}>
      {Screen ? <Screen /> : <StaffNotFound />}
    </Suspense>
  );
}

function StaffNotFound() {
  return (
    <StaffFrame>
      <PageHeading title="Page not found" />
      <p>There is no such back-office screen.</p>
    </StaffFrame>
  );
}
