import { STAFF_ROLE_LABELS, type StaffRole } from './roles.js';

/**
 * The back office's texts: refusals of the staff API and of the other surfaces to staff tokens,
 * sign-in, view as customer and the audit log. A module the buyer's web app never imports.
 * h35a's and h35w's areas append theirs below their own heading.
 */
export const STAFF_MSG = {
  // ---- who may call ----
  signInRequired: 'Sign in to the back office',
  sessionEnded: 'Your back-office session has ended; sign in again',
  customerTokenOnStaffRoute: 'The back office takes staff sign-ins, not customer sessions',
  apiKeyOnStaffRoute: 'The back office takes staff sign-ins, not API keys',
  staffTokenOnCustomerRoute: 'A back-office sign-in cannot be used in the customer portal; use View as customer',
  staffTokenOnIntegrationRoute: 'This API takes API keys (wpk_...), not back-office sign-ins',
  roleRequired: (needed: StaffRole) => `Your role cannot do this: it needs ${STAFF_ROLE_LABELS[needed]}`,

  // ---- sign-in ----
  loginFailed: 'Username or password is incorrect',
  codeFailed: 'The code is not valid; enter the current code from your authenticator app or a recovery code',
  locked: (until: string) => `Too many wrong codes: this login is locked until ${until}`,
  challengeExpired: 'This sign-in has expired; sign in again',
  alreadyEnrolled: 'The authenticator app is already set up; enter a code from it',
  notEnrolled: 'Set up the authenticator app first',
  setupLinkInvalid: 'This set-up link is not valid or has expired; ask an admin for a new one',

  // ---- staff users ----
  usernameFormat: 'Use 3 to 40 letters, digits, dots, hyphens or underscores',
  usernameTaken: 'A staff member with this username already exists',
  emailFormat: 'Enter a valid email address',
  roleFormat: 'Choose a role: admin, customer_service, finance or read_only',
  orderOnBehalfFormat: 'canOrderOnBehalf is true or false',
  unknownStaff: (username: string) => `No staff member ${username}`,
  notYourself: 'You cannot disable yourself or change your own role; ask another admin',
  lastAdmin: 'The back office must keep at least one active admin: make someone else an admin first',
  alreadyDisabled: (username: string) => `${username} is already disabled`,
  alreadyEnabled: (username: string) => `${username} is already enabled`,

  // ---- view as customer ----
  reasonRequired: 'Give a reason for viewing as this customer',
  unknownCustomerUser: 'No customer user with this id',
  customerUserDisabled: 'This customer user or its account is disabled',
  cannotViewStaff: 'A staff member cannot be viewed as: this login belongs to the back office',
  viewAsEnded: 'This view-as session has ended',
  viewAsReadOnly: 'Viewing as a customer is read-only',
  viewAsNeverAllowed: 'Card payments, password changes and My Details are not available while viewing as a customer',
  /** The buyer's banner while viewing as: the web adds the End control. */
  viewAsBanner: (name: string, account: string, staff: string) => `Viewing as ${name} (${account}) for ${staff}`,
  /** Recorded on an order placed or changed while viewing as. */
  placedOnBehalf: (staff: string, user: string) => `placed by ${staff} for ${user}`,

  // ---- audit ----
  badDateRange: 'The start date must not be after the end date',
} as const;
