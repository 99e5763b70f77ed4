// Email: the subjects and wording of the portal's emails, in a module of their own so that
// the web app's start-up chunk (which carries messages.ts) does not carry them. Our own wording,
// additions to the spec (docs/spec-deviations.md).

/** The categories of email a user may turn off (My Details, one-click unsubscribe). */
export const OPTIONAL_MAIL_CATEGORIES = ['despatch', 'cancellation'] as const;
export type OptionalMailCategory = (typeof OPTIONAL_MAIL_CATEGORIES)[number];

export const MAIL_MSG = {
  greeting: (name: string) => `Dear ${name},`,
  signOff: (company: string) => `Kind regards, ${company}`,
  questions: (email: string) => `Questions? Contact ${email}.`,
  automatic: 'This email was sent automatically; replies are not read.',
  ack: {
    subject: (orderNumber: string, po: string) => `Order acknowledgement ${orderNumber} (PO ${po})`,
    heading: (orderNumber: string) => `Thank you for your order ${orderNumber}`,
    intro: 'We have received your order. The delivery estimates below are our promise for each line.',
    purchaseOrder: 'Purchase order',
    orderedDate: 'Ordered',
    deliverTo: 'Deliver to',
    shipping: 'How we send it',
    item: 'Item',
    description: 'Description',
    quantity: 'Qty',
    price: 'Price',
    total: 'Total',
    delivery: 'Delivery',
    carriage: 'Carriage',
    amount: 'Total excl. VAT',
    vat: 'VAT',
    totalAmount: 'Total incl. VAT',
    viewOrder: 'View the order in Open Orders',
    paidBy: (reference: string) => `Paid by card, payment reference ${reference}.`,
  },
  receipt: {
    subject: (reference: string) => `Payment receipt ${reference}`,
    heading: 'Thank you for your payment',
    intro: (amount: string) => `We have received your card payment of ${amount}.`,
    reference: 'Your reference',
    paymentReference: 'Payment reference',
    card: (last4: string) => `Card ending ${last4}`,
    date: 'Paid on',
    forOrder: (orderNumber: string) => `For order ${orderNumber}`,
    invoices: 'Invoices paid',
    invoiceLine: (documentNumber: string, paid: string, left: string) =>
      `${documentNumber}: ${paid} paid, ${left} still to pay`,
    total: 'Total paid',
  },
  despatch: {
    subject: (orderNumber: string, po: string) => `Order ${orderNumber} (PO ${po}) has been despatched`,
    heading: (orderNumber: string) => `Your order ${orderNumber} is on its way`,
    intro: (date: string) => `We despatched your order on ${date}.`,
    tracking: 'Track your delivery',
    noTracking: 'The carrier has not given us a tracking number for this delivery.',
    viewOrder: 'View the order in Open Orders',
  },
  cancellation: {
    subject: (orderNumber: string, po: string) => `Order ${orderNumber} (PO ${po}) has been cancelled`,
    heading: (orderNumber: string) => `Your order ${orderNumber} has been cancelled`,
    byUser: (name: string) => `The order was cancelled in the portal by ${name}.`,
    bySupplier: (company: string) => `The order was cancelled by ${company}.`,
    byStaff: (name: string, company: string) => `The order was cancelled by ${name} of ${company}.`,
    questions: 'If you did not expect this, please contact us.',
  },
  approval: {
    requestedSubject: (orderNumber: string, buyer: string) => `Order ${orderNumber} from ${buyer} needs your approval`,
    requestedHeading: (orderNumber: string) => `Order ${orderNumber} is awaiting approval`,
    requestedBody: (buyer: string, total: string) =>
      `${buyer} submitted an order of ${total} that is over their spending limits. Approve or decline it in the portal.`,
    review: 'Review the order',
    declinedSubject: (orderNumber: string, po: string) => `Order ${orderNumber} (PO ${po}) was declined`,
    declinedHeading: (orderNumber: string) => `Your order ${orderNumber} was declined`,
    declinedBy: (name: string) => `${name} declined it, saying:`,
    declinedNext: 'The order will not be placed. Change it and submit it again if it is still needed.',
    awaitingPaymentSubject: (orderNumber: string, po: string) =>
      `Order ${orderNumber} (PO ${po}) is approved: pay to place it`,
    awaitingPaymentHeading: (orderNumber: string) => `Your order ${orderNumber} is approved`,
    awaitingPaymentBody: (approver: string, total: string) =>
      `${approver} approved it. Pay ${total} by card from Open Orders (Pay now) and the order is placed.`,
    payNow: 'Pay for the order',
  },
  unsubscribe: {
    footer: (category: string) => `You receive ${category} emails because they are on in My Details.`,
    link: 'Unsubscribe from these emails',
    category: { despatch: 'despatch', cancellation: 'cancellation' } satisfies Record<OptionalMailCategory, string>,
    pageTitle: 'Email preferences',
    confirm: (category: string) => `Stop ${category} emails?`,
    confirmIntro: (category: string) =>
      `You will no longer get an email for each ${category}. Order acknowledgements, receipts and password emails still come. You can turn it back on in My Details.`,
    button: 'Unsubscribe',
    done: (category: string) => `You will no longer get ${category} emails.`,
    invalid: 'This unsubscribe link is not valid. Change your email preferences in My Details instead.',
  },
  reset: {
    subject: 'Choose a new password',
    heading: 'Choose a new password',
    intro: (username: string) =>
      `Someone (we hope you) asked to change the password of ${username} on the Wholesale Portal.`,
    button: 'Choose a new password',
    expires: (minutes: number) => `The link works once, for ${minutes} minutes.`,
    ignore: 'If you did not ask, ignore this email: your password stays as it is.',
  },
  invitation: {
    subject: (company: string) => `Your ${company} Wholesale Portal login`,
    heading: 'Welcome to the Wholesale Portal',
    intro: (username: string) =>
      `A login has been created for you: your username is ${username}. Choose your password to start ordering.`,
    button: 'Choose your password',
    expires: (hours: number) => `The link works once, for ${hours} hours. After that, ask us for a new one.`,
  },
  /** A new staff member's back-office set-up link (`npm run admin -- staff create`). */
  staffSetup: {
    subject: (company: string) => `Your ${company} back-office login`,
    heading: 'Your back-office login',
    intro: (username: string) =>
      `A back-office login has been created for you: your username is ${username}. Choose your password; when you first sign in you will set up an authenticator app.`,
    button: 'Choose your password',
    expires: (hours: number) => `The link works once, for ${hours} hours. After that, ask an admin for a new one.`,
  },
  passwordChanged: {
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    intro: (username: string) =>
      `The password of ${username} was changed, and every device signed in as ${username} was signed out.`,
    notYou: (email: string) => `If you did not change it, contact ${email} at once.`,
  },
  notSendable: {
    noAddress: 'no email address for the user or the account',
    badAddress: (address: string) => `not a valid email address: ${address}`,
  },
} as const;
