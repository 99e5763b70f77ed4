// The home page's account at a glance, in a module of its own so that the web
// app's start-up chunk (which carries messages.ts) does not carry it; it loads with its panel.
/** Our wording, additions to the spec (docs/spec-deviations.md). */
export const HOME_MSG = {
  glanceTitle: 'Your account at a glance',
  balance: 'Balance',
  overdue: 'Overdue',
  nothingOverdue: 'Nothing overdue',
  availableCredit: 'Available credit',
  noCreditLimit: 'No credit limit set',
  payOverdue: 'Pay overdue invoices',
  recentOrders: 'Recent orders',
  noOrders: 'No orders yet.',
  allOrders: 'All open orders',
  glanceUnavailable: 'Your account summary could not be loaded just now.',
} as const;
