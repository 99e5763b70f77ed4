import { z } from 'zod';
import { money } from './common.js';
import type { OrderStatus } from './limits.js';

/**
 * Credit and ageing (an addition to the spec, docs/spec-deviations.md).
 *
 * The ageing buckets by days overdue: today minus the due date, in whole days. Not yet due and due
 * today are 'current'; a day past due is 1-30, and so on; 91 days and more is 'over-90'.
 */
export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', 'over-90'] as const;
export type AgeingBucketKey = (typeof AGEING_BUCKETS)[number];

/** The bucket of a document overdue by `daysOverdue` days (0 or fewer: current). */
export function ageingBucketOf(daysOverdue: number): AgeingBucketKey {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return '1-30';
  if (daysOverdue <= 60) return '31-60';
  if (daysOverdue <= 90) return '61-90';
  return 'over-90';
}

/**
 * The orders that count against credit before they are invoiced: placed and not yet shipped (an
 * order is invoiced when it ships; a cancelled one owes nothing). A deviation from the spec's
 * "limit minus balance" (docs/spec-deviations.md).
 */
export const UNINVOICED_ORDER_STATUSES = ['Open', 'In Progress'] as const satisfies readonly OrderStatus[];

/** Credit exposure: the posted balance plus the orders not yet invoiced (minor units). */
export function creditExposure(balanceMinor: number, uninvoicedOrdersMinor: number): number {
  return balanceMinor + uninvoicedOrdersMinor;
}

/**
 * The credit rule, one place for the server's refusal at Place Order and the warning at the basket
 * and Review Order: an order is beyond the account's available credit (credit limit minus the
 * exposure: the posted balance and the orders not yet invoiced, creditExposure) when its total is
 * more than that. A credit limit of 0 means none is set (as in the ERP): nothing is beyond it. All
 * amounts in minor units.
 */
export function exceedsAvailableCredit(creditLimitMinor: number, exposureMinor: number, orderMinor: number): boolean {
  if (creditLimitMinor <= 0) return false;
  return orderMinor > creditLimitMinor - exposureMinor;
}

const documentNumbers = z.lazy(() => z.array(z.string()).describe('Document numbers, oldest due first'));

export const ageingBucket = z.lazy(() =>
  z.object({
    key: z.enum(AGEING_BUCKETS).describe('current, 1-30, 31-60, 61-90 or over-90 days overdue'),
    total: money.describe('What remains on the bucket’s invoices'),
    documentNumbers: documentNumbers.describe('The open invoices in the bucket (payable online), oldest due first'),
  }),
);
export type AgeingBucket = z.infer<typeof ageingBucket>;

/** GET /account/credit: the caller's account's credit position and the ageing of its open documents. */
export const creditSummary = z.lazy(() =>
  z.object({
    creditLimit: money.describe('0 when no credit limit is set'),
    balance: money.describe("The account's posted balance (from the ERP); orders not yet invoiced are not in it"),
    uninvoicedOrders: money.describe(
      'The total (VAT included) of the account’s orders placed and not yet invoiced: Open and In Progress',
    ),
    exposure: money.describe('Balance plus orders not yet invoiced: what the credit limit is measured against'),
    availableCredit: money
      .nullable()
      .describe(
        'Credit limit minus exposure (balance and orders not yet invoiced), never below 0; null when no credit limit is set',
      ),
    buckets: z
      .array(ageingBucket)
      .describe('The five buckets, always in the order current, 1-30, 31-60, 61-90, over-90'),
    unallocatedCredit: z
      .object({
        total: money.describe('The credit notes’ remaining amounts (negative)'),
        documentNumbers,
      })
      .describe('Open credit notes: not aged and not payable; the office allocates them'),
    onStop: z.boolean().describe('The account is on stop: no credit orders'),
    overdue: z
      .object({ total: money, documentNumbers })
      .describe('Every open invoice past its due date (all buckets but current): why an account is on stop'),
  }),
);
export type CreditSummary = z.infer<typeof creditSummary>;
