/** Business constants from spec section 9. One place; server and web import them. */
export const SEARCH_PAGE_SIZE = 20;
export const OPEN_ORDERS_PAGE_SIZE = 20;
/** Quantities are at most 6 digits. */
export const QUANTITY_MAX_DIGITS = 6;
/** The largest quantity: QUANTITY_MAX_DIGITS nines. */
export const QUANTITY_MAX = 10 ** QUANTITY_MAX_DIGITS - 1;
/** Lines one basket may hold (adding or copying beyond is refused with MSG.basketFull). */
export const BASKET_MAX_LINES = 500;

export const FIELD_LIMITS = {
  purchaseOrder: 20,
  name: 50,
  address1: 50,
  address2: 50,
  city: 30,
  county: 30,
  postcode: 20,
  phoneNumber: 30,
} as const;

// INPUT_LIMITS lives in input-limits.ts: its own module, so the web's start-up code (which reads a few
// limits of this file) does not carry the request bounds only the server and forms check.
export { INPUT_LIMITS } from './input-limits.js';

/** A new password's shortest length (with a letter and a number: PASSWORD_RULE_MESSAGE says so). */
export const PASSWORD_MIN_LENGTH = 10;

export const PAYMENT_METHOD = 'PAY ONLINE' as const;
export const DEFAULT_ADDRESS_REFERENCE = 'INVOICE' as const;
export const NEW_ADDRESS_REFERENCE = 'New Delivery Address' as const;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 2;
export const SESSION_REHYDRATE_TIMEOUT_MS = 5000;
export const API_BASE_PATH = '/api';
/** RTK Query: unused cached data is kept 60 s. */
export const KEEP_UNUSED_DATA_SECONDS = 60;

export const CUSTOMER_SERVICE_HOURS = ['Mon-Thurs 08.30-17.00', 'Fri 08.30-14.00'] as const;

export const CURRENCIES = ['GBP', 'EUR'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];
/** A forgotten-password link works this long: an hour, long enough to reach the inbox, short if it leaks. */
export const PASSWORD_RESET_LINK_TTL_MINUTES = 60;
/** Forgotten-password requests: per username or email typed, and per user matched, an hour. */
export const PASSWORD_RESET_PER_HOUR = 3;

export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = { GBP: '£', EUR: '€' };

export const ORDER_STATUSES = ['Open', 'In Progress', 'Shipped', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * An order's life cycle: the statuses each may move to (setting the one it has is always allowed,
 * to add tracking numbers). Shipped and Cancelled are final. The ERP's PUT /orders/{n}/status and
 * the admin CLI's set-order-status both go through orderStatusService, which applies this.
 */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Open: ['In Progress', 'Shipped', 'Cancelled'],
  'In Progress': ['Shipped', 'Cancelled'],
  Shipped: [],
  Cancelled: [],
};
/** Lines one Quick Order check or add may carry: a trade buyer pastes whole orders of up to 1,000 lines. */
export const QUICK_ORDER_MAX_LINES = 2000;
/** Nearest codes offered for an unknown code. */
export const QUICK_ORDER_SUGGESTIONS = 3;

// ---- What the ERP may store: bounds derived from customer pricing's arithmetic ----
// Money is integers (docs/decisions/0002): prices in e5 (1/100,000), money in minor units, rates in
// basis points. Pricing (server/src/domain/pricing.ts) multiplies a price by (10,000 - discount bp),
// by a quantity, and a total by the VAT rate, each through mulDivRound, which is exact for any
// answer within Number.MAX_SAFE_INTEGER. Customers receive money as JSON numbers with 2 decimals:
// a double keeps every penny while half its spacing is under half a penny, i.e. below 2^46 units.
// So every amount the portal computes must stay within MONEY_EXACT_MAX_MINOR; the bounds below
// make the largest basket a customer can build fit, for every account's terms.

/** Below this many minor units (2^46 units: 70,368,744,177,664.00) a JSON number shows every penny. */
export const MONEY_EXACT_MAX_MINOR = 2 ** 46 * 100;
/** Discounts and VAT are at most 100 % (10,000 basis points). */
export const PERCENT_MAX_BP = 10_000;
/** A carriage charge (minor units): well within its 32-bit column (21,474,836.47); 999,999.99. */
export const CARRIAGE_MAX_MINOR = 99_999_999;
/**
 * The largest price P (e5) that the largest basket can carry: BASKET_MAX_LINES lines of
 * QUANTITY_MAX at P (no discount, no tier), plus carriage, plus VAT at 100 %:
 *   2 × (BASKET_MAX_LINES × (P × QUANTITY_MAX / 1000 + 1) + CARRIAGE_MAX_MINOR) ≤ MONEY_EXACT_MAX_MINOR
 *   P ≤ ((MONEY_EXACT_MAX_MINOR / 2 − CARRIAGE_MAX_MINOR) / BASKET_MAX_LINES − 1) × 1000 / QUANTITY_MAX
 *     = 7,036,881,254 e5 (70,368.81254).
 * A discount or a tier only lowers the unit price, so this is the worst case for every account.
 */
export const PRICE_CEILING_E5 = Math.floor(
  (((MONEY_EXACT_MAX_MINOR / 2 - CARRIAGE_MAX_MINOR) / BASKET_MAX_LINES - 1) * 1000) / QUANTITY_MAX,
);
/** The largest list price or multi-buy tier price the ERP may set: a round figure under the ceiling. */
export const LIST_PRICE_MAX = 50_000;
export const LIST_PRICE_MAX_E5 = LIST_PRICE_MAX * 100_000;
/**
 * Stock and due-in quantities: 32-bit columns (2,147,483,647); a due-in schedule's sum (50 entries,
 * 10^11 at most) stays far inside the safe range. Only added and compared, never multiplied.
 */
export const STOCK_MAX = 2_000_000_000;
/**
 * Credit limits, balances and invoice figures (amount, VAT, total, remaining, line totals) are
 * only added and compared, never multiplied: 10 digits (9,999,999,999.99) each keep an account's
 * balance exact up to 7,000 such documents open at once.
 */
export const ACCOUNT_MONEY_MAX_MINOR = 999_999_999_999;

/**
 * Integration API: presented keys that fail (unknown, revoked, malformed, a session token) per
 * client address a minute. Beyond it the address is answered 429 with Retry-After, even with a good
 * key (else a guess that works would show), until the minute has passed.
 */
export const API_KEY_FAILURES_PER_MINUTE = 30;

// ---- Staff back office ----

/** Rows per page of a staff list when none is asked for, and the most one page may hold. */
export const STAFF_PAGE_SIZE = 25;
export const STAFF_PAGE_SIZE_MAX = 100;
/** A credit limit set by staff: at most 10 digits before the point (ACCOUNT_MONEY_MAX_MINOR). */
export const CREDIT_LIMIT_MAX_DIGITS = 10;
/** A customer login's name: the admin CLI, the ERP's user upserts and the staff API all hold it. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const USERNAME_MAX = 50;
/** The day's order cut-off setting: hh:mm, 24-hour (the staff settings form and the admin CLI check it). */
export const ORDER_CUT_OFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A tracking number: the ERP's status push, the admin CLI and the staff API all hold it. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]{1,50}$/;
/** How many recent orders and invoices an account's staff page shows. */
export const STAFF_RECENT_ROWS = 10;

/** Wrong second factors (TOTP or recovery codes) in a row before a staff login locks. */
export const STAFF_FACTOR_MAX_FAILURES = 5;
/** How long a staff login stays locked after STAFF_FACTOR_MAX_FAILURES wrong second factors. */
export const STAFF_FACTOR_LOCK_MINUTES = 15;
/** Between the password and the second factor: how long the sign-in's challenge is good for. */
export const STAFF_CHALLENGE_MINUTES = 5;
/** One-time recovery codes handed out at enrolment. */
export const STAFF_RECOVERY_CODES = 10;
/** How long `staff create`'s set-up link works. */
export const STAFF_SETUP_LINK_TTL_HOURS = 24;
/** The longest a view-as-customer session lasts. */
export const VIEW_AS_MAX_MINUTES = 30;
