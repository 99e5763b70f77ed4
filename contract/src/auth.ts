import { z } from 'zod';
import { TEAM_ROLES } from './team-roles.js';
import { MSG } from './messages.js';
import {
  CURRENCIES,
  FIELD_LIMITS,
  INPUT_LIMITS,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX,
  USERNAME_PATTERN,
} from './limits.js';
import { address, money, textBoolean } from './common.js';

export const loginRequest = z.lazy(() =>
  z.object({
    username: z.string().trim().min(1, MSG.required).max(INPUT_LIMITS.shortText),
    password: z.string().min(1, MSG.required).max(INPUT_LIMITS.password),
  }),
);
export type LoginRequest = z.infer<typeof loginRequest>;

export const deliveryAddress = z.lazy(() => z.object({ reference: z.string(), ...address.unwrap().shape }));
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

export const statement = z.lazy(() => z.object({ name: z.string(), filename: z.string() }));
export type Statement = z.infer<typeof statement>;

/** The logged-in user as the spec's section 3 lists it (account fields plus the login's own). */
export const user = z.lazy(() =>
  z.object({
    username: z.string(),
    name: z.string(),
    jobTitle: z.string(),
    customerNumber: z.string(),
    contact: z.string(),
    currencyCode: z.enum(CURRENCIES),
    currencySymbol: z.string(),
    country: z.string(),
    address1: z.string(),
    city: z.string(),
    county: z.string(),
    postcode: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    faxNumber: z.string(),
    creditLimit: money,
    balance: money,
    onStop: textBoolean,
    isProforma: z.boolean(),
    deliveryAddresses: z.array(deliveryAddress),
    statements: z.array(statement),
    role: z
      .enum(TEAM_ROLES)
      .optional()
      .describe("The user's role within the account (team accounts; always sent by this server)"),
  }),
);
export type User = z.infer<typeof user>;

export const authResponse = z.lazy(() =>
  z.object({
    accessToken: z.string(),
    refreshToken: z.string(),
    user,
  }),
);
export type AuthResponse = z.infer<typeof authResponse>;

export const refreshTokenParams = z.lazy(() =>
  z.object({ token: z.string().min(INPUT_LIMITS.tokenMin).max(INPUT_LIMITS.token) }),
);

/** A customer login's name, one rule wherever one is created (the staff back office, the admin CLI). */
export const USERNAME_RULE_MESSAGE = 'A username may contain letters, digits and . _ @ - only';
export const customerUsername = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(USERNAME_MAX, MSG.maxCharacters(USERNAME_MAX))
    .regex(USERNAME_PATTERN, USERNAME_RULE_MESSAGE),
);

/** Password rules for a new password: long enough and not trivially simple. */
export const PASSWORD_RULE_MESSAGE = `Use at least ${PASSWORD_MIN_LENGTH} characters, with a letter and a number`;
export const newPassword = z.lazy(() =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE)
    .max(INPUT_LIMITS.password, `Use at most ${INPUT_LIMITS.password} characters`)
    .regex(/[A-Za-z]/, PASSWORD_RULE_MESSAGE)
    .regex(/\d/, PASSWORD_RULE_MESSAGE),
);

export const changePasswordRequest = z.lazy(() =>
  z
    .object({
      oldPassword: z.string().min(1, MSG.required).max(INPUT_LIMITS.password),
      newPassword: z.string().min(1, MSG.required).pipe(newPassword),
      confirmPassword: z.string().max(INPUT_LIMITS.password),
    })
    .refine((v) => v.confirmPassword === v.newPassword, {
      message: MSG.passwordsMustMatch,
      path: ['confirmPassword'],
    }),
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** A set-password link's token (`/set-password?token=`): what PUT .../users answered for a new user. */
/** How long a set-password link (a user the ERP created) stays usable. */
export const SET_PASSWORD_LINK_TTL_HOURS = 72;

export const setPasswordTokenParams = z.lazy(() =>
  z.object({ token: z.string().min(INPUT_LIMITS.tokenMin).max(INPUT_LIMITS.token) }),
);

/** GET /auth/set-password/{token}: whose password the link sets (shown on the page). */
export const setPasswordLinkResponse = z.lazy(() => z.object({ username: z.string(), expiresAt: z.string() }));
export type SetPasswordLinkResponse = z.infer<typeof setPasswordLinkResponse>;

/** POST /auth/set-password: the same password rules and messages as Change password. */
export const setPasswordRequest = z.lazy(() =>
  z
    .object({
      token: z.string().min(INPUT_LIMITS.tokenMin).max(INPUT_LIMITS.token),
      newPassword: z.string().min(1, MSG.required).pipe(newPassword),
      confirmPassword: z.string().max(INPUT_LIMITS.password),
    })
    .refine((v) => v.confirmPassword === v.newPassword, {
      message: MSG.passwordsMustMatch,
      path: ['confirmPassword'],
    }),
);
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;
export const setPasswordResponse = z.lazy(() => z.object({ ok: z.literal(true), username: z.string() }));

export { FIELD_LIMITS };
