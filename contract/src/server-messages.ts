/**
 * The server's refusal and error texts that no screen of the web app names itself: the API sends
 * them and the screens show what they receive. A module of their own, so the web app's start-up
 * chunk (which carries messages.ts) does not carry them. Wording follows the spec where it gives one.
 */
export const SERVER_MSG = {
  overCreditLimit: (email: string) =>
    `This order is more than your account's available credit, so it cannot be placed. Contact ${email} to arrange it`,

  // generic API errors (not in the spec; our own wording)
  notFound: 'Not found',
  unauthorized: 'Please log in again',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  badRequest: 'The request was not valid',
  serverError: 'Something went wrong on our side. Please try again.',
  busy: 'The portal is busy. Please try again in a moment.',
  tooManyDocuments: 'Too many documents at once. Please wait a moment and try again.',
  unavailable: 'The portal cannot reach its database just now. Please try again in a moment.',
  paymentLinkExpired: 'This payment link has expired. No money has been taken.',
  paymentLinkReplaced: 'This payment link has been replaced by a newer one. No money has been taken.',
  paymentNoLongerPossible: (reason: string) =>
    `This payment can no longer be taken: ${reason} No money has been taken.`,
  paymentInProgress: 'A payment for this is already being processed. Please wait for it to finish.',
  alreadyPaid: 'This has already been paid for.',
  nothingToPay: 'Nothing to pay',

  wrongCurrentPassword: 'The current password is not correct',
  samePassword: 'The new password must differ from the current one',
  nulCharacter: 'The request contains a NUL character',
  accountNotFound: 'Account not found',
  productNotFound: 'Product not found',
  noProduct: (itemNumber: string) => `No product ${itemNumber}`,
  imageNotFound: 'Image not found',
  noBasketLine: (lineNumber: number) => `No basket line ${lineNumber}`,
  emptyBasket: 'The basket is empty',
  proformaMustPay: 'This account pays by card before an order is placed: use Proceed to Payment',
  creditCannotPay: 'This account places orders on credit: use Place Order',
  unknownCountry: 'Unknown country',
  unknownAddressReference: (reference: string) => `Unknown delivery address reference ${reference}`,
  noOrderPlaced: 'No order has been placed',
  orderNotFound: 'Order not found',
  nothingLeftToCopy: (orderNumber: string) => `None of the items on order ${orderNumber} are still sold`,
  alreadyCancelled: (orderNumber: string) => `Order ${orderNumber} is already cancelled`,
  invoiceNotFound: 'Invoice not found',
  noInvoice: (documentNumber: string) => `Invoice ${documentNumber} not found`,
  statementNotFound: 'Statement not found',
  invoiceSettled: (documentNumber: string) => `Invoice ${documentNumber} has nothing left to pay`,
  invoiceOtherCurrency: (documentNumber: string) => `Invoice ${documentNumber} is not in the account currency`,
  paymentNotCompleted: 'The payment could not be completed and no money has been taken. Please try again.',
  /** Why a started payment can no longer be taken (filled into paymentNoLongerPossible). */
  paymentRefusal: {
    accountGone: 'the account no longer exists.',
    accountOnStop: 'the account is on stop.',
    accountOnCredit: 'the account now places orders on credit.',
    basketChanged: 'the basket has changed since this payment was started.',
    basketOrdered: 'this basket has already been ordered.',
    orderNotAwaitingPayment: 'this order is no longer waiting for payment.',
    invoicePaid: (documentNumber: string) => `invoice ${documentNumber} has been paid since this payment was started.`,
  },
  paymentCallbackRefused: 'Invalid or expired payment callback signature',
  noSuchPayment: 'No such payment',

  sessionExpired: 'The session has expired',
  apiKeyOnCustomerRoute:
    'This route takes a customer session, not an API key (the ERP API is under /api/integration/v1)',
  shuttingDown: 'This server is shutting down; try again',
  noRoute: (method: string, path: string) => `No route for ${method} ${path}`,

  /** The sandbox gateway's own page (/pay/{id}): what it says about a payment it refuses or ends. */
  sandboxPage: {
    notFoundTitle: 'Payment not found',
    notFound: 'This payment link is not valid. Return to the shop and start the payment again.',
    tooManyAttemptsTitle: 'Too many attempts',
    linkExpiredTitle: 'Payment link expired',
    notTakenTitle: 'Payment not taken',
    linkReplacedTitle: 'Payment link no longer valid',
    approvedTitle: 'Payment approved',
    approved: (cardLast4: string | null) =>
      `This payment has been approved${cardLast4 ? ` (card ending ${cardLast4})` : ''}.`,
    declinedTitle: 'Payment declined',
    declined: 'This payment was declined. No money has been taken.',
    pendingTitle: 'Payment pending',
    pending: 'This payment has not been completed.',
    correctFields: (count: number) =>
      `Please correct ${count === 1 ? 'the highlighted field' : `the ${count} highlighted fields`}.`,
  },
  /** The sandbox card form's refusals, per field. */
  card: {
    numberMissing: 'Enter the card number',
    numberInvalid: 'Your card number is invalid',
    expiryMissing: 'Enter the expiry date',
    expiryFormat: 'Enter the expiry date as MM/YY',
    expired: 'Your card has expired',
    expiryYear: 'Enter a valid expiry year',
    cvc: 'Enter the 3 or 4 digit security code',
    nameMissing: 'Enter the name on the card',
    nameTooLong: (max: number) => `Use at most ${max} characters`,
    testCardsOnly:
      'This sandbox accepts only its test cards: 4242 4242 4242 4242 (approves) or 4000 0000 0000 0002 (declines)',
  },
} as const;
