/**
 * @wholesale/contract/staff: the staff back office's API (everything under /api/staff), kept out of
 * the contract's main entry so the buyer's web bundle never carries it. One file per area; each
 * exports its route table (`staff<Area>Routes`) and its endpoints with schemas
 * (`staff<Area>Endpoints`), listed once in `staffEndpoints` below. The server registers and guards
 * every entry of `staffEndpoints`; the role probe test walks it.
 */
import type { Endpoint } from '../endpoints.js';
import { staffAuditEndpoints } from './audit.js';
import { staffAuthEndpoints } from './auth.js';
import { staffTodayEndpoints } from './today.js';
import { staffUserEndpoints } from './staff-users.js';
import { staffViewAsEndpoints } from './view-as.js';
import { backOfficeEndpoints } from './back-office.js';

export * from './roles.js';
export * from './messages.js';
export * from './common.js';
export * from './auth.js';
export * from './today.js';
export * from './audit.js';
export * from './view-as.js';
export * from './staff-users.js';
export * from './back-office.js';

/** Every staff endpoint (add an area's endpoints here). */
export const staffEndpoints = {
  ...staffAuthEndpoints,
  ...staffTodayEndpoints,
  ...staffAuditEndpoints,
  ...staffViewAsEndpoints,
  ...staffUserEndpoints,
  ...backOfficeEndpoints,
} as const satisfies Record<string, Endpoint>;
