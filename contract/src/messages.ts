import { SHELL_MSG } from './shell-messages.js';

/**
 * Every user-facing text of the spec, worded exactly as the spec words it (sections 2, 5 and 8).
 * Functions fill the {placeholders}. Server and web both import from here.
 */
export const MSG = {
  ...SHELL_MSG,
  required: 'Required',
  maxCharacters: (n: number) => `Max ${n} Characters`,
  mustBeNumber: 'Must be number',
  passwordsMustMatch: 'Passwords must match',

  // auth
  loginFailed: 'Failed to log in',
  loggingIn: 'Logging In...',
  passwordChanged: 'Password changed',
  changePasswordFailed: 'Failed to change password',
  /** Our wording: the server ended the session (password changed elsewhere, ...). */
  sessionEnded: 'Your session has ended. Please log in again.',
  /** Our wording: a one-time /redirect?rt= link that was refused. */
  loginLinkExpired: 'This login link has expired or has already been used. Please log in.',
  /** Our wording: the set-password page (a link the supplier's ERP created for a new user). */
  setPasswordTitle: 'Set your password',
  setPasswordIntro: (username: string) => `Choose a password for ${username}. You will log in with this username.`,
  setPasswordButton: 'Set Password',
  settingPassword: 'Setting Password...',
  passwordSet: 'Your password is set. You can now log in.',
  setPasswordLinkExpired:
    'This link to set a password has expired or has already been used. Ask your supplier for a new one.',
  setPasswordFailed: 'Failed to set password',

  // products
  displayingResults: (n: number, what: string) => `Displaying ${n} result${n === 1 ? '' : 's'} for ${what}`,
  enterProductDetails: 'Enter product details above',
  searching: 'Searching',
  searchingButton: 'Searching...',
  noResults: 'No results',
  pageOf: (n: number, m: number) => `${n} of ${m} page${m === 1 ? '' : 's'}`,
  searchFailed: 'Unable to find products',
  favouritesFailed: 'Unable to find favourite products',
  usualsFailed: 'Unable to find usual products',
  addToBasketFailed: 'Unable to add item to basket',
  addedToBasket: (item: string) => `Added ${item} to basket`,
  addedToBasketLowStock: (item: string) =>
    `Warning - there is insufficient stock of this item, this line may go on back order. Added ${item} to basket`,
  addFavouriteFailed: 'Unable to add item to favourites',
  removeFavouriteFailed: 'Unable to remove item from favourites',
  multiBuyFailed: 'Unable to get multi buy discounts',
  /** Deviation: the original reused the multi-buy text here (docs/spec-deviations.md). */
  scheduleFailed: 'Unable to get delivery schedule',
  imageFailed: 'Unable to open image',
  downloadProductsFailed: 'Unable to download products',

  // basket
  removeLineFailed: (item: string) => `Unable to remove ${item} from basket`,
  removedLine: (item: string) => `Removed ${item} from basket`,
  updateLineFailed: (item: string) => `Unable to update ${item} quantity`,
  updatedLine: (item: string) => `Updated ${item} quantity`,
  updatedLineLowStock: (item: string) =>
    `Warning - there is insufficient stock of this item, this line may go on back order. Updated ${item} quantity`,
  loadingBasket: 'Loading basket...',
  basketEmpty: 'The shopping basket is empty',
  basketUnavailable: 'Unable to retrieve basket',
  proceedToCheckout: 'Proceed to checkout',
  /** Our wording: the lines' total and the order total, named apart (both were 'Total'). */
  totalExclVat: 'Total excl. VAT',
  totalInclVat: 'Total incl. VAT',

  // checkout
  checkoutIssueTitle: 'There was an issue...',
  orderCannotBeProcessed: 'Order cannot be processed.',
  basketUpdatedDuringCheckout: 'The Basket was updated during the checkout process.',
  missingDeliveryInformation: 'Cannot submit order. Missing delivery information',
  purchaseOrderTooLong: 'Purchase order cannot be greater than 20 characters',
  cannotConfirmOrder: 'Cannot confirm order',
  /** Our wording: back from the payment page after a declined card, or without paying. */
  paymentDeclinedHelp:
    'Your card was declined. No money has been taken and your basket is kept. Try again with another card.',
  paymentCancelledTitle: 'Payment cancelled',
  paymentCancelledHelp: 'No money has been taken and your basket is kept. You can pay when you are ready.',
  payAgain: 'Pay again',
  termsConsent:
    'By clicking the Place Order / Proceed to Payment button, you confirm that you have read, understand, and accept our Terms of Sale.',
  accountOnStop: (email: string) =>
    `Your account is on stop, so orders cannot be placed. Contact ${email} for further assistance`,
  // order dialog
  processingOrder: 'We are processing your order',
  orderPlaced: 'Your order has been placed.',
  checkOpenOrders: 'Check open orders for updates',
  orderFailed: (email: string) => `Unable to process this order. Contact ${email} for further assistance`,

  // account and invoices
  selectInvoiceFailed: 'Unable to select invoice',
  payInvoicesFailed: 'Cannot pay invoices',
  thankYou: 'Thank You!',
  invoicePaid: 'Your invoice has been paid.',
  paymentFailed: (email: string) => `Unable to process this payment. Contact ${email} for further assistance`,
  invoicesFailed: 'Unable to retrieve invoices',
  statementFailed: 'Unable to download statement',
  downloading: 'Downloading...',

  // orders
  trackingFailed: 'Unable to get tracking information',
  trackingUnavailable: 'Tracking unavailable',
  selectOrderFailed: 'Unable to select order',
  openOrdersFailed: 'Unable to retrieve open orders',
  copyOrderQuestion: 'Do you want to clear your basket and copy this order into a new basket?',
  cancelOrderQuestion: 'Are you sure you want to cancel this order',
  copying: 'Copying...',
  cancelling: 'Cancelling...',
  /** The spec records two spellings; we use this one (docs/spec-deviations.md). */
  orderCopied: (n: string) => `Order ${n} copied`,
  copyOrderFailed: 'Unable to copy order',
  /** Our wording (not in the spec): items of a copied order that are no longer sold. */
  copySkipped: (items: readonly string[]) => `Not copied, no longer sold: ${items.join(', ')}`,
  orderCancelled: (orderNumber: string) => `Order is ${orderNumber} canceled`,
  cancelOrderFailed: 'Unable to cancel order',
  cancelNotAllowed: (email: string) =>
    `Unable to cancel this order as it is currently in progress. Contact ${email} for further assistance`,
  /** Our wording: the spec's text says "in progress", which is wrong for a shipped order. */
  cancelShipped: (email: string) =>
    `Unable to cancel this order as it has been shipped. Contact ${email} for further assistance`,

  basketFull: (max: number) =>
    `A basket can hold at most ${max} lines. Place this order first, then start another for the rest.`,
  // refusals of the API (our own wording): every text a service answers with lives here
  quantityTooSmall: 'Quantity must be at least 1',
  quantityTooLarge: (digits: number) => `Quantity must be at most ${digits} digits`,
} as const;
