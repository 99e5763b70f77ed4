/**
 * What the staff back office's customer, user, order, settings and integration endpoints answer
 * (a 4xx's message, a form's complaint). Server and staff screens import them from here.
 */
export const BACK_OFFICE_MSG = {
  // paging
  badPage: 'Page must be a whole number from 1',
  badPageSize: (max: number) => `Page size must be a whole number from 1 to ${max}`,
  badDate: 'Use a date as yyyy-mm-dd',
  dateRangeReversed: 'The "from" date must not be after the "to" date',

  // customers
  customerNotFound: (customerNumber: string) => `There is no account ${customerNumber}`,
  creditLimitFormat: 'Enter the credit limit as an amount like 5000.00 (at most 10 digits before the point)',
  nothingToChange: 'Give a credit limit or on-stop to change',

  // customer users
  userNotFound: 'There is no such customer user',
  usernameTaken: (username: string) => `The username ${username} is taken`,
  emailFormat: 'Enter an email address like name@example.com',
  userAlreadyDisabled: 'The user is already disabled',
  userAlreadyEnabled: 'The user is already enabled',
  userDisabledNoReset: 'The user is disabled: enable them before sending a password reset',
  userDisabledDone: (username: string, sessions: number) =>
    `${username} is disabled; ${sessions} session${sessions === 1 ? '' : 's'} ended`,
  userEnabledDone: (username: string) => `${username} is enabled`,
  passwordResetSent: (email: string, until: string) =>
    `A password reset link was emailed to ${email} (valid until ${until})`,
  userUnlocked: (username: string) => `${username} can log in again`,
  sessionsEnded: (username: string, sessions: number) =>
    `${sessions} session${sessions === 1 ? '' : 's'} of ${username} ended`,
  userNoEmail: 'The user has no email address: give them the set-password link instead',

  // orders
  orderNotFound: (orderNumber: string) => `There is no order ${orderNumber}`,
  orderChangedMeanwhile: (orderNumber: string) =>
    `Order ${orderNumber} was changed by someone else (the ERP or another member of staff) while you were editing it. Its current state is shown; check it and try again.`,
  /** An order's history, one line per event. */
  orderEvent: {
    placed: (username: string | null) => (username ? `Placed by ${username}` : 'Placed (from the ERP)'),
    acknowledged: (erpReference: string | null) => `The ERP took it${erpReference ? ` as ${erpReference}` : ''}`,
    tracking: (trackingNumber: string) => `Tracking number ${trackingNumber} added`,
    despatched: (date: string) => `Despatched ${date}`,
    cancelled: (name: string | null) => `Cancelled by ${name ?? 'the supplier'}`,
    email: (kind: string, status: string) =>
      `${({ 'order.acknowledgement': 'Acknowledgement', 'order.despatched': 'Despatch notice', 'order.cancelled': 'Cancellation notice' } as Record<string, string>)[kind] ?? kind} email: ${status}`,
  },
  statusTransition: (orderNumber: string, from: string, to: string, allowed: readonly string[]) =>
    `Order ${orderNumber} is ${from} and cannot become ${to}` +
    (allowed.length ? `; it may become ${allowed.join(' or ')}` : '; it cannot change any more'),
  despatchBeforeOrder: (despatch: string, ordered: string) =>
    `The despatch date ${despatch} is before the order date ${ordered}`,
  acknowledgementQueued: (orderNumber: string) => `The acknowledgement of order ${orderNumber} is on its way again`,
  acknowledgementNoAddress: 'The order has no valid email address to send the acknowledgement to',
  mailOff: 'Email is switched off on this server: nothing was sent',
  trackingFormat: 'Tracking numbers are letters, digits and - (at most 50 characters each)',

  // settings
  settingTooLong: (max: number) => `Max ${max} Characters`,
  cutOffFormat: 'Use a 24-hour time hh:mm, such as 14:00',
  supportEmailFormat: 'Enter an email address like support@example.com',
  urlFormat: 'Enter a web address starting https:// or http://',
  trackingTemplateFormat: 'The tracking URL must be a web address containing {trackingId}',
  bannerTextRequired: 'Enter the banner text to show it',

  // integration
  clientNameFormat: 'A client name is 1-60 letters, digits, spaces and . _ -',
  clientNameTaken: (name: string) => `An API client named ${name} already exists`,
  clientNotFound: 'There is no such API client',
  clientRevoked: 'The API client is revoked',
  scopesRequired: 'Choose at least one scope',
  keyNotFound: 'There is no such live key',
  webhookEndpointNotFound: 'There is no such webhook endpoint',
  deliveryNotFound: 'There is no such webhook delivery',
  endpointDisabled: 'The webhook endpoint is disabled: enable it in the ERP (PATCH its endpoint) before redelivering',
} as const;
