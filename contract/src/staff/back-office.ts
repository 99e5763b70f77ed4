/**
 * The back office's customers, customer users, orders, settings and integration: their endpoints
 * together, for `staffEndpoints` (index.ts).
 */
import { staffCustomersEndpoints } from './customers.js';
import { staffCustomerUsersEndpoints } from './users.js';
import { staffOrdersEndpoints } from './orders.js';
import { staffSettingsEndpoints } from './settings.js';
import { staffIntegrationEndpoints } from './integration.js';

export * from './back-office-messages.js';
export * from './paging.js';
export * from './customers.js';
export * from './users.js';
export * from './orders.js';
export * from './settings.js';
export * from './integration.js';

export const backOfficeEndpoints = {
  ...staffCustomersEndpoints,
  ...staffCustomerUsersEndpoints,
  ...staffOrdersEndpoints,
  ...staffSettingsEndpoints,
  ...staffIntegrationEndpoints,
} as const;
