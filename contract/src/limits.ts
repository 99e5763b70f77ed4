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

export const PAYMENT_METHOD = 'PAY ONLINE' as const;
export const DEFAULT_ADDRESS_REFERENCE = 'INVOICE' as const;
export const NEW_ADDRESS_REFERENCE = 'New Delivery Address' as const;

export const IMAGE_TYPES = { thumbnail: 0, large: 1 } as const;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 2;
export const SESSION_REHYDRATE_TIMEOUT_MS = 5000;
export const API_BASE_PATH = '/api';
/** RTK Query: unused cached data is kept 60 s. */
export const KEEP_UNUSED_DATA_SECONDS = 60;

export const CUSTOMER_SERVICE_HOURS = ['Mon-Thurs 08.30-17.00', 'Fri 08.30-14.00'] as const;

export const CURRENCIES = ['GBP', 'EUR'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];
/** A forgotten-password link works this long (issue 34: within an hour). */
export const PASSWORD_RESET_LINK_TTL_MINUTES = 60;
/** Forgotten-password requests: per username or email typed, and per user matched, an hour. */
export const PASSWORD_RESET_PER_HOUR = 3;

export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = { GBP: '£', EUR: '€' };

export const ORDER_STATUSES = ['Open', 'In Progress', 'Shipped', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses in which a credit customer may still cancel an order. */
export const NON_CANCELLABLE_STATUSES: readonly string[] = ['Shipped', 'In Progress', 'Cancelled'];
/** Lines one Quick Order check or add may carry (issue 27 asks for no cap below 1,000). */
export const QUICK_ORDER_MAX_LINES = 2000;
/** Nearest codes offered for an unknown code. */
export const QUICK_ORDER_SUGGESTIONS = 3;
