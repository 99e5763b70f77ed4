import { z } from 'zod';
import { errorResponse, money, unitPrice } from '../common.js';
import { withDetails } from '../endpoints.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX } from './common.js';
import { CURRENCIES, ORDER_STATUSES, TRACKING_NUMBER_PATTERN } from '../limits.js';
import { SHIPMENT_PREFERENCES } from '../delivery-messages.js';
import { orderCancellation, orderDeliveryAddress } from '../orders.js';
import { BACK_OFFICE_MSG } from './back-office-messages.js';
import { isoDateParam, listPage, listQuery, searchText } from './paging.js';

/**
 * The staff back office's orders: every account's, filtered and paged on the server; an order's
 * page; its status changed through the same service and life cycle (ORDER_STATUS_TRANSITIONS) as the
 * ERP and the admin CLI; its acknowledgement sent again.
 */

export const STAFF_ORDER_SORT_KEYS = ['orderedDate', 'orderNumber', 'customerNumber', 'status', 'total'] as const;
export type StaffOrderSortKey = (typeof STAFF_ORDER_SORT_KEYS)[number];

export const listStaffOrdersQuery = z.lazy(() =>
  listQuery(STAFF_ORDER_SORT_KEYS, 'orderedDate')
    .extend({
      status: z.enum(ORDER_STATUSES).optional(),
      customerNumber: searchText(20).describe('Only this account’s orders (exact account number)'),
      from: isoDateParam.optional().describe('Ordered on or after (yyyy-mm-dd)'),
      to: isoDateParam.optional().describe('Ordered on or before (yyyy-mm-dd)'),
      q: searchText(40).describe('Order number or customer reference, contains'),
    })
    .refine((v) => !v.from || !v.to || v.from <= v.to, { message: BACK_OFFICE_MSG.dateRangeReversed, path: ['from'] }),
);

export const staffOrderRow = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    customerNumber: z.string(),
    accountName: z.string(),
    reference: z.string(),
    status: z.string(),
    orderedDate: z.string().describe('yyyy-mm-dd'),
    currency: z.enum(CURRENCIES),
    total: money,
  }),
);
export type StaffOrderRow = z.infer<typeof staffOrderRow>;
export const listStaffOrdersResponse = z.lazy(() => listPage(staffOrderRow));
export type ListStaffOrdersResponse = z.infer<typeof listStaffOrdersResponse>;

export const staffOrderParams = z.lazy(() => z.object({ orderNumber: z.string().trim().min(1).max(40) }));

export const ORDER_EVENT_KINDS = [
  'placed',
  'acknowledged-by-erp',
  'tracking-added',
  'despatched',
  'cancelled',
  'email',
] as const;

export const staffOrderDetail = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    customerNumber: z.string(),
    accountName: z.string(),
    placedBy: z.string().nullable().describe('The username that placed it; null for an order from the ERP'),
    placedOnBehalf: z
      .string()
      .nullable()
      .describe('"placed by {staff} for {user}" when a member of staff placed it viewing as the customer'),
    reference: z.string(),
    status: z.string(),
    allowedStatuses: z.array(z.enum(ORDER_STATUSES)).describe('Where its status may go from here'),
    orderedDate: z.string(),
    despatchDate: z.string().nullable(),
    currency: z.enum(CURRENCIES),
    amount: money,
    vat: money,
    total: money,
    shipmentPreference: z.enum(SHIPMENT_PREFERENCES),
    deliveryAddress: orderDeliveryAddress,
    payment: z
      .object({
        id: z.string(),
        status: z.string(),
        amount: money,
        createdAt: z.string(),
      })
      .nullable()
      .describe('The card payment of a proforma order; null for a credit order'),
    erpReference: z.string().nullable(),
    trackingNumbers: z.array(z.string()),
    cancellation: orderCancellation.nullable(),
    lines: z.array(
      z.object({
        lineNo: z.number().int(),
        type: z.string(),
        itemNumber: z.string(),
        description: z.string(),
        quantity: z.number().int(),
        quantityShipped: z.number().int(),
        unit: z.string(),
        unitPrice,
        total: money,
      }),
    ),
    events: z
      .array(z.object({ at: z.string(), kind: z.enum(ORDER_EVENT_KINDS), detail: z.string() }))
      .describe('Its history, oldest first'),
    updatedAt: z.string().describe('Send it back with a status change: a change made since answers 409'),
  }),
);
export type StaffOrderDetail = z.infer<typeof staffOrderDetail>;

const trackingNumber = z.string().trim().regex(TRACKING_NUMBER_PATTERN, BACK_OFFICE_MSG.trackingFormat);

export const setStaffOrderStatusRequest = z.lazy(() =>
  z.object({
    status: z.enum(ORDER_STATUSES),
    trackingNumbers: z.array(trackingNumber).max(20).default([]).describe('Added to the order’s tracking numbers'),
    despatchDate: isoDateParam.optional().describe('yyyy-mm-dd; Shipped without one keeps the order’s, else today'),
    updatedAt: z.string().min(1).max(40).describe('The order’s updatedAt as the screen showed it'),
  }),
);
export type SetStaffOrderStatusRequest = z.input<typeof setStaffOrderStatusRequest>;

/** 409: the order changed since the screen read it; `current` is the order now. */
export const staffOrderConflict = z.lazy(() =>
  z.object({
    statusCode: z.literal(409),
    error: z.string(),
    message: z.string(),
    current: staffOrderDetail,
  }),
);

export const resendOrderAcknowledgementResponse = z.lazy(() => z.object({ queued: z.boolean(), message: z.string() }));

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorResponse]));
const O = `${STAFF_PREFIX}/orders`;

export const staffOrdersRoutes = /* @__PURE__ */ routeTable({
  listStaffOrders: { method: 'GET', path: O, access: staff('read_only') },
  getStaffOrder: { method: 'GET', path: `${O}/:orderNumber`, access: staff('read_only') },
  setStaffOrderStatus: { method: 'PUT', path: `${O}/:orderNumber/status`, access: staff('customer_service') },
  resendOrderAcknowledgement: {
    method: 'POST',
    path: `${O}/:orderNumber/resend-acknowledgement`,
    access: staff('customer_service'),
  },
});

export const staffOrdersEndpoints = /* @__PURE__ */ withDetails(staffOrdersRoutes, {
  listStaffOrders: {
    tags: ['staff: orders'],
    summary: 'Every account’s orders, filtered by status, date range, account and text; paged and sorted on the server',
    query: listStaffOrdersQuery,
    response: { 200: listStaffOrdersResponse, ...errors(400, 401, 403) },
  },
  getStaffOrder: {
    tags: ['staff: orders'],
    summary: 'An order: lines, payment, ship choice, tracking, its history, and the statuses it may move to',
    params: staffOrderParams,
    response: { 200: staffOrderDetail, ...errors(400, 401, 403, 404) },
  },
  setStaffOrderStatus: {
    tags: ['staff: orders'],
    summary: 'Change an order’s status and add tracking numbers, by the life cycle the ERP and the admin CLI follow',
    description:
      'updatedAt is the order’s updatedAt the screen read: when the order changed since (the ERP, another member of staff), the answer is 409 with the order as it is now (current). A move the life cycle refuses is 409 too.',
    params: staffOrderParams,
    body: setStaffOrderStatusRequest,
    response: { 200: staffOrderDetail, ...errors(400, 401, 403, 404), 409: staffOrderConflict },
  },
  resendOrderAcknowledgement: {
    tags: ['staff: orders'],
    summary: 'Send the order acknowledgement email again (to who placed it and the account’s address)',
    params: staffOrderParams,
    response: { 200: resendOrderAcknowledgementResponse, ...errors(400, 401, 403, 404) },
  },
});
