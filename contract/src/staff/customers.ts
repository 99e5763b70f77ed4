import { z } from 'zod';
import { errorResponse, money } from '../common.js';
import { withDetails } from '../endpoints.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX } from './common.js';
import { creditSummary } from '../credit.js';
import { CREDIT_LIMIT_MAX_DIGITS, CURRENCIES, ORDER_STATUSES } from '../limits.js';
import { BACK_OFFICE_MSG } from './back-office-messages.js';
import { listPage, listQuery, searchText } from './paging.js';

/**
 * The staff back office's customers: search, an account's page, and the credit limit and on-stop
 * that finance and admin change. Where the ERP pushes an account (PUT /api/integration/v1/accounts),
 * it owns these two values: each says where its current value came from and when.
 */

export const CUSTOMER_SORT_KEYS = ['customerNumber', 'name', 'postcode', 'balance', 'creditLimit'] as const;
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];

export const searchCustomersQuery = z.lazy(() =>
  listQuery(CUSTOMER_SORT_KEYS, 'customerNumber').extend({
    q: searchText(100).describe(
      'Matched case-insensitively against the account number, name and postcode, and the usernames, names and email addresses of its users',
    ),
    onStop: z.enum(['true', 'false']).optional().describe('Only accounts on stop (true) or not (false)'),
  }),
);

export const customerRow = z.lazy(() =>
  z.object({
    customerNumber: z.string(),
    name: z.string(),
    postcode: z.string(),
    city: z.string(),
    currency: z.enum(CURRENCIES),
    balance: money,
    creditLimit: money,
    onStop: z.boolean(),
    proforma: z.boolean(),
    disabled: z.boolean(),
    users: z.number().int().describe('Login users of the account'),
  }),
);
export type CustomerRow = z.infer<typeof customerRow>;
export const searchCustomersResponse = z.lazy(() => listPage(customerRow));
export type SearchCustomersResponse = z.infer<typeof searchCustomersResponse>;

export const customerParams = z.lazy(() => z.object({ customerNumber: z.string().trim().min(1).max(20) }));

/** Where a credit limit's or on-stop's current value came from. */
export const VALUE_SOURCES = ['erp', 'portal'] as const;
export const valueSource = z.lazy(() =>
  z.object({
    source: z
      .enum(VALUE_SOURCES)
      .describe(
        'erp: the ERP pushed it (its next push replaces any change made here); portal: set here or by the admin CLI',
      ),
    changedAt: z.string().nullable().describe('When it was last set (ISO 8601, UTC); null when not known'),
  }),
);
export type ValueSourceInfo = z.infer<typeof valueSource>;

export const customerUserRow = z.lazy(() =>
  z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    jobTitle: z.string(),
    disabled: z.boolean(),
    passwordSet: z.boolean().describe('False until the user has used their set-password link'),
  }),
);

export const customerOrderRow = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    reference: z.string(),
    status: z.enum(ORDER_STATUSES).or(z.string()),
    orderedDate: z.string().describe('yyyy-mm-dd'),
    total: money,
  }),
);

export const customerInvoiceRow = z.lazy(() =>
  z.object({
    documentNumber: z.string(),
    documentType: z.string(),
    postingDate: z.string(),
    dueDate: z.string(),
    total: money,
    remaining: money,
  }),
);

export const customerDeliveryAddress = z.lazy(() =>
  z.object({
    reference: z.string(),
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    county: z.string(),
    postcode: z.string(),
    country: z.string(),
    phoneNumber: z.string(),
  }),
);

export const customerDetail = z.lazy(() =>
  z.object({
    customerNumber: z.string(),
    name: z.string(),
    contact: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    address: z.object({
      address1: z.string(),
      address2: z.string(),
      city: z.string(),
      county: z.string(),
      postcode: z.string(),
      country: z.string(),
    }),
    currency: z.enum(CURRENCIES),
    proforma: z.boolean(),
    disabled: z.boolean(),
    vatPercent: z.number(),
    discountPercent: z.number(),
    creditLimit: money,
    creditLimitSource: valueSource,
    onStop: z.boolean(),
    onStopSource: valueSource,
    credit: creditSummary.describe('Balance, exposure, available credit and the ageing of open documents'),
    deliveryAddresses: z.array(customerDeliveryAddress),
    users: z.array(customerUserRow),
    recentOrders: z.array(customerOrderRow).describe('The newest orders, newest first'),
    recentInvoices: z.array(customerInvoiceRow).describe('The newest invoices and credit notes, newest first'),
  }),
);
export type CustomerDetail = z.infer<typeof customerDetail>;

/** A credit limit typed by staff: an amount with at most 2 decimals and 10 digits before the point. */
export const creditLimitValue = z.lazy(() =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${CREDIT_LIMIT_MAX_DIGITS}}(\\.\\d{1,2})?$`), BACK_OFFICE_MSG.creditLimitFormat),
);

export const updateCustomerCreditRequest = z.lazy(() =>
  z
    .object({
      creditLimit: creditLimitValue.optional().describe('The new credit limit; 0 means none'),
      onStop: z.boolean().optional(),
    })
    .refine((v) => v.creditLimit !== undefined || v.onStop !== undefined, { message: BACK_OFFICE_MSG.nothingToChange }),
);
export type UpdateCustomerCreditRequest = z.input<typeof updateCustomerCreditRequest>;

export const customerCredit = z.lazy(() =>
  z.object({
    customerNumber: z.string(),
    creditLimit: money,
    creditLimitSource: valueSource,
    onStop: z.boolean(),
    onStopSource: valueSource,
  }),
);
export type CustomerCredit = z.infer<typeof customerCredit>;

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorResponse]));
const P = `${STAFF_PREFIX}/customers`;

export const staffCustomersRoutes = /* @__PURE__ */ routeTable({
  searchCustomers: { method: 'GET', path: P, access: staff('read_only') },
  getCustomer: { method: 'GET', path: `${P}/:customerNumber`, access: staff('read_only') },
  updateCustomerCredit: { method: 'PATCH', path: `${P}/:customerNumber/credit`, access: staff('finance') },
});

export const staffCustomersEndpoints = /* @__PURE__ */ withDetails(staffCustomersRoutes, {
  searchCustomers: {
    tags: ['staff: customers'],
    summary: 'Search accounts by number, name, postcode or a user’s username; paged and sorted on the server',
    query: searchCustomersQuery,
    response: { 200: searchCustomersResponse, ...errors(400, 401, 403) },
  },
  getCustomer: {
    tags: ['staff: customers'],
    summary:
      'An account’s page: details, credit limit and on-stop (with where each came from), balance and ageing, delivery addresses, users, recent orders and invoices',
    params: customerParams,
    response: { 200: customerDetail, ...errors(400, 401, 403, 404) },
  },
  updateCustomerCredit: {
    tags: ['staff: customers'],
    summary:
      'Change an account’s credit limit and/or on-stop (finance, admin); audited with the values before and after',
    description:
      'The value becomes the portal’s (creditLimitSource.source = portal). Where the ERP pushes the account, its next push replaces it.',
    params: customerParams,
    body: updateCustomerCreditRequest,
    response: { 200: customerCredit, ...errors(400, 401, 403, 404) },
  },
});
