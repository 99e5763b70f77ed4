/**
 * Bounds on what a request may carry, beside the form fields' own (FIELD_LIMITS): every string and
 * list the API accepts has one, so no request makes the server parse, hold or store an unbounded
 * value. Generous on purpose: they refuse abuse, not a real customer's input.
 */
export const INPUT_LIMITS = {
  /** Order, invoice and item numbers, account codes and amounts as text (the ERP's codes are at most 20). */
  code: 40,
  /** An ISO 4217 currency code. */
  currencyCode: 3,
  /** A free-text line: a name, an address line, a reference, a statement's file name. */
  text: 200,
  /** A shorter text: a username, a search's text filters, the payment page's names and places. */
  shortText: 100,
  /** A password as typed: the hash takes any length; this bounds the work one request asks of it. */
  password: 200,
  /** A token from a link, a refresh cookie or an unsubscribe URL (base64url with its signature fits). */
  token: 200,
  /** The shortest token issued: anything shorter is not one, whatever it says. */
  tokenMin: 10,
  /** A payment's description. */
  description: 500,
  /** Invoices one payment may settle (a statement's worth, and more). */
  invoicesPerPayment: 500,
  /** The customer's own reference for an invoice payment. */
  paymentReference: 50,
  /** A delivery address code, or the ERP's own order reference. */
  reference: 60,
  /** An email address (RFC 5321: at most 254 characters). */
  email: 254,
  /** A webhook URL. */
  url: 2000,
  /** An event id (a UUID is 36 characters). */
  eventId: 64,
  /** The payment gateway's signature: hex HMAC-SHA256 is 64; room for a longer hash. */
  signature: 128,
  /** A Quick Order line as typed: the item code, and the quantity before it is read as a number. */
  quickOrderItem: 60,
  quickOrderQuantity: 20,
  /** The ERP's own keys: customer numbers, document numbers, delivery address references. */
  customerNumber: 20,
  /** An order or invoice line's type (Item, Charge...), and its unit (EACH, METRE, PACK...). */
  lineType: 20,
  unit: 10,
  /** A country's name as the portal lists them ("United Kingdom (Mainland)"). */
  country: 60,
  /** A username, a job title, an invoice's reference, as the ERP sends them. */
  erpShortText: 50,
  /** ERP lists: multibuy tiers of one price, due-in dates of one stock level, tracking numbers of one order. */
  multibuyTiers: 20,
  dueInDates: 50,
  trackingNumbers: 50,
  /** ERP lists: product-type discounts of one account, delivery addresses of one account, lines of one order. */
  productTypeDiscounts: 100,
  deliveryAddresses: 200,
  orderLines: 500,
  /** An ERP pack size, and an order line's quantity either way (a credit line is negative). */
  erpQuantity: 1_000_000,
} as const;
