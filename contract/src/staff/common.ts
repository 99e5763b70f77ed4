import { z } from 'zod';
import { STAFF_ROLES } from './roles.js';
import { STAFF_MSG } from './messages.js';

/** Every staff route lives under this prefix (server/src/modules/staff). */
export const STAFF_PREFIX = '/api/staff';

/** The staff API's bearer tokens start with this, so every other surface can say what it got. */
export const STAFF_TOKEN_PREFIX = 'wst_';

export const staffRole = z.lazy(() =>
  z.enum(STAFF_ROLES, { error: STAFF_MSG.roleFormat }).describe('admin, customer_service, finance or read_only'),
);

/** A staff username's one rule (the API and the CLI both parse with it). */
export const staffUsername = z.lazy(() =>
  z
    .string({ error: STAFF_MSG.usernameFormat })
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, STAFF_MSG.usernameFormat),
);
export const staffEmail = z.lazy(() =>
  z
    .string({ error: STAFF_MSG.emailFormat })
    .trim()
    .max(200, STAFF_MSG.emailFormat)
    .pipe(z.email(STAFF_MSG.emailFormat)),
);

/** A staff member as the back office shows one (never a secret). */
export const staffMember = z.lazy(() =>
  z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    role: staffRole,
    canOrderOnBehalf: z.boolean().describe('May place and change orders while viewing as a customer'),
    disabled: z.boolean(),
    enrolled: z.boolean().describe('The authenticator app is set up'),
    lockedUntil: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type StaffMember = z.infer<typeof staffMember>;

/** A page of a server-paged list. */
export const pageQuery = z.lazy(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  }),
);

export const staffOk = z.lazy(() => z.object({ ok: z.literal(true) }));
