import { z } from 'zod';
import { ORDER_STATUSES } from './limits.js';
import { SHIPMENT_PREFERENCES } from './delivery-messages.js';

/**
 * The ERP integration API (`/api/integration/v1`): access for API clients (hashed keys with
 * scopes), never a customer session. Endpoint schemas for this surface live in this file
 * (inbound: upserts, orders out) and `integration-events.ts` (outbox events, webhooks).
 */

/** What an API client may be granted; each integration endpoint names the one scope it needs. */
export const API_SCOPES = [
  'catalogue:write',
  'prices:write',
  'stock:write',
  'accounts:write',
  'invoices:write',
  'orders:read',
  'orders:write',
  'events:read',
  'webhooks:manage',
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

/** Every integration route sits under this prefix. */
export const INTEGRATION_PREFIX = '/api/integration/v1';

// ---- Errors: RFC 9457 problem details ----

/** One field's problem, located by a JSON pointer into the request body (`/items/3/listPrice`). */
export const problemFieldError = z.lazy(() =>
  z.object({
    pointer: z.string().describe('JSON pointer (RFC 6901) into the request body'),
    detail: z.string(),
  }),
);
export type ProblemFieldError = z.infer<typeof problemFieldError>;

export const problemDetails = z.lazy(() =>
  z
    .object({
      type: z.string().describe('A URI naming the kind of problem; about:blank when the status says it all'),
      title: z.string(),
      status: z.number().int(),
      detail: z.string(),
      instance: z.string().describe('The request path'),
      requestId: z.string().describe('Quote it when asking the supplier about a failure'),
      errors: z.array(problemFieldError).optional(),
    })
    .describe('Every 4xx/5xx answer on the integration API (application/problem+json)'),
);
export type ProblemDetails = z.infer<typeof problemDetails>;

// ---- Bulk upserts ----

export const UPSERT_MAX_ITEMS = 1000;

export const UPSERT_STATUSES = ['created', 'updated', 'unchanged', 'stale', 'failed'] as const;
export type UpsertStatus = (typeof UPSERT_STATUSES)[number];

const sourceVersion = () =>
  z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "The ERP's version of the row (a row version or timestamp, growing): an item older than the last one applied for its key is answered `stale` and not applied",
    );

const erpText = (max: number) => z.string().trim().min(1, 'required').max(max, `at most ${max} characters`);

/** A price as the portal keeps it: at most 5 decimals, given as a JSON number or a decimal string. */
const priceValue = () =>
  z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,9}(\.\d{1,5})?$/.test(v), 'must be a price of at least 0 with at most 5 decimals')
    .describe('Unit price, at most 5 decimals (a number or a decimal string such as "12.34567")');

const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-mm-dd')
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: 'must be a real date',
      },
    );

/** PUT /products: one item, keyed by itemNumber. */
export const productUpsertItem = z.lazy(() =>
  z.object({
    itemNumber: erpText(40).regex(/^\S+$/, 'must not contain spaces').describe("The ERP's item number (the key)"),
    description: erpText(200),
    productType: erpText(100).describe('Created when new'),
    range: erpText(100).describe('A range within the product type; created when new'),
    unit: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,10}$/, 'must be a word like EACH, METRE, PACK, ROLL'),
    packQuantity: z.number().int().min(1).max(1_000_000),
    sellable: z.boolean().default(true).describe('False hides the item from search and ordering (discontinued)'),
    sourceVersion: sourceVersion(),
  }),
);
export type ProductUpsertItem = z.input<typeof productUpsertItem>;

const multibuyTier = () =>
  z.object({
    minimumQuantity: z.number().int().min(2).max(999_999),
    price: priceValue(),
  });

/** PUT /prices: one item, keyed by itemNumber + currency. */
export const priceUpsertItem = z.lazy(() =>
  z.object({
    itemNumber: erpText(40),
    currency: z.enum(['GBP', 'EUR']),
    listPrice: priceValue(),
    multibuy: z
      .array(multibuyTier())
      .max(20)
      .refine((tiers) => new Set(tiers.map((t) => t.minimumQuantity)).size === tiers.length, {
        message: 'two tiers have the same minimumQuantity',
      })
      .optional()
      .describe("Multi-buy tiers: replace the item's tiers in this currency ([] removes them; absent leaves them)"),
    sourceVersion: sourceVersion(),
  }),
);
export type PriceUpsertItem = z.input<typeof priceUpsertItem>;

/** PUT /stock: one item, keyed by itemNumber. */
export const stockUpsertItem = z.lazy(() =>
  z.object({
    itemNumber: erpText(40),
    quantity: z.number().int().min(0).max(2_000_000_000).describe('Quantity available now'),
    dueIn: z
      .array(z.object({ date: isoDate(), quantity: z.number().int().min(1).max(2_000_000_000) }))
      .max(50)
      .optional()
      .describe('Due-in schedule: replaces the previous one ([] clears it; absent leaves it)'),
    sourceVersion: sourceVersion(),
  }),
);
export type StockUpsertItem = z.input<typeof stockUpsertItem>;

const upsertBody = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z
      .array(item)
      .min(1)
      .max(UPSERT_MAX_ITEMS)
      .describe(`1 to ${UPSERT_MAX_ITEMS} items; each is answered on its own, in order`),
  });

export const upsertProductsRequest = z.lazy(() => upsertBody(productUpsertItem));
export const upsertPricesRequest = z.lazy(() => upsertBody(priceUpsertItem));
export const upsertStockRequest = z.lazy(() => upsertBody(stockUpsertItem));

/**
 * What the server checks of every upsert body before looking at an item: a list of 1 to 1,000
 * objects. Each item is then validated on its own, so a bad row is `failed` beside the good ones.
 */
export const upsertEnvelope = z.lazy(() =>
  z.object({ items: z.array(z.record(z.string(), z.unknown())).min(1).max(UPSERT_MAX_ITEMS) }),
);

export const upsertQuery = z.lazy(() =>
  z.object({
    atomic: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true')
      .describe('true: all or nothing (any failed item: 422 and nothing is written)'),
  }),
);

export const upsertItemResult = z.lazy(() =>
  z.object({
    index: z.number().int().describe('Position in the request'),
    key: z.string().describe("The item's ERP key (e.g. itemNumber, itemNumber/currency)"),
    status: z.enum(UPSERT_STATUSES),
    errors: z.array(problemFieldError).optional().describe('Why the item failed'),
    setPasswordLink: z
      .object({ url: z.string(), expiresAt: z.string() })
      .optional()
      .describe(
        'PUT /accounts/{customerNumber}/users only: a created user (or one sent with newSetPasswordLink) has no password; send them this one-time link to set one',
      ),
    invitationEmail: z
      .enum(['sent', 'not-sendable'])
      .optional()
      .describe(
        "PUT /accounts/{customerNumber}/users only, with a setPasswordLink: 'sent': the portal emails the user an invitation with that link (queued, sent by the mail worker); 'not-sendable': the user has no valid email address, deliver the link yourself",
      ),
  }),
);
export type UpsertItemResult = z.infer<typeof upsertItemResult>;

export const upsertResponse = z.lazy(() =>
  z.object({
    results: z.array(upsertItemResult),
    summary: z.object({
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      stale: z.number().int(),
      failed: z.number().int(),
    }),
  }),
);
export type UpsertResponse = z.infer<typeof upsertResponse>;

// ---- Orders out ----

export const ORDERS_OUT_MAX_LIMIT = 200;

export const ordersOutQuery = z.lazy(() =>
  z.object({
    after: z
      .string()
      .regex(/^\d{1,15}$/, 'must be a cursor returned by a previous page')
      .optional()
      .describe('The `next` of the previous page; absent for the first order ever placed'),
    limit: z.coerce.number().int().min(1).max(ORDERS_OUT_MAX_LIMIT).default(50),
  }),
);

const amount = () =>
  z
    .string()
    .regex(/^-?\d+\.\d{2}$/)
    .describe('Money, exactly 2 decimals, as a string');

export const orderOutLine = z.lazy(() =>
  z.object({
    lineNo: z.number().int(),
    type: z.string().describe("'Item' for goods, 'Charge' for carriage"),
    itemNumber: z.string(),
    description: z.string(),
    quantity: z.number().int(),
    unit: z.string(),
    unitPrice: z.string().describe('Unit price as charged, up to 5 decimals, as a string'),
    lineDiscountPercent: z.string(),
    total: amount(),
  }),
);

export const orderOut = z.lazy(() =>
  z.object({
    cursor: z.string().describe('Pass as `after` to page on from this order'),
    orderNumber: z.string(),
    customerNumber: z.string(),
    placedBy: z.string().nullable().describe('Username of the buyer who placed it'),
    placedAt: z.string().describe('ISO timestamp'),
    orderedDate: z.string().describe('yyyy-mm-dd'),
    status: z.string(),
    currency: z.enum(['GBP', 'EUR']),
    purchaseOrder: z.string(),
    delivery: z.object({
      addressReference: z.string(),
      name: z.string(),
      address1: z.string(),
      address2: z.string(),
      city: z.string(),
      county: z.string(),
      country: z.string(),
      postcode: z.string(),
      contact: z.string(),
      phone: z.string(),
    }),
    lines: z.array(orderOutLine),
    totals: z.object({ goods: amount(), vat: amount(), total: amount() }),
    payment: z
      .object({ reference: z.string(), status: z.string(), cardLast4: z.string().nullable() })
      .nullable()
      .describe('The card payment of a proforma order; null for an account order'),
    erpReference: z.string().nullable().describe('Recorded by POST /orders/{orderNumber}/acknowledge'),
    shipmentPreference: z
      .enum(SHIPMENT_PREFERENCES)
      .describe(
        "How the buyer chose to have it sent: 'partial' (in stock now, the rest when due) or 'complete' (everything together)",
      ),
  }),
);
export type OrderOut = z.infer<typeof orderOut>;

export const ordersOutResponse = z.lazy(() =>
  z.object({
    orders: z.array(orderOut),
    next: z.string().nullable().describe('Pass as `after` for the next page (the same when nothing is new yet)'),
    hasMore: z.boolean(),
  }),
);
export type OrdersOutResponse = z.infer<typeof ordersOutResponse>;

export const acknowledgeOrderRequest = z.lazy(() =>
  z.object({
    erpReference: z.string().trim().min(1).max(60).describe("The ERP's own order reference (the customer sees it)"),
  }),
);
export const acknowledgeOrderResponse = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    erpReference: z.string(),
    acknowledgedAt: z.string(),
  }),
);
export const integrationOrderParams = z.lazy(() => z.object({ orderNumber: z.string().trim().min(1).max(40) }));

/** PUT /orders/{orderNumber}/status */
export const setOrderStatusRequest = z.lazy(() =>
  z.object({
    status: z.enum(ORDER_STATUSES),
    trackingNumbers: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9-]{1,50}$/, 'letters, digits and -, at most 50'),
      )
      .max(50)
      .default([])
      .describe('Added to the order (numbers it has already are not repeated)'),
    despatchDate: isoDate().optional().describe('yyyy-mm-dd; Shipped without one: the order keeps its own, else today'),
  }),
);
export const setOrderStatusResponse = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    despatchDate: z.string().nullable(),
    trackingNumbers: z.array(z.string()),
    result: z.enum(['updated', 'unchanged']),
  }),
);

// ---- Accounts ----

const moneyValue = (min: 'zero' | 'any') =>
  z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .refine(
      (v) => (min === 'any' ? /^-?\d{1,10}(\.\d{1,2})?$/ : /^\d{1,10}(\.\d{1,2})?$/).test(v),
      min === 'any'
        ? 'must be an amount with at most 2 decimals'
        : 'must be an amount of at least 0 with at most 2 decimals',
    );
const percentValue = () =>
  z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .refine(
      (v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100,
      'must be a percent from 0 to 100, 2 decimals at most',
    );
const line = (max: number) => z.string().trim().max(max, `at most ${max} characters`).default('');

/** PUT /accounts: one trade account, keyed by customerNumber. */
export const accountUpsertItem = z.lazy(() =>
  z.object({
    customerNumber: erpText(20).regex(/^[A-Za-z0-9-]+$/, 'letters, digits and - only'),
    name: erpText(50),
    currency: z.enum(['GBP', 'EUR']),
    paymentTerms: z.enum(['credit', 'proforma']).describe('proforma: every order is paid by card before it is placed'),
    creditLimit: moneyValue('zero').default('0'),
    onStop: z.boolean().default(false).describe('On stop: the account cannot check out'),
    enabled: z.boolean().default(true),
    balance: moneyValue('any').default('0'),
    vatPercent: percentValue().default('20'),
    discountPercent: percentValue().default('0').describe('Discount on every product type without its own'),
    productTypeDiscounts: z
      .array(z.object({ productType: erpText(100), percent: percentValue() }))
      .max(100)
      .optional()
      .describe("Replaces the account's discounts by product type ([] removes them; absent leaves them)"),
    carriage: z.object({ charge: moneyValue('zero'), freeOver: moneyValue('zero') }).optional(),
    invoiceAddress: z.object({
      contact: line(50),
      address1: line(50),
      address2: line(50),
      city: line(30),
      county: line(30),
      postcode: line(20),
      country: erpText(60).describe('One of the portal countries, e.g. "United Kingdom (Mainland)"'),
      email: z.union([z.literal(''), z.email('must be an email address')]).default(''),
      phone: line(30),
    }),
    deliveryAddresses: z
      .array(
        z.object({
          reference: erpText(20),
          name: erpText(50),
          address1: erpText(50),
          address2: line(50),
          city: erpText(30),
          county: line(30),
          country: erpText(60),
          postcode: erpText(20),
          phone: line(30),
        }),
      )
      .max(200)
      .optional()
      .describe("Replaces the account's delivery addresses ([] removes them; absent leaves them)"),
    sourceVersion: sourceVersion(),
  }),
);
export type AccountUpsertItem = z.input<typeof accountUpsertItem>;
export const upsertAccountsRequest = z.lazy(() => upsertBody(accountUpsertItem));

// ---- Invoices ----

/** PUT /invoices: one invoice or credit memo, keyed by documentNumber. */
export const invoiceUpsertItem = z.lazy(() =>
  z
    .object({
      documentNumber: erpText(20),
      customerNumber: erpText(20),
      documentType: z.enum(['Invoice', 'Credit Memo']),
      postingDate: isoDate(),
      dueDate: isoDate(),
      reference: line(50),
      description: line(100),
      orderNumber: line(40),
      currency: z.enum(['GBP', 'EUR']).describe("Must be the account's currency"),
      amount: moneyValue('any').describe(
        'Goods and carriage before VAT (negative on a credit memo): what the lines add up to, to the penny',
      ),
      vat: moneyValue('any').describe("The document's VAT, as the ERP computed it (not checked against a rate)"),
      total: moneyValue('any').describe('Amount plus VAT, to the penny'),
      remaining: moneyValue('any').describe(
        'Still to pay (0 when settled), between 0 and total: open documents are those with a remaining amount',
      ),
      lines: z
        .array(
          z.object({
            type: z.string().trim().min(1).max(20).default('Item'),
            itemNumber: line(40),
            description: line(200),
            quantity: z.number().int().min(-1_000_000).max(1_000_000),
            unit: line(10),
            unitPrice: priceValue(),
            lineDiscountPercent: percentValue().default('0'),
            total: moneyValue('any'),
          }),
        )
        .max(500)
        .optional()
        .describe("Replaces the document's lines (absent leaves them); their totals add up to amount"),
      sourceVersion: sourceVersion(),
    })
    .describe(
      "The figures must agree, as the portal shows them (Total excl. VAT, VAT, Total incl. VAT): the lines' totals (carriage a line like any other) add up to amount, and amount plus vat is total, to the penny; without lines in the item, the document's stored lines (if any) must add up to the new amount. An invoice's amount, vat, total and remaining are 0 or more, a credit memo's 0 or less, and remaining is between 0 and total. A document that disagrees is failed, with a pointer to the figure and the sums in its detail (with atomic=true the request is 422).",
    ),
);
export type InvoiceUpsertItem = z.input<typeof invoiceUpsertItem>;
export const upsertInvoicesRequest = z.lazy(() => upsertBody(invoiceUpsertItem));

// ---- Users of an account ----

/** PUT /accounts/{customerNumber}/users: the account in the path. */
export const accountUsersParams = z.lazy(() => z.object({ customerNumber: z.string().trim().min(1).max(20) }));

/** PUT /accounts/{customerNumber}/users: one user of the account, keyed by username. */
export const userUpsertItem = z.lazy(() =>
  z.object({
    username: erpText(50)
      .regex(/^[A-Za-z0-9._@-]+$/, 'letters, digits and . _ @ - only')
      .describe('The login name (the key); unique across the portal'),
    name: erpText(50),
    email: z.union([z.literal(''), z.email('must be an email address')]).default(''),
    jobTitle: line(50),
    enabled: z.boolean().default(true).describe("False: the user cannot log in, and the user's sessions end at once"),
    newSetPasswordLink: z
      .boolean()
      .default(false)
      .describe('True: answer a new one-time set-password link for an existing user (a lost or expired link)'),
    sourceVersion: sourceVersion(),
  }),
);
export type UserUpsertItem = z.input<typeof userUpsertItem>;
export const upsertUsersRequest = z.lazy(() => upsertBody(userUpsertItem));
