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
