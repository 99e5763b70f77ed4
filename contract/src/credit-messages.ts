// Credit and ageing messages, in a module of their own so that the web app's
// start-up chunk (which carries messages.ts) does not carry them; they load with their screens.
/** Our own wording, additions to the spec (docs/spec-deviations.md). */
export const CREDIT_MSG = {
  panelHeading: 'Credit and ageing',
  creditLimit: 'Credit limit',
  balance: 'Balance',
  availableCredit: 'Available credit',
  uninvoicedOrders: 'Orders not yet invoiced',
  exposure: 'Credit in use',
  /** Available credit counts the orders placed and not yet invoiced (docs/spec-deviations.md). */
  availableExplained:
    'Credit in use is your balance plus your orders not yet invoiced (open and in progress); available credit is your credit limit less that.',
  exposureNote: (balance: string, orders: string) =>
    `Your balance (${balance}) and orders not yet invoiced (${orders}) count against your credit limit.`,
  noCreditLimit: 'None set',
  bucketLabel: {
    current: 'Current',
    '1-30': '1-30 days overdue',
    '31-60': '31-60 days overdue',
    '61-90': '61-90 days overdue',
    'over-90': 'Over 90 days overdue',
  },
  invoiceCount: (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`,
  /** The bucket button's name: its visible text (label, amount, count) in order, after what it does (WCAG 2.5.3). */
  selectBucket: (label: string, n: number, amount: string) =>
    `Select for payment: ${label}, ${amount}, ${n} ${n === 1 ? 'invoice' : 'invoices'}`,
  unallocatedCredit: 'Unallocated credit notes (not payable online)',
  creditFailed: 'Unable to get your credit position',

  // basket and Review Order
  creditUsage: (order: string, available: string) => `This order uses ${order} of your ${available} available credit`,
  overCredit: (order: string, available: string) =>
    `This order (${order}) is more than your available credit (${available}), so it cannot be placed. Reduce the order, or pay invoices on My Account to free credit.`,

  // Stopped at the basket, on stop or over credit alike, with the ways out.
  waysOutHeading: 'What you can do',
  wayPayInvoices: 'Pay invoices on My Account',
  wayRemoveLines: 'Remove lines from the basket',
  wayContact: (email: string) => `Contact ${email}`,
  checkoutBlocked: {
    onStop: 'You cannot check out while your account is on stop.',
    overCredit: 'You cannot check out while this order is more than your available credit.',
  },
  placeOrderBlocked: {
    onStop: 'Place Order is not available while your account is on stop.',
    overCredit: 'Place Order is not available: this order is more than your available credit.',
  },

  // on stop
  /** On stop with nothing overdue left (the buyer has paid it). */
  onStopPaid: 'Paid; the account is released when credit control confirms it.',
  onStopReason: (count: number, amount: string) =>
    `Overdue: ${count} ${count === 1 ? 'invoice' : 'invoices'}, ${amount} in all`,
  payOverdue: 'Pay overdue invoices',
} as const;
