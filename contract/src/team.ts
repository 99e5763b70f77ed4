import { z } from 'zod';
import { money, unitPrice } from './common.js';
import { CURRENCIES } from './limits.js';
import { MSG } from './messages.js';
import { TEAM_MSG } from './team-messages.js';
import { TEAM_ROLES } from './team-roles.js';

/**
 * Team accounts (roles, spending limits, order approval). Names are shared by the schema, the
 * service method and the RTK Query endpoint: listTeamUsers, inviteTeamUser, updateTeamUser,
 * getOrderLimits, listApprovals, reviewApproval, approveOrder, declineOrder, withdrawOrder,
 * payApprovedOrder.
 */

/** The longest decline reason. */
export const DECLINE_REASON_MAX = 500;
/** The largest limit an admin may set: 999,999,999.99 (well within exact money, limits.ts). */
export const TEAM_LIMIT_MAX_DIGITS = 9;

export const teamRole = z.lazy(() => z.enum(TEAM_ROLES, { error: TEAM_MSG.unknownRole }));

/**
 * A per-order limit or monthly budget as typed: a positive amount with at most two decimals, or
 * empty / null for no limit. Text, so that 0.1 + 0.2 never meets a binary double on the way in.
 */
export const limitInput = z.lazy(() =>
  z
    .union([z.string(), z.number(), z.null()], { error: TEAM_MSG.limitFormat })
    .transform((v) => (v === null ? '' : String(v).trim()))
    .refine(
      (v) => v === '' || (new RegExp(`^\\d{1,${TEAM_LIMIT_MAX_DIGITS}}(\\.\\d{1,2})?$`).test(v) && /[1-9]/.test(v)),
      {
        error: TEAM_MSG.limitFormat,
      },
    )
    .transform((v) => (v === '' ? null : v))
    .describe('A positive amount with at most 2 decimals in the account currency, or empty/null for no limit'),
);

export const teamUserStatus = z.lazy(() => z.enum(['Active', 'Invited', 'Disabled']));
export const teamUser = z.lazy(() =>
  z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(TEAM_ROLES),
    orderLimit: money.nullable().describe('Per-order limit; null: none'),
    monthlyBudget: money.nullable().describe('Monthly budget; null: none'),
    lastLoginAt: z.string().nullable().describe('Last sign-in (ISO 8601, UTC); null: never'),
    status: teamUserStatus.describe('Invited: has not set a password yet'),
    isYou: z.boolean(),
  }),
);
export type TeamUser = z.infer<typeof teamUser>;

export const listTeamUsersResponse = z.lazy(() =>
  z.object({ users: z.array(teamUser), currencyCode: z.enum(CURRENCIES) }),
);
export type ListTeamUsersResponse = z.infer<typeof listTeamUsersResponse>;

export const inviteTeamUserRequest = z.lazy(() =>
  z.object({
    username: z
      .string()
      .trim()
      .min(3, { error: 'Use at least 3 characters' })
      .max(50, { error: 'Max 50 Characters' })
      .regex(/^[A-Za-z0-9._@-]+$/, { error: 'Use letters, digits and . _ @ - only' }),
    name: z.string().trim().min(1, { error: 'Required' }).max(50, { error: 'Max 50 Characters' }),
    email: z.email({ error: 'Enter an email address' }).max(254),
    role: teamRole,
    orderLimit: limitInput.optional(),
    monthlyBudget: limitInput.optional(),
  }),
);
export type InviteTeamUserRequest = z.input<typeof inviteTeamUserRequest>;

export const teamUserParams = z.lazy(() => z.object({ userId: z.coerce.number().int().positive() }));

export const updateTeamUserRequest = z.lazy(() =>
  z.object({
    role: teamRole.optional(),
    orderLimit: limitInput.optional(),
    monthlyBudget: limitInput.optional(),
    disabled: z.boolean().optional(),
  }),
);
export type UpdateTeamUserRequest = z.input<typeof updateTeamUserRequest>;

/** Review Order: the caller's limits against the basket as priced now. */
export const orderLimits = z.lazy(() =>
  z.object({
    role: z.enum(TEAM_ROLES),
    currencyCode: z.enum(CURRENCIES),
    orderLimit: money.nullable(),
    monthlyBudget: money.nullable(),
    spentThisMonth: money.describe('Placed and awaiting-approval orders of this calendar month (UK time)'),
    budgetRemaining: money.nullable().describe('Monthly budget less spentThisMonth (not below 0); null: no budget'),
    orderTotal: money.describe('The basket total as priced now'),
    needsApproval: z.boolean(),
    reason: z.enum(['orderLimit', 'budget']).nullable(),
  }),
);
export type OrderLimits = z.infer<typeof orderLimits>;

export const approvalSummary = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    reference: z.string(),
    submittedAt: z.string().describe('ISO 8601, UTC'),
    placedBy: z.string(),
    totalAmount: money,
    currencyCode: z.enum(CURRENCIES),
    lines: z.number().int(),
    isYours: z.boolean(),
  }),
);
export type ApprovalSummary = z.infer<typeof approvalSummary>;
export const listApprovalsResponse = z.lazy(() => z.object({ approvals: z.array(approvalSummary) }));
export type ListApprovalsResponse = z.infer<typeof listApprovalsResponse>;

export const approvalLine = z.lazy(() =>
  z.object({
    itemNo: z.string(),
    description: z.string(),
    quantity: z.number().int(),
    submittedPrice: unitPrice.describe('Unit price when submitted'),
    currentPrice: unitPrice.nullable().describe('Unit price now; null: no longer sold'),
    stock: z.number().int().nullable(),
    total: money.describe('Line total at the current price'),
    priceChanged: z.boolean(),
  }),
);
export const reviewApprovalResponse = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    reference: z.string(),
    placedBy: z.string(),
    submittedAt: z.string(),
    currencyCode: z.enum(CURRENCIES),
    submittedTotal: money,
    currentTotal: money.describe('What approving places it at: post this back as `amount`'),
    lines: z.array(approvalLine),
    pricesChanged: z.boolean(),
    canApprove: z.boolean(),
    cannotApproveReason: z.string().nullable(),
  }),
);
export type ReviewApprovalResponse = z.infer<typeof reviewApprovalResponse>;

export const approvalParams = z.lazy(() => z.object({ orderNumber: z.string().min(1).max(30) }));
export const approveOrderRequest = z.lazy(() =>
  z.object({ amount: money.describe('The current total the approver was shown (reviewApproval.currentTotal)') }),
);
export const declineOrderRequest = z.lazy(() =>
  z.object({
    reason: z
      .string({ error: TEAM_MSG.reasonRequired })
      .trim()
      .min(1, { error: TEAM_MSG.reasonRequired })
      .max(DECLINE_REASON_MAX, { error: MSG.maxCharacters(DECLINE_REASON_MAX) }),
  }),
);
export type DeclineOrderRequest = z.input<typeof declineOrderRequest>;
export const approvalOutcome = z.lazy(() => z.object({ orderNumber: z.string(), status: z.string() }));
export type ApprovalOutcome = z.infer<typeof approvalOutcome>;
