import { z } from 'zod';
import { INPUT_LIMITS, QUANTITY_MAX, QUANTITY_MAX_DIGITS } from './limits.js';
import { MSG } from './messages.js';

/** Amounts leave the server as JSON numbers computed from exact integer arithmetic. */
export const money = z.lazy(() => z.number().describe('Amount in the account currency, exact to 2 decimals'));
/** Unit prices keep up to 5 decimals. */
export const unitPrice = z.lazy(() => z.number().describe('Unit price, up to 5 decimals'));
/** dd/mm/yy as the spec shows dates. */
export const shortDate = z.lazy(() =>
  z
    .string()
    .regex(/^\d{2}\/\d{2}\/\d{2}$/)
    .describe('Date as dd/mm/yy'),
);
/** 'True' or 'False' as text, as the spec's wire format has it. */
export const textBoolean = z.lazy(() => z.enum(['True', 'False']));

export const errorResponse = z.lazy(() =>
  z
    .object({
      statusCode: z.number(),
      error: z.string(),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    })
    .describe('Every 4xx/5xx answer has this shape'),
);

export const okResponse = z.lazy(() => z.object({ ok: z.literal(true) }));

export const healthResponse = z.lazy(() =>
  z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.object({
      engine: z.enum(['sqlite', 'postgres']),
      status: z.enum(['up', 'down']),
      latencyMs: z.number().describe('How long `select 1` took (or the time given up after)'),
    }),
  }),
);

export const notification = z.lazy(() =>
  z.object({
    showNotification: z.boolean(),
    notificationText: z.string().nullable(),
  }),
);
export type Notification = z.infer<typeof notification>;

export const country = z.lazy(() => z.object({ code: z.string(), name: z.string() }));
export type Country = z.infer<typeof country>;
export const countryList = z.lazy(() => z.array(country));

/** Public settings the web needs (support email, footer, external links). */
export const siteSettings = z.lazy(() =>
  z.object({
    supportEmail: z.string(),
    companyName: z.string(),
    companyAddress: z.string(),
    generalEnquiries: z.string(),
    companySiteUrl: z.string(),
    customerLoginUrl: z.string(),
    outOfStockUrl: z.string(),
    trackingUrlTemplate: z.string(),
    // The carrier the tracking URL template belongs to, named beside each tracking number (no
    // .describe(): this schema loads with the first screen, whose JS is budgeted).
    trackingCarrier: z.string().optional(),
    parentGroupUrl: z.string(),
  }),
);
export type SiteSettings = z.infer<typeof siteSettings>;

/** The largest value of the database's integer columns (ids, revisions): PostgreSQL `integer`. */
export const INT32_MAX = 2_147_483_647;

/** A JSON id: a number (never a string, boolean or array) within the integer column. */
export const idNumber = z.lazy(() =>
  z.number({ error: MSG.mustBeNumber }).int(MSG.mustBeNumber).min(1).max(INT32_MAX, `Must be at most ${INT32_MAX}`),
);

/**
 * A number in a URL path or query: decimal digits only (no '0x10', '1e2', ' 3', '-1'), within the
 * integer column, so nothing odd reaches the database.
 */
export const digitsParam = (min = 1, max = INT32_MAX) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'Must be a whole number written in digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max, `Must be at most ${max}`));

/** A whole number of at most QUANTITY_MAX_DIGITS digits, above 0 (spec section 5). JSON numbers only: "5", true, [5] are refused. */
export const quantity = z.lazy(() =>
  z
    .number({ error: MSG.mustBeNumber })
    .int(MSG.mustBeNumber)
    .min(1, MSG.quantityTooSmall)
    .max(QUANTITY_MAX, MSG.quantityTooLarge(QUANTITY_MAX_DIGITS)),
);

export const itemNumber = z.lazy(() => z.string().trim().min(1, MSG.required).max(INPUT_LIMITS.code));

// --- Health for load balancers and orchestrators ---

export const liveResponse = z.lazy(() =>
  z.object({ status: z.literal('ok') }).describe('The process answers; says nothing about its database'),
);

const readyCheck = z.enum(['up', 'down', 'off']);
export const readyResponse = z.lazy(() =>
  z
    .object({
      status: z.enum(['ready', 'starting', 'draining', 'unavailable']),
      checks: z.object({
        database: readyCheck.describe('`select 1` answered'),
        migrations: readyCheck.describe('every migration this server knows has run'),
        redis: readyCheck.describe('Redis answered PING (off: REDIS_URL unset)'),
        changeFeed: readyCheck.describe('PostgreSQL LISTEN connection live (off: SQLite or LISTEN_FOR_CHANGES=false)'),
      }),
    })
    .describe('200 only when this server should get traffic; 503 while starting, draining or missing a dependency'),
);
export type ReadyResponse = z.infer<typeof readyResponse>;

/**
 * A postal address with its phone number, named as every screen and answer of the portal names it
 * (the one address schema: saved delivery addresses, the invoice address and the delivery details
 * extend it). Wire shapes fixed by others (the basket header's `address`/`postCode`/`phoneNo`, the
 * payment addresses, the ERP feed's `phone`) are mapped to and from it in one place each.
 */
export const address = z.lazy(() =>
  z.object({
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    county: z.string(),
    country: z.string(),
    postcode: z.string(),
    phoneNumber: z.string(),
  }),
);
export type Address = z.infer<typeof address>;
