/**
 * Team accounts: a customer user's role within the account, and which roles may do what. Kept free
 * of schemas: the route table (routes.ts), which the web's start-up chunk carries, names them.
 */

/** Every role, most powerful first. */
export const TEAM_ROLES = ['admin', 'approver', 'buyer', 'finance', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Readonly<Record<TeamRole, string>> = {
  admin: 'Account admin',
  approver: 'Approver',
  buyer: 'Buyer',
  finance: 'Finance',
  viewer: 'Viewer',
};

/** Place orders: the basket, checkout, Quick Order, copying and cancelling orders. */
export const ORDERING_ROLES = ['admin', 'approver', 'buyer'] as const satisfies readonly TeamRole[];
/** Approve or decline orders awaiting approval. */
export const APPROVING_ROLES = ['admin', 'approver'] as const satisfies readonly TeamRole[];
/** Pay invoices online; they may also pay for any approved order of a card-paying account. */
export const PAYING_ROLES = ['admin', 'finance'] as const satisfies readonly TeamRole[];
/**
 * Pay for an approved order of a card-paying account: its buyer (any ordering role) or a paying
 * role; the server lets an ordering role pay only for an order they submitted.
 */
export const ORDER_PAYING_ROLES = [...ORDERING_ROLES, 'finance'] as const satisfies readonly TeamRole[];
/** Manage the team: invite users, change roles and limits, disable. */
export const TEAM_ADMIN_ROLES = ['admin'] as const satisfies readonly TeamRole[];

/** Whether `role` is one of `roles` (`roles` undefined: every role may). */
export const roleMay = (role: TeamRole, roles: readonly TeamRole[] | undefined): boolean =>
  !roles || roles.includes(role);

/** The statuses of an order in approval, beside the ERP's (limits.ts ORDER_STATUSES). */
export const AWAITING_APPROVAL = 'Awaiting approval';
export const DECLINED = 'Declined';
export const WITHDRAWN = 'Withdrawn';
/**
 * A card-paying (proforma) account's order approved over the buyer's limits: the buyer pays for it
 * from Open Orders, and only the approved payment places it ('Open').
 */
export const APPROVED_AWAITING_PAYMENT = 'Approved – awaiting payment';
/** Orders the ERP never hears of: waiting (for approval or payment), or ended before being placed. */
export const APPROVAL_STATUSES = [AWAITING_APPROVAL, APPROVED_AWAITING_PAYMENT, DECLINED, WITHDRAWN] as const;
/** What a buyer's monthly budget counts: orders placed, and those waiting for approval or payment. */
export const BUDGET_STATUSES = [
  'Open',
  'In Progress',
  'Shipped',
  AWAITING_APPROVAL,
  APPROVED_AWAITING_PAYMENT,
] as const;
/** Orders that were never placed (they count nowhere a placed order counts: usual orders, the budget, Today). */
export const UNPLACED_STATUSES = [AWAITING_APPROVAL, APPROVED_AWAITING_PAYMENT, DECLINED, WITHDRAWN] as const;
