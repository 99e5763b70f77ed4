// Messages of team accounts (roles, limits, order approval), in a module of their own so that the
// web app's start-up chunk (which carries messages.ts) does not carry them.
import type { TeamPermission } from './team-permissions.js';
import { TEAM_ROLES, TEAM_ROLE_LABELS, type TeamRole } from './team-roles.js';

const roleList = TEAM_ROLES.map((r) => TEAM_ROLE_LABELS[r]).join(', ');

/** What each permission is, in "Your role does not allow ...". */
const PERMISSION_TEXT: Readonly<Record<TeamPermission, string>> = {
  order: 'ordering: the basket, checkout and Quick Order',
  approve: 'approving orders',
  pay: 'paying invoices',
  manageTeam: "managing your account's team",
};

export const TEAM_MSG = {
  // ---- refusals (the server's 4xx answers) ----
  /** 403: the caller's role may not use this route (the customer guard, from the route's access). */
  roleNotAllowed: (role: TeamRole) =>
    `Your role (${TEAM_ROLE_LABELS[role]}) does not allow this. Ask an account admin of your account.`,
  unknownRole: `Role must be one of: ${roleList}`,
  /** The page a user reaches by a screen's address when their role may not use it. */
  screenNotAllowedHeading: 'Not available for your role',
  /** `allowed`: the roles that may (team-permissions.ts `TEAM_PERMISSIONS[what]`). */
  screenNotAllowed: (role: TeamRole, what: TeamPermission, allowed: readonly TeamRole[]) =>
    `Your role (${TEAM_ROLE_LABELS[role]}) does not allow ${PERMISSION_TEXT[what]}. ${
      allowed.length === 1 ? 'Only this role may' : 'These roles may'
    }: ${allowed.map((r) => TEAM_ROLE_LABELS[r]).join(', ')}. Ask an account admin of your account if you need it.`,
  screenNotAllowedHome: 'Go to the home page',
  limitFormat: 'Enter an amount above 0 with at most two decimals, or leave it empty for no limit',
  userNotFound: 'There is no such user on your account',
  usernameTaken: 'That username is already taken: choose another',
  lastAdmin: 'Your account must keep at least one active account admin',
  nothingToChange: 'Say what to change: role, limits or status',
  orderNotFound: 'There is no such order awaiting approval on your account',
  alreadyDecided: (orderNumber: string, status: string) =>
    `Order ${orderNumber} is no longer awaiting approval (${status})`,
  changedSinceReview: (orderNumber: string) =>
    `Order ${orderNumber} has changed since you reviewed it (prices or stock): review it again before approving`,
  ownOrder: 'You cannot approve your own order while another approver or account admin can approve it',
  reasonRequired: 'Say why the order is declined',
  notYourOrder: 'Only the buyer who submitted an order can withdraw it',
  overLimitsSubmitForApproval:
    'This order is over your spending limits: submit it for approval, and pay for it from Open Orders once it is approved.',
  notYourOrderToPay: 'Only the buyer who submitted this order, an account admin or finance can pay for it',
  notAwaitingPayment: (orderNumber: string, status: string) =>
    `Order ${orderNumber} is not waiting for payment (${status})`,
  useWithdraw: 'This order is awaiting approval: withdraw it instead of cancelling it',

  // ---- screens ----
  teamHeading: 'Team',
  teamLink: 'Team',
  approvalsHeading: 'Orders awaiting approval',
  approvalsLink: 'Approvals',
  noApprovals: 'No orders are awaiting approval.',
  inviteHeading: 'Invite a user',
  invite: 'Send invitation',
  inviting: 'Sending...',
  invited: (email: string) => `Invitation sent to ${email}`,
  saved: (username: string) => `Saved ${username}`,
  disable: 'Disable',
  enable: 'Enable',
  noLimit: 'No limit',
  statusActive: 'Active',
  statusInvited: 'Invited',
  statusDisabled: 'Disabled',
  neverSignedIn: 'Never',
  placedBy: 'Placed by',
  approvedBy: 'Approved by',
  declinedBy: 'Declined by',
  declineReason: 'Reason',
  approve: 'Approve',
  approving: 'Approving...',
  decline: 'Decline',
  declining: 'Declining...',
  withdraw: 'Withdraw',
  withdrawing: 'Withdrawing...',
  withdrawQuestion: 'Withdraw this order? It will not be placed.',
  keepIt: 'Keep it',
  awaitingNote: 'This order is awaiting approval: it is not placed until an approver of your account approves it.',
  approvedToast: (orderNumber: string) => `Order ${orderNumber} approved and placed`,
  approvedToPayToast: (orderNumber: string) =>
    `Order ${orderNumber} approved: it is placed when the buyer pays for it by card`,
  awaitingPaymentNote: 'This order is approved: pay for it by card to place it.',
  payNow: 'Pay now',
  payNowFor: (orderNumber: string) => `Pay now for order ${orderNumber}`,
  startingPayment: 'Opening payment...',
  orderPaid: (orderNumber: string) => `Payment received: order ${orderNumber} is placed.`,
  orderPaymentDeclined: (orderNumber: string) =>
    `The card was declined and no money was taken. Order ${orderNumber} is still waiting for payment: pay now to place it.`,
  orderPaymentCancelled: (orderNumber: string) =>
    `Payment cancelled: no money was taken. Order ${orderNumber} is still waiting for payment.`,
  declinedToast: (orderNumber: string) => `Order ${orderNumber} declined`,
  withdrawnToast: (orderNumber: string) => `Order ${orderNumber} withdrawn`,
  submitForApproval: 'Submit for approval',
  submittedForApproval: (orderNumber: string) =>
    `Order ${orderNumber} was sent for approval. You will be emailed when it is approved or declined.`,
  myOrders: 'My orders',
  accountOrders: "All the account's orders",
  priceChanged: (was: string, now: string) => `Price changed: was ${was}, now ${now}`,
  pricesChangedNote: 'Prices changed since the order was submitted: the new prices apply when you approve.',

  // ---- limits (Review Order) ----
  withinLimits: 'This order is within your limits.',
  overOrderLimit: (limit: string) =>
    `This order is over your per-order limit of ${limit}: it will be sent for approval.`,
  overBudget: (remaining: string) =>
    `This order is over what remains of your monthly budget (${remaining}): it will be sent for approval.`,
  budgetRemaining: (remaining: string, budget: string) => `Monthly budget remaining: ${remaining} of ${budget}`,
} as const;
