import { z } from 'zod';
import { errorResponse } from '../common.js';
import { withDetails } from '../endpoints.js';
import { VIEW_AS_MAX_MINUTES } from '../limits.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX, staffOk } from './common.js';
import { STAFF_MSG } from './messages.js';

export const startViewAsRequest = z.lazy(() =>
  z.object({
    userId: z.number().int().positive().describe('The customer user to view as'),
    reason: z.string().trim().min(3, STAFF_MSG.reasonRequired).max(500).describe('Why; kept in the audit log'),
  }),
);
export type StartViewAsRequest = z.infer<typeof startViewAsRequest>;

export const viewAsSession = z.lazy(() =>
  z.object({
    id: z.string(),
    accessToken: z
      .string()
      .describe(
        "A customer access token marked as view-as: open the buyer's portal with it in a separate tab; it has no refresh token and ends with the session",
      ),
    expiresAt: z.string().describe(`At most ${VIEW_AS_MAX_MINUTES} minutes after the start`),
    banner: z.string().describe('Viewing as {name} ({account}) for {staff}'),
    canOrder: z.boolean().describe('Whether orders may be placed and changed as the customer'),
    userId: z.number().int(),
    customerNumber: z.string(),
  }),
);
export type ViewAsSession = z.infer<typeof viewAsSession>;

export const viewAsParams = z.lazy(() => z.object({ id: z.string().uuid() }));

export const staffViewAsRoutes = /* @__PURE__ */ routeTable({
  startViewAs: { method: 'POST', path: `${STAFF_PREFIX}/view-as`, access: staff('customer_service') },
  endViewAs: { method: 'POST', path: `${STAFF_PREFIX}/view-as/:id/end`, access: staff('customer_service') },
});

export const staffViewAsEndpoints = /* @__PURE__ */ withDetails(staffViewAsRoutes, {
  startViewAs: {
    tags: ['staff: view as customer'],
    summary: 'Start viewing the portal as a customer user (audited, at most 30 minutes)',
    description:
      'Read-only unless the staff member may order on behalf; card payments, password changes and My Details are always refused. Never a back-office login.',
    body: startViewAsRequest,
    response: { 201: viewAsSession, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  },
  endViewAs: {
    tags: ['staff: view as customer'],
    summary: 'End a view-as session at once (its token stops working)',
    params: viewAsParams,
    response: { 200: staffOk, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  },
});
