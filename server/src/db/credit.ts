import type { ExpressionBuilder } from 'kysely';
import { UNINVOICED_ORDER_STATUSES } from '@wholesale/contract';
import type { Database } from './types.js';

/**
 * The total of the account's orders not yet invoiced (Open, In Progress): part of its credit
 * exposure. A subquery both the account summary and checkout's credit check select, so it lives
 * beside the schema rather than in either module's repository.
 */
export function uninvoicedOrdersMinor(eb: ExpressionBuilder<Database, 'accounts'>) {
  return eb
    .selectFrom('orders')
    .select((o) => o.fn.coalesce(o.fn.sum<number | string>('orders.total_minor'), o.lit(0)).as('total'))
    .whereRef('orders.account_id', '=', 'accounts.id')
    .where('orders.status', 'in', [...UNINVOICED_ORDER_STATUSES])
    .as('uninvoiced_minor');
}
