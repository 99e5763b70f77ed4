import { z } from 'zod';
import { errorResponse } from '../common.js';
import { withDetails } from '../endpoints.js';
import { STAFF_SETUP_LINK_TTL_HOURS } from '../limits.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX, staffEmail, staffMember, staffRole, staffUsername } from './common.js';

const P = `${STAFF_PREFIX}/staff-users`;

export const createStaffUserRequest = z.lazy(() =>
  z.object({
    username: staffUsername,
    email: staffEmail,
    role: staffRole,
    canOrderOnBehalf: z.boolean().default(false),
  }),
);

export const createStaffUserResponse = z.lazy(() =>
  z.object({
    staff: staffMember,
    setupLink: z.string().describe(`One-time, ${STAFF_SETUP_LINK_TTL_HOURS} hours; shown this once`),
    expiresAt: z.string(),
    emailed: z.boolean().describe('The link was also emailed to the staff member'),
  }),
);

export const staffUsernameParams = z.lazy(() => z.object({ username: z.string().trim().min(1).max(40) }));
export const setStaffRoleRequest = z.lazy(() => z.object({ role: staffRole }));
export const staffMemberList = z.lazy(() => z.array(staffMember));

const tags = ['staff: staff users'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse } as const;

/** The back office's own people: admins only (the CLI's `staff create|list|disable` call the same service). */
export const staffUserRoutes = /* @__PURE__ */ routeTable({
  listStaffUsers: { method: 'GET', path: P, access: staff('admin') },
  createStaffUser: { method: 'POST', path: P, access: staff('admin') },
  setStaffUserRole: { method: 'PUT', path: `${P}/:username/role`, access: staff('admin') },
  disableStaffUser: { method: 'POST', path: `${P}/:username/disable`, access: staff('admin') },
});

export const staffUserEndpoints = /* @__PURE__ */ withDetails(staffUserRoutes, {
  listStaffUsers: {
    tags,
    summary: 'Every staff member with role, enrolment, lock and disabled state',
    response: { 200: staffMemberList, ...errors },
  },
  createStaffUser: {
    tags,
    summary: 'A new staff member: answers the one-time set-up link (also emailed)',
    body: createStaffUserRequest,
    response: { 201: createStaffUserResponse, ...errors, 409: errorResponse },
  },
  setStaffUserRole: {
    tags,
    summary: "Change a staff member's role; their sessions end",
    params: staffUsernameParams,
    body: setStaffRoleRequest,
    response: { 200: staffMember, ...errors, 404: errorResponse },
  },
  disableStaffUser: {
    tags,
    summary: 'Disable a staff member; their sessions end',
    params: staffUsernameParams,
    response: { 200: staffMember, ...errors, 404: errorResponse },
  },
});
