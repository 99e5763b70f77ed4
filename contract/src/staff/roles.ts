/**
 * Staff roles and how they nest, in this one place. A staff route names the least role that may
 * call it (`staff('customer_service')`); `staffRoleAllows(held, needed)` is the only check.
 *
 * - admin: everything, including staff users, API clients and settings.
 * - customer_service: customers, users, orders, view as customer; and everything read_only may.
 * - finance: accounts' credit limit and on-stop, invoices, payments; and everything read_only may.
 * - read_only: reads.
 *
 * customer_service and finance are siblings: neither holds the other's powers.
 */
export const STAFF_ROLES = ['admin', 'customer_service', 'finance', 'read_only'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles that hold each role's powers (the role itself included). */
const HOLDERS: { readonly [R in StaffRole]: readonly StaffRole[] } = {
  admin: ['admin'],
  customer_service: ['admin', 'customer_service'],
  finance: ['admin', 'finance'],
  read_only: ['admin', 'customer_service', 'finance', 'read_only'],
};

/** Whether a staff member holding `held` may call a route that needs `needed`. */
export const staffRoleAllows = (held: StaffRole, needed: StaffRole): boolean => HOLDERS[needed].includes(held);

/** What a role is called on screen and in the audit log. */
export const STAFF_ROLE_LABELS: { readonly [R in StaffRole]: string } = {
  admin: 'Admin',
  customer_service: 'Customer service',
  finance: 'Finance',
  read_only: 'Read-only',
};
