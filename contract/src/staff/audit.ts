import { z } from 'zod';
import { errorResponse } from '../common.js';
import { withDetails } from '../endpoints.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX, pageQuery } from './common.js';
import { STAFF_MSG } from './messages.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date as yyyy-mm-dd');

/** GET /api/staff/audit: by staff member (username), customer (number), dates (inclusive). */
export const auditFilter = z.lazy(() =>
  z
    .object({
      staff: z.string().trim().max(40).optional().describe('A staff username'),
      customer: z.string().trim().max(40).optional().describe('A customer number'),
      from: isoDate.optional(),
      to: isoDate.optional(),
      action: z.string().trim().max(60).optional(),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: STAFF_MSG.badDateRange, path: ['from'] }),
);
export type AuditFilter = z.infer<typeof auditFilter>;

export const AUDIT_SORTS = ['at', '-at', 'staff', '-staff', 'action', '-action'] as const;
export const auditQuery = z.lazy(() =>
  z
    .object({
      ...pageQuery.unwrap().shape,
      sort: z.enum(AUDIT_SORTS).default('-at').describe('A field, newest first with a leading -'),
    })
    .and(auditFilter),
);
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.lazy(() =>
  z.object({
    id: z.number().int(),
    at: z.string(),
    staffId: z.number().int().nullable().describe('Null for the CLI'),
    staffUsername: z.string(),
    address: z.string().describe('The client address the action came from'),
    action: z.string(),
    targetKind: z.string().nullable(),
    targetId: z.string().nullable(),
    customerNumber: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    viewAsId: z.string().nullable(),
  }),
);
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.lazy(() =>
  z.object({
    rows: z.array(auditEntry),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type AuditPage = z.infer<typeof auditPage>;

export const staffAuditRoutes = /* @__PURE__ */ routeTable({
  searchStaffAudit: { method: 'GET', path: `${STAFF_PREFIX}/audit`, access: staff('admin') },
  exportStaffAudit: { method: 'GET', path: `${STAFF_PREFIX}/audit.csv`, access: staff('admin') },
});

export const staffAuditEndpoints = /* @__PURE__ */ withDetails(staffAuditRoutes, {
  searchStaffAudit: {
    tags: ['staff: audit'],
    summary: 'The audit log: every staff action and view-as session, paged and sorted on the server',
    query: auditQuery,
    response: { 200: auditPage, 400: errorResponse, 401: errorResponse, 403: errorResponse },
  },
  exportStaffAudit: {
    tags: ['staff: audit'],
    summary: 'The audit log as CSV, with the same filters (oldest first)',
    query: auditFilter,
    produces: 'csv',
    response: { 400: errorResponse, 401: errorResponse, 403: errorResponse },
  },
});
