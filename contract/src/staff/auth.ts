import { z } from 'zod';
import { errorResponse } from '../common.js';
import { newPassword } from '../auth.js';
import { MSG } from '../messages.js';
import { STAFF_CHALLENGE_MINUTES, STAFF_FACTOR_LOCK_MINUTES, STAFF_FACTOR_MAX_FAILURES } from '../limits.js';
import { withDetails } from '../endpoints.js';
import { publicAccess, routeTable, staff } from '../routes.js';
import { STAFF_PREFIX, staffMember, staffOk } from './common.js';

const P = `${STAFF_PREFIX}/auth`;

export const staffLoginRequest = z.lazy(() =>
  z.object({
    username: z.string().trim().min(1, MSG.required).max(100),
    password: z.string().min(1, MSG.required).max(200),
  }),
);
export type StaffLoginRequest = z.infer<typeof staffLoginRequest>;

/** After the password: enrol the authenticator app (first sign-in) or enter a code. */
export const staffLoginResponse = z.lazy(() =>
  z.discriminatedUnion('step', [
    z.object({
      step: z.literal('enrol'),
      challenge: z.string().describe(`Send it back with the code, within ${STAFF_CHALLENGE_MINUTES} minutes`),
      secret: z.string().describe('The TOTP secret (base32), shown this once for typing into the app'),
      otpauthUrl: z.string(),
      qrCode: z.string().describe('The otpauth URL as a QR code (a PNG data URL)'),
    }),
    z.object({
      step: z.literal('code'),
      challenge: z.string().describe(`Send it back with the code, within ${STAFF_CHALLENGE_MINUTES} minutes`),
    }),
  ]),
);
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

export const staffFactorRequest = z.lazy(() =>
  z.object({
    challenge: z.string().min(10).max(2000),
    code: z
      .string()
      .trim()
      .min(1, MSG.required)
      .max(40)
      .describe('6 digits from the authenticator app, or (second factor only) an unused recovery code'),
  }),
);
export type StaffFactorRequest = z.infer<typeof staffFactorRequest>;

export const staffSession = z.lazy(() =>
  z.object({
    token: z.string().describe('Bearer token for /api/staff; refused everywhere else'),
    expiresAt: z.string().describe('Unless used before then (idle timeout), or the absolute limit comes first'),
    staff: staffMember,
  }),
);
export type StaffSession = z.infer<typeof staffSession>;

export const staffEnrolResponse = z.lazy(() =>
  z.object({
    ...staffSession.unwrap().shape,
    recoveryCodes: z.array(z.string()).describe('Each works once instead of a code; shown this once'),
  }),
);
export type StaffEnrolResponse = z.infer<typeof staffEnrolResponse>;

export const staffSetupParams = z.lazy(() => z.object({ token: z.string().min(10).max(200) }));
export const staffSetupLinkResponse = z.lazy(() => z.object({ username: z.string(), expiresAt: z.string() }));
export const staffSetupRequest = z.lazy(() =>
  z
    .object({
      token: z.string().min(10).max(200),
      newPassword: z.string().min(1, MSG.required).pipe(newPassword),
      confirmPassword: z.string().max(200),
    })
    .refine((v) => v.confirmPassword === v.newPassword, { message: MSG.passwordsMustMatch, path: ['confirmPassword'] }),
);
export type StaffSetupRequest = z.infer<typeof staffSetupRequest>;

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorResponse]));
const tags = ['staff: sign-in'];

export const staffAuthRoutes = /* @__PURE__ */ routeTable({
  staffLogin: {
    method: 'POST',
    path: `${P}/login`,
    access: publicAccess('it starts a staff sign-in: username and password, throttled as the customer login'),
  },
  enrolStaffFactor: {
    method: 'POST',
    path: `${P}/enrol`,
    access: publicAccess("the login's short-lived signed challenge is the key; wrong codes lock the login"),
  },
  verifyStaffFactor: {
    method: 'POST',
    path: `${P}/second-factor`,
    access: publicAccess("the login's short-lived signed challenge is the key; wrong codes lock the login"),
  },
  describeStaffSetupLink: {
    method: 'GET',
    path: `${P}/set-up/:token`,
    access: publicAccess('the one-time set-up link in the path is the key, throttled'),
  },
  setUpStaffPassword: {
    method: 'POST',
    path: `${P}/set-up`,
    access: publicAccess('the one-time set-up link in the body is the key, throttled'),
  },
  staffLogout: { method: 'POST', path: `${P}/logout`, access: staff('read_only') },
  getStaffMe: { method: 'GET', path: `${P}/me`, access: staff('read_only') },
});

export const staffAuthEndpoints = /* @__PURE__ */ withDetails(staffAuthRoutes, {
  staffLogin: {
    tags,
    summary: 'Staff sign-in, first step: username and password',
    description: `Answers the next step: enrol (first sign-in: the TOTP secret and its QR code, shown this once) or code. ${STAFF_FACTOR_MAX_FAILURES} wrong codes in a row lock the login for ${STAFF_FACTOR_LOCK_MINUTES} minutes.`,
    body: staffLoginRequest,
    response: { 200: staffLoginResponse, ...errors(400, 401, 423, 429) },
  },
  enrolStaffFactor: {
    tags,
    summary: 'First sign-in: confirm the authenticator app with a code; answers the session and recovery codes once',
    body: staffFactorRequest,
    response: { 200: staffEnrolResponse, ...errors(400, 401, 409, 423, 429) },
  },
  verifyStaffFactor: {
    tags,
    summary: 'Staff sign-in, second step: a code from the authenticator app or a recovery code (each works once)',
    body: staffFactorRequest,
    response: { 200: staffSession, ...errors(400, 401, 409, 423, 429) },
  },
  describeStaffSetupLink: {
    tags,
    summary: 'Whose password a set-up link sets (the link works once)',
    params: staffSetupParams,
    response: { 200: staffSetupLinkResponse, ...errors(400, 410, 429) },
  },
  setUpStaffPassword: {
    tags,
    summary: "Set a new staff member's password from the set-up link; ends any session",
    body: staffSetupRequest,
    response: { 200: staffOk, ...errors(400, 410, 429) },
  },
  staffLogout: {
    tags,
    summary: 'End this staff session',
    response: { 200: staffOk, ...errors(401, 403) },
  },
  getStaffMe: {
    tags,
    summary: 'The signed-in staff member',
    response: { 200: staffMember, ...errors(401, 403) },
  },
});
