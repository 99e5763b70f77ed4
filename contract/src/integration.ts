import { z } from 'zod';
import {
  ACCOUNT_MONEY_MAX_MINOR,
  CARRIAGE_MAX_MINOR,
  CURRENCIES,
  FIELD_LIMITS,
  INPUT_LIMITS,
  LIST_PRICE_MAX,
  ORDER_STATUSES,
  QUANTITY_MAX,
  STOCK_MAX,
  TRACKING_NUMBER_PATTERN,
  USERNAME_PATTERN,
} from './limits.js';
import { INTEGRATION_MSG } from './integration-messages.js';
import { digitsParam, INT32_MAX } from './common.js';
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

/** How every API key starts (`wpk_<key id>_<secret>`); a customer route tells such a caller what it is. */
export const API_KEY_PREFIX = 'wpk_';

/** Every integration route sits under this prefix. */
export const INTEGRATION_PREFIX = '/api/integration/v1';

// ---- Errors: RFC 9457 problem details ----

/**
 * Every kind of problem this API answers, one `type` each (RFC 9457). A type is the full path of a
 * page under the portal that describes it (GET INTEGRATION_PREFIX/problems/{kind}): RFC 9457 asks
 * that a type URI which is a locator lead to human-readable documentation, and that a relative one
 * carry the full path. We keep it relative (resolved against the request's URL, it is the portal's
 * own page) so that one kind has the same `type` on every deployment and an ERP can compare it as
 * a string; `about:blank` is not used, since every answer has a kind.
 */
export const PROBLEM_KINDS = {
  'invalid-request': {
    status: 400,
    title: 'Invalid request',
    about: 'The body, query or path did not pass validation; `errors` names each field by JSON pointer.',
  },
  'malformed-json': {
    status: 400,
    title: 'Malformed JSON',
    about: 'The body is not valid JSON (or is empty where a body is needed).',
  },
  'webhook-url-refused': {
    status: 400,
    title: 'Webhook URL refused',
    about:
      'The webhook URL is not http(s), carries credentials, does not resolve, or resolves to a private, loopback or link-local address.',
  },
  'idempotency-key-invalid': {
    status: 400,
    title: 'Idempotency-Key invalid',
    about: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  },
  'bad-request': { status: 400, title: 'Bad request', about: 'The request cannot be served as sent; detail says why.' },
  unauthenticated: {
    status: 401,
    title: 'API key missing or not valid',
    about: 'Send a live API key (Authorization: Bearer wpk_... or X-Api-Key); a customer session token is not one.',
  },
  'missing-scope': {
    status: 403,
    title: 'Scope missing',
    about: "The API key's client lacks the scope the endpoint needs (detail names it).",
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    about: 'No such endpoint, or no such order, endpoint or event for this client.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    about:
      "The change conflicts with the resource's state, e.g. an order status its life cycle does not allow (detail gives the current status).",
  },
  'content-too-large': {
    status: 413,
    title: 'Content too large',
    about: "The body is larger than the route's limit (sized from its largest valid batch; README, ERP integration).",
  },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type', about: 'Bodies are application/json.' },
  'atomic-refused': {
    status: 422,
    title: 'Atomic upsert refused',
    about: 'With atomic=true an item failed, so nothing was written; `errors` names the items.',
  },
  'idempotency-key-reused': {
    status: 422,
    title: 'Idempotency-Key reused',
    about: 'This Idempotency-Key was used with a different request.',
  },
  unprocessable: {
    status: 422,
    title: 'Unprocessable content',
    about: 'The request is well formed but cannot be applied; detail says why.',
  },
  'rate-limited': {
    status: 429,
    title: 'Rate limit reached',
    about:
      "The client's requests a minute, or the failed keys a minute from this address, are spent; retry after Retry-After seconds.",
  },
  'server-error': { status: 500, title: 'Server error', about: 'The portal failed; quote requestId to the supplier.' },
  unavailable: {
    status: 503,
    title: 'Unavailable',
    about: 'The database is unreachable for a moment; retry after Retry-After seconds.',
  },
} as const;
export type ProblemKind = keyof typeof PROBLEM_KINDS;
export const PROBLEM_KIND_NAMES = Object.keys(PROBLEM_KINDS) as [ProblemKind, ...ProblemKind[]];
/** The `type` of a kind of problem: the path of its page. */
export const problemType = (kind: ProblemKind): string => `/api/integration/v1/problems/${kind}`;
/** GET INTEGRATION_PREFIX/problems/{kind} */
export const problemKindParams = z.lazy(() => z.object({ kind: z.enum(PROBLEM_KIND_NAMES) }));

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
      type: z
        .string()
        .describe(
          `The kind of problem: the full path of a page under the portal that describes it, one of ${PROBLEM_KIND_NAMES.map((k) => `/api/integration/v1/problems/${k}`).join(', ')} (GET it for its description)`,
        ),
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
    // Kept in a bigint column and compared exactly: no further than a double holds every integer.
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe(
      "The ERP's version of the row (a row version or timestamp, growing): an item older than the last one applied for its key is answered `stale` and not applied",
    );

const erpText = (max: number) => z.string().trim().min(1, 'required').max(max, `at most ${max} characters`);

/**
 * A price as the portal keeps it: at most 5 decimals, given as a JSON number or a decimal string.
 * With `max` (list and multi-buy prices, which customer pricing multiplies): at most that much
 * (limits.ts derives LIST_PRICE_MAX from the largest basket).
 */
const priceValue = (max?: number) =>
  z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,9}(\.\d{1,5})?$/.test(v), 'must be a price of at least 0 with at most 5 decimals')
    .refine((v) => max === undefined || Number(v) <= max, INTEGRATION_MSG.atMost(String(max)))
    .describe(
      `Unit price, at most 5 decimals (a number or a decimal string such as "12.34567")${max === undefined ? '' : `, at most ${max}`}`,
    );

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
    itemNumber: erpText(INPUT_LIMITS.code)
      .regex(/^\S+$/, 'must not contain spaces')
      .describe("The ERP's item number (the key)"),
    description: erpText(INPUT_LIMITS.text),
    productType: erpText(INPUT_LIMITS.shortText).describe('Created when new'),
    range: erpText(INPUT_LIMITS.shortText).describe('A range within the product type; created when new'),
    unit: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,10}$/, 'must be a word like EACH, METRE, PACK, ROLL'),
    packQuantity: z.number().int().min(1).max(INPUT_LIMITS.erpQuantity),
    sellable: z.boolean().default(true).describe('False hides the item from search and ordering (discontinued)'),
    sourceVersion: sourceVersion(),
  }),
);
export type ProductUpsertItem = z.input<typeof productUpsertItem>;

const multibuyTier = () =>
  z.object({
    minimumQuantity: z.number().int().min(2).max(QUANTITY_MAX),
    price: priceValue(LIST_PRICE_MAX),
  });

/** PUT /prices: one item, keyed by itemNumber + currency. */
export const priceUpsertItem = z.lazy(() =>
  z.object({
    itemNumber: erpText(INPUT_LIMITS.code),
    currency: z.enum(CURRENCIES),
    listPrice: priceValue(LIST_PRICE_MAX),
    multibuy: z
      .array(multibuyTier())
      .max(INPUT_LIMITS.multibuyTiers)
      .refine((tiers) => new Set(tiers.map((t) => t.minimumQuantity)).size === tiers.length, {
        message: 'two tiers have the same minimumQuantity',
      })
      .optional()
      .describe("Multi-buy tiers: replace the item's tiers in this currency ([] removes them; absent leaves them)"),
    sourceVersion: sourceVersion(),
  }),
);

/** PUT /stock: one item, keyed by itemNumber. */
export const stockUpsertItem = z.lazy(() =>
  z.object({
    itemNumber: erpText(INPUT_LIMITS.code),
    quantity: z.number().int().min(0).max(STOCK_MAX).describe('Quantity available now'),
    dueIn: z
      .array(z.object({ date: isoDate(), quantity: z.number().int().min(1).max(STOCK_MAX) }))
      .max(INPUT_LIMITS.dueInDates)
      .optional()
      .describe('Due-in schedule: replaces the previous one ([] clears it; absent leaves it)'),
    sourceVersion: sourceVersion(),
  }),
);

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

/**
 * Rows nested in items (PUT /accounts: delivery addresses and product-type discounts; PUT /invoices:
 * lines) one request may carry across all its items. With it, each route's body limit is the size
 * of its largest valid batch (server/src/modules/integration/body-limits.ts): 1,000 items at their
 * longest plus this many nested rows at theirs, so a valid batch is never refused as too large.
 */
export const UPSERT_MAX_NESTED_ROWS = 10_000;

/** The envelope of an upsert whose items nest rows in `fields`: at most UPSERT_MAX_NESTED_ROWS of them in all. */
export const upsertNestedEnvelope = (fields: readonly string[]) =>
  z.lazy(() =>
    upsertEnvelope.superRefine((body, ctx) => {
      let rows = 0;
      for (const [index, item] of body.items.entries()) {
        for (const f of fields) {
          const nested = item[f];
          if (Array.isArray(nested)) rows += nested.length;
        }
        if (rows > UPSERT_MAX_NESTED_ROWS) {
          ctx.addIssue({
            code: 'custom',
            path: ['items', index],
            message: INTEGRATION_MSG.tooManyNestedRows(fields, UPSERT_MAX_NESTED_ROWS),
          });
          return;
        }
      }
    }),
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
      .regex(/^\d{1,10}$/, INTEGRATION_MSG.badCursor)
      .refine((v) => Number(v) <= INT32_MAX, INTEGRATION_MSG.badCursor)
      .optional()
      .describe('The `next` of the previous page; absent for the first order ever placed'),
    limit: digitsParam(1, ORDERS_OUT_MAX_LIMIT).default(50),
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
    approvedBy: z
      .string()
      .nullable()
      .describe("Username of who approved it, when it was over its buyer's spending limits; null otherwise"),
    placedAt: z.string().describe('ISO timestamp'),
    orderedDate: z.string().describe('yyyy-mm-dd'),
    status: z.string(),
    currency: z.enum(CURRENCIES),
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
    erpReference: z
      .string()
      .trim()
      .min(1)
      .max(INPUT_LIMITS.reference)
      .describe("The ERP's own order reference (the customer sees it)"),
  }),
);
export const acknowledgeOrderResponse = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    erpReference: z.string(),
    acknowledgedAt: z.string(),
  }),
);
export const integrationOrderParams = z.lazy(() =>
  z.object({ orderNumber: z.string().trim().min(1).max(INPUT_LIMITS.code) }),
);

/** PUT /orders/{orderNumber}/status */
export const setOrderStatusRequest = z.lazy(() =>
  z.object({
    status: z.enum(ORDER_STATUSES),
    trackingNumbers: z
      .array(z.string().trim().regex(TRACKING_NUMBER_PATTERN, 'letters, digits and -, at most 50'))
      .max(INPUT_LIMITS.trackingNumbers)
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

/**
 * Money with at most 2 decimals, at most `maxMinor` minor units: by default 10 digits
 * (ACCOUNT_MONEY_MAX_MINOR: credit limits, balances and invoice figures, only added and compared).
 */
const moneyValue = (min: 'zero' | 'any', maxMinor: number = ACCOUNT_MONEY_MAX_MINOR) =>
  z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .refine(
      (v) => (min === 'any' ? /^-?\d{1,10}(\.\d{1,2})?$/ : /^\d{1,10}(\.\d{1,2})?$/).test(v),
      min === 'any'
        ? 'must be an amount with at most 2 decimals'
        : 'must be an amount of at least 0 with at most 2 decimals',
    )
    .refine((v) => Math.abs(Number(v)) <= maxMinor / 100, INTEGRATION_MSG.atMost((maxMinor / 100).toFixed(2)));
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
    customerNumber: erpText(INPUT_LIMITS.customerNumber).regex(/^[A-Za-z0-9-]+$/, 'letters, digits and - only'),
    name: erpText(FIELD_LIMITS.name),
    currency: z.enum(CURRENCIES),
    paymentTerms: z.enum(['credit', 'proforma']).describe('proforma: every order is paid by card before it is placed'),
    creditLimit: moneyValue('zero').default('0'),
    onStop: z.boolean().default(false).describe('On stop: the account cannot check out'),
    enabled: z.boolean().default(true),
    balance: moneyValue('any').default('0'),
    vatPercent: percentValue().default('20'),
    discountPercent: percentValue().default('0').describe('Discount on every product type without its own'),
    productTypeDiscounts: z
      .array(z.object({ productType: erpText(INPUT_LIMITS.shortText), percent: percentValue() }))
      .max(INPUT_LIMITS.productTypeDiscounts)
      .optional()
      .describe("Replaces the account's discounts by product type ([] removes them; absent leaves them)"),
    carriage: z.object({ charge: moneyValue('zero', CARRIAGE_MAX_MINOR), freeOver: moneyValue('zero') }).optional(),
    invoiceAddress: z.object({
      contact: line(FIELD_LIMITS.name),
      address1: line(FIELD_LIMITS.address1),
      address2: line(FIELD_LIMITS.address2),
      city: line(FIELD_LIMITS.city),
      county: line(FIELD_LIMITS.county),
      postcode: line(FIELD_LIMITS.postcode),
      country: erpText(INPUT_LIMITS.country).describe('One of the portal countries, e.g. "United Kingdom (Mainland)"'),
      email: z.union([z.literal(''), z.email('must be an email address')]).default(''),
      phone: line(FIELD_LIMITS.phoneNumber),
    }),
    deliveryAddresses: z
      .array(
        z.object({
          reference: erpText(INPUT_LIMITS.customerNumber),
          name: erpText(FIELD_LIMITS.name),
          address1: erpText(FIELD_LIMITS.address1),
          address2: line(FIELD_LIMITS.address2),
          city: erpText(FIELD_LIMITS.city),
          county: line(FIELD_LIMITS.county),
          country: erpText(INPUT_LIMITS.country),
          postcode: erpText(FIELD_LIMITS.postcode),
          phone: line(FIELD_LIMITS.phoneNumber),
        }),
      )
      .max(INPUT_LIMITS.deliveryAddresses)
      .optional()
      .describe("Replaces the account's delivery addresses ([] removes them; absent leaves them)"),
    sourceVersion: sourceVersion(),
  }),
);
export const upsertAccountsRequest = z.lazy(() => upsertBody(accountUpsertItem));

// ---- Invoices ----

/** PUT /invoices: one invoice or credit memo, keyed by documentNumber. */
export const invoiceUpsertItem = z.lazy(() =>
  z
    .object({
      documentNumber: erpText(INPUT_LIMITS.customerNumber),
      customerNumber: erpText(INPUT_LIMITS.customerNumber),
      documentType: z.enum(['Invoice', 'Credit Memo']),
      postingDate: isoDate(),
      dueDate: isoDate(),
      reference: line(INPUT_LIMITS.erpShortText),
      description: line(INPUT_LIMITS.shortText),
      orderNumber: line(INPUT_LIMITS.code),
      currency: z.enum(CURRENCIES).describe("Must be the account's currency"),
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
            type: z.string().trim().min(1).max(INPUT_LIMITS.lineType).default('Item'),
            itemNumber: line(INPUT_LIMITS.code),
            description: line(INPUT_LIMITS.text),
            quantity: z.number().int().min(-INPUT_LIMITS.erpQuantity).max(INPUT_LIMITS.erpQuantity),
            unit: line(INPUT_LIMITS.unit),
            unitPrice: priceValue(),
            lineDiscountPercent: percentValue().default('0'),
            total: moneyValue('any'),
          }),
        )
        .max(INPUT_LIMITS.orderLines)
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
export const accountUsersParams = z.lazy(() =>
  z.object({ customerNumber: z.string().trim().min(1).max(INPUT_LIMITS.customerNumber) }),
);

/** PUT /accounts/{customerNumber}/users: one user of the account, keyed by username. */
export const userUpsertItem = z.lazy(() =>
  z.object({
    username: erpText(INPUT_LIMITS.erpShortText)
      .regex(USERNAME_PATTERN, 'letters, digits and . _ @ - only')
      .describe('The login name (the key); unique across the portal'),
    name: erpText(FIELD_LIMITS.name),
    email: z.union([z.literal(''), z.email('must be an email address')]).default(''),
    jobTitle: line(INPUT_LIMITS.erpShortText),
    enabled: z.boolean().default(true).describe("False: the user cannot log in, and the user's sessions end at once"),
    newSetPasswordLink: z
      .boolean()
      .default(false)
      .describe('True: answer a new one-time set-password link for an existing user (a lost or expired link)'),
    sourceVersion: sourceVersion(),
  }),
);
export const upsertUsersRequest = z.lazy(() => upsertBody(userUpsertItem));
