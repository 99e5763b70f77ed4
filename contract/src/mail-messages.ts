// Email (issue 34): the subjects and wording of the portal's emails, in a module of their own so that
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
  notSendable: {
    noAddress: 'no email address for the user or the account',
    badAddress: (address: string) => `not a valid email address: ${address}`,
  },
} as const;
