import { z } from 'zod';
import { errorResponse } from '../common.js';
import { withDetails } from '../endpoints.js';
import { STAFF_SETUP_LINK_TTL_HOURS } from '../limits.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX, staffEmail, staffMember, staffRole, staffUsername } from './common.js';
import { STAFF_MSG } from './messages.js';

const P = `${STAFF_PREFIX}/staff-users`;

export const createStaffUserRequest = z.lazy(() =>
  z.object({
    username: staffUsername,
    email: staffEmail,
    role: staffRole,
    canOrderOnBehalf: z.boolean({ error: STAFF_MSG.orderOnBehalfFormat }).default(false),
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
/** A staff member as the admins' list shows one: with when they last signed in. */
export const staffUserRow = z.lazy(() =>
  staffMember.unwrap().extend({
    lastSignInAt: z.string().nullable().describe('When they last signed in (null: never)'),
  }),
);
export type StaffUserRow = z.infer<typeof staffUserRow>;
export const staffMemberList = z.lazy(() => z.array(staffUserRow));
export type CreateStaffUserRequest = z.input<typeof createStaffUserRequest>;
export type CreateStaffUserResponse = z.infer<typeof createStaffUserResponse>;

const tags = ['staff: staff users'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse } as const;

/**
 * The back office's own people: admins only (the CLI's `staff create|list|disable|enable` call the same
 * service). The back office always keeps an active admin, and nobody changes their own role or status.
 */
export const staffUserRoutes = /* @__PURE__ */ routeTable({
  listStaffUsers: { method: 'GET', path: P, access: staff('admin') },
  createStaffUser: { method: 'POST', path: P, access: staff('admin') },
  setStaffUserRole: { method: 'PUT', path: `${P}/:username/role`, access: staff('admin') },
  disableStaffUser: { method: 'POST', path: `${P}/:username/disable`, access: staff('admin') },
  enableStaffUser: { method: 'POST', path: `${P}/:username/enable`, access: staff('admin') },
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
    description: 'Never your own role, and never the last active admin (409).',
    params: staffUsernameParams,
    body: setStaffRoleRequest,
    response: { 200: staffMember, ...errors, 404: errorResponse, 409: errorResponse },
  },
  disableStaffUser: {
    tags,
    summary: 'Disable a staff member; their sessions end',
    description: 'Never yourself, and never the last active admin (409).',
    params: staffUsernameParams,
    response: { 200: staffMember, ...errors, 404: errorResponse, 409: errorResponse },
  },
  enableStaffUser: {
    tags,
    summary: 'Enable a disabled staff member again (with the password and authenticator they had)',
    params: staffUsernameParams,
    response: { 200: staffMember, ...errors, 404: errorResponse, 409: errorResponse },
  },
});
