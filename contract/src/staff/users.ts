import { z } from 'zod';
import { errorResponse } from '../common.js';
import { withDetails } from '../endpoints.js';
import { MSG } from '../messages.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX } from './common.js';
import { customerParams } from './customers.js';
import { customerUsername } from '../auth.js';
import { BACK_OFFICE_MSG } from './back-office-messages.js';

/**
 * The staff back office's customer users (the buyers' logins): create with an invitation, disable,
 * enable, send a password reset, unlock a login locked by failed attempts, end every session.
 */

export const customerUserParams = z.lazy(() =>
  z.object({
    userId: z
      .string()
      .regex(/^\d{1,10}$/, BACK_OFFICE_MSG.userNotFound)
      .transform(Number),
  }),
);

export const createCustomerUserRequest = z.lazy(() =>
  z.object({
    username: customerUsername,
    name: z.string().trim().min(1, MSG.required).max(50, MSG.maxCharacters(50)),
    email: z
      .string()
      .trim()
      .max(100, MSG.maxCharacters(100))
      .pipe(z.union([z.literal(''), z.email(BACK_OFFICE_MSG.emailFormat)]))
      .default('')
      .describe('Where the invitation goes; empty: the answer carries the set-password link to hand over'),
    jobTitle: z.string().trim().max(50, MSG.maxCharacters(50)).default(''),
  }),
);
export type CreateCustomerUserRequest = z.input<typeof createCustomerUserRequest>;

export const customerUserDetail = z.lazy(() =>
  z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    jobTitle: z.string(),
    customerNumber: z.string(),
    accountName: z.string(),
    disabled: z.boolean(),
    passwordSet: z.boolean(),
    lockedOut: z.boolean().describe('Failed log-ins have locked the username for a while (unlockCustomerUser ends it)'),
    createdAt: z.string(),
    passwordChangedAt: z.string(),
  }),
);
export type CustomerUserDetail = z.infer<typeof customerUserDetail>;

export const createCustomerUserResponse = z.lazy(() =>
  z.object({
    user: customerUserDetail,
    invitation: z.object({
      emailed: z.boolean().describe('True: the invitation is in the outbox, to the user’s email'),
      link: z
        .string()
        .nullable()
        .describe('The set-password link, only when it was not emailed (no address, or email is off)'),
      expiresAt: z.string(),
    }),
  }),
);
export type CreateCustomerUserResponse = z.infer<typeof createCustomerUserResponse>;

/** What a user action did, with the user as it is now. */
export const customerUserActionResponse = z.lazy(() =>
  z.object({
    user: customerUserDetail,
    message: z.string().describe('What was done, in words for the screen'),
  }),
);
export type CustomerUserActionResponse = z.infer<typeof customerUserActionResponse>;

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorResponse]));
const U = `${STAFF_PREFIX}/users/:userId`;
const action = (path: string) => ({ method: 'POST', path: `${U}/${path}`, access: staff('customer_service') }) as const;

export const staffCustomerUsersRoutes = /* @__PURE__ */ routeTable({
  getCustomerUser: { method: 'GET', path: U, access: staff('read_only') },
  createCustomerUser: {
    method: 'POST',
    path: `${STAFF_PREFIX}/customers/:customerNumber/users`,
    access: staff('customer_service'),
  },
  disableCustomerUser: action('disable'),
  enableCustomerUser: action('enable'),
  sendCustomerUserPasswordReset: action('password-reset'),
  unlockCustomerUser: action('unlock'),
  endCustomerUserSessions: action('end-sessions'),
});

const userAction = (summary: string, description?: string) =>
  ({
    tags: ['staff: customer users'],
    summary,
    ...(description ? { description } : {}),
    params: customerUserParams,
    response: { 200: customerUserActionResponse, ...errors(400, 401, 403, 404, 409) },
  }) as const;

export const staffCustomerUsersEndpoints = /* @__PURE__ */ withDetails(staffCustomerUsersRoutes, {
  getCustomerUser: {
    tags: ['staff: customer users'],
    summary: 'A customer user: account, state, whether failed log-ins have locked the username',
    params: customerUserParams,
    response: { 200: customerUserDetail, ...errors(400, 401, 403, 404) },
  },
  createCustomerUser: {
    tags: ['staff: customer users'],
    summary: 'Create a login on an account; it gets an invitation email with a set-password link when email is on',
    params: customerParams,
    body: createCustomerUserRequest,
    response: { 200: createCustomerUserResponse, ...errors(400, 401, 403, 404, 409) },
  },
  disableCustomerUser: userAction('Disable a user: they cannot log in and every session of theirs ends at once'),
  enableCustomerUser: userAction('Enable a disabled user again'),
  sendCustomerUserPasswordReset: userAction(
    'Email the user a one-time link to set a new password (the forgotten-password email)',
    'Refused (409) for a disabled user or one with no email address.',
  ),
  unlockCustomerUser: userAction('Clear the failed log-ins that locked the username, so the user can log in at once'),
  endCustomerUserSessions: userAction('End every session of the user (they must log in again)'),
});
