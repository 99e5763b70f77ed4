import { z } from 'zod';
import { money, shortDate, unitPrice } from './common.js';
import { shipmentPreference } from './delivery-promise.js';
import { INPUT_LIMITS } from './limits.js';
import { APPROVAL_STATUSES } from './team-roles.js';

/**
 * Open orders (spec sections 3, 4 and 7). Names are shared by the schema, the service method and
 * the RTK Query endpoint: listOpenOrders, trackOrder, copyOrder, cancelOrder, downloadOrderStatement.
 */

export const openOrderLine = z.lazy(() =>
  z.object({
    type: z.string().describe("'Item' for goods; other types (e.g. 'Charge' for carriage) are not copied"),
    itemNo: z.string(),
    description: z.string(),
    quantity: z.number().int(),
    quantityShipped: z.number().int(),
    location: z.string(),
    unit: z.string(),
    unitPrice,
    lineDiscount: z.number().describe('Discount percent, 2 decimals'),
    total: money,
  }),
);
export type OpenOrderLine = z.infer<typeof openOrderLine>;

/**
 * Who cancelled an order: a portal user, the supplier's ERP (an API client), or the supplier's staff
 * ('admin': a member of staff in the back office, or the operator's admin CLI).
 */
export const ORDER_CANCELLERS = ['customer', 'erp', 'admin'] as const;
export type OrderCanceller = (typeof ORDER_CANCELLERS)[number];

export const orderCancellation = z.lazy(() =>
  z.object({
    at: z.string().describe('When it was cancelled (ISO 8601, UTC)'),
    by: z.enum(ORDER_CANCELLERS),
    name: z
      .string()
      .nullable()
      .describe(
        "The portal user's name when the customer cancelled, the staff member's username when the supplier's staff did in the back office; null for the ERP and the admin CLI",
      ),
  }),
);
export type OrderCancellation = z.infer<typeof orderCancellation>;

export const orderDeliveryAddress = z.lazy(() =>
  z.object({
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    county: z.string(),
    postcode: z.string(),
    country: z.string(),
  }),
);
export type OrderDeliveryAddress = z.infer<typeof orderDeliveryAddress>;

export const openOrder = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    reference: z.string().describe('The customer reference (purchase order)'),
    location: z.string().describe('Location text; the orders list shows it without its last character'),
    despatchDate: shortDate.nullable(),
    orderedDate: shortDate,
    invoiceTotal: money.describe('Amount plus VAT'),
    amount: money.describe('Goods and carriage before VAT'),
    vatAmount: money,
    isTrackingAvailable: z.boolean(),
    status: z.string().describe('Open, In Progress, Shipped or Cancelled'),
    totalOrderAmount: money.describe('Sum of the line totals (the lines table grand total)'),
    openOrderLine: z.array(openOrderLine),
    erpReference: z
      .string()
      .nullable()
      .optional()
      .describe("The supplier's own order reference, once its ERP has acknowledged the order"),
    shipmentPreference: shipmentPreference
      .optional()
      .describe('How the buyer chose to have the order sent at review (always sent by this server)'),
    deliveryAddress: orderDeliveryAddress
      .optional()
      .describe('Where the order is delivered (always sent by this server)'),
    cancellation: orderCancellation
      .nullable()
      .optional()
      .describe(
        'When and by whom a Cancelled order was cancelled (null for others, and for ones cancelled before this was recorded)',
      ),
    placedBy: z.string().nullable().optional().describe('The name of the portal user who placed or submitted it'),
    placedByMe: z.boolean().optional().describe('Whether the caller placed or submitted it'),
    approvedBy: z.string().nullable().optional().describe('Who approved it (orders that waited for approval)'),
    declinedBy: z.string().nullable().optional(),
    declineReason: z.string().nullable().optional().describe('Why a Declined order was declined'),
  }),
);
export type OpenOrder = z.infer<typeof openOrder>;

/**
 * Statuses in which an order can no longer be cancelled (spec section 4: Shipped, In Progress). An
 * order in approval is withdrawn by its buyer instead (team accounts), or is already ended.
 */
export const ORDER_LOCKED_STATUSES = ['Shipped', 'In Progress', 'Cancelled', ...APPROVAL_STATUSES] as const;
/** Whether Cancel Order can succeed for an order in this status (the server decides; this offers it). */
export const orderCancellable = (status: string): boolean =>
  !(ORDER_LOCKED_STATUSES as readonly string[]).includes(status);
export const openOrderList = z.lazy(() => z.array(openOrder));
/** GET /api/order */
export const listOpenOrdersResponse = openOrderList;

export const orderNumberParams = z.lazy(() =>
  z.object({ orderNumber: z.string().trim().min(1).max(INPUT_LIMITS.code) }),
);
export type OrderNumberParams = z.infer<typeof orderNumberParams>;

/** GET /api/order/{orderNumber}/track: empty list when the order has no tracking numbers. */
export const trackingResponse = z.lazy(() => z.object({ trackingId: z.array(z.string()) }));
export type TrackingResponse = z.infer<typeof trackingResponse>;
export const trackOrderResponse = trackingResponse;

/**
 * POST /api/order/{orderNumber}/copy?mode=: 'replace' (the spec's: clear the basket first, the
 * default) or 'add' (keep the basket; an item already in it gets the order's quantity added).
 */
export const COPY_ORDER_MODES = ['replace', 'add'] as const;
export type CopyOrderMode = (typeof COPY_ORDER_MODES)[number];
export const copyOrderQuery = z.lazy(() =>
  z.object({
    mode: z
      .enum(COPY_ORDER_MODES)
      .default('replace')
      .describe("'replace' clears the basket first (the default); 'add' keeps what is in it"),
  }),
);

/** POST /api/order/{orderNumber}/copy */
export const copyOrderResponse = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    copiedLines: z.number().int(),
    skippedItems: z.array(z.string()).describe('Items no longer sold, reported rather than dropped silently'),
  }),
);
export type CopyOrderResponse = z.infer<typeof copyOrderResponse>;

/** POST /api/order/{orderNumber}/cancel */
export const cancelOrderResponse = z.lazy(() => z.object({ orderNumber: z.string(), status: z.string() }));
export type CancelOrderResponse = z.infer<typeof cancelOrderResponse>;

/**
 * POST /api/order/statement-template: the web posts the selected order merged with the user; only
 * orderNumber identifies it. Every figure in the PDF comes from the database.
 */
export const orderStatementRequest = z.lazy(() =>
  z.looseObject({ orderNumber: z.string().trim().min(1).max(INPUT_LIMITS.code) }),
);

/** The file name the spec gives every document download (section 7); kept only as the fallback name. */
export const STATEMENT_FILENAME = 'Statement.pdf';

/**
 * The file a document's PDF is saved under: its own number, so that downloads of several orders
 * or invoices can be told apart (SO-200072.pdf, SI-100047.pdf). Only letters, digits, dot, dash and
 * underscore reach a Content-Disposition header.
 */
export function documentFilename(documentNumber: string): string {
  const safe = documentNumber
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 120);
  return safe ? `${safe}.pdf` : STATEMENT_FILENAME;
}
