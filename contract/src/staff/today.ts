import { z } from 'zod';
import { errorResponse } from '../common.js';
import { withDetails } from '../endpoints.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX } from './common.js';

/** How many of the newest each Today tile lists. */
export const TODAY_NEWEST = 5;

const tile = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int().describe('How many in all'), newest: z.array(row).max(TODAY_NEWEST) });

export const todayOrder = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    customerNumber: z.string(),
    accountName: z.string(),
    placedAt: z.string(),
    total: z.string().describe('Decimal text in the order currency'),
    currencyCode: z.string(),
    status: z.string(),
  }),
);
/** A proforma order waiting for its card payment: not placed yet, so no order number. */
export const todayWaitingOrder = z.lazy(() =>
  z.object({
    reference: z.string().describe('What the payment page shows'),
    customerNumber: z.string(),
    accountName: z.string(),
    startedAt: z.string(),
    total: z.string().describe('Decimal text in the currency'),
    currencyCode: z.string(),
  }),
);
export const todayAccount = z.lazy(() =>
  z.object({ customerNumber: z.string(), name: z.string(), balance: z.string(), creditLimit: z.string() }),
);
export const todayWebhookFailure = z.lazy(() =>
  z.object({
    deliveryId: z.number().int(),
    endpointId: z.number().int(),
    url: z.string(),
    eventType: z.string(),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    at: z.string(),
  }),
);
export const todayMailFailure = z.lazy(() =>
  z.object({
    id: z.number().int(),
    kind: z.string(),
    status: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    at: z.string(),
  }),
);

export const staffToday = z.lazy(() =>
  z.object({
    date: z.string().describe("Today's date (the server's, yyyy-mm-dd)"),
    ordersToday: tile(todayOrder).describe('Orders placed today'),
    ordersWaiting: tile(todayWaitingOrder).describe('Proforma orders whose card payment has not completed'),
    accountsOnStop: tile(todayAccount),
    failedWebhooks: tile(todayWebhookFailure).describe('Webhook deliveries that gave up'),
    failedEmails: tile(todayMailFailure).describe('Emails failed or unsendable'),
  }),
);
export type StaffToday = z.infer<typeof staffToday>;

export const staffTodayRoutes = /* @__PURE__ */ routeTable({
  getStaffToday: { method: 'GET', path: `${STAFF_PREFIX}/today`, access: staff('read_only') },
});

export const staffTodayEndpoints = /* @__PURE__ */ withDetails(staffTodayRoutes, {
  getStaffToday: {
    tags: ['staff: today'],
    summary: 'Today: orders placed today, orders waiting, accounts on stop, failed webhooks and emails',
    description: `Each tile: its count and the ${TODAY_NEWEST} newest.`,
    response: { 200: staffToday, 401: errorResponse, 403: errorResponse },
  },
});
