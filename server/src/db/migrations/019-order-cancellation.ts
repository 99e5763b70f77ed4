import { sql, type Kysely } from 'kysely';

/**
 * Who cancelled an order and when: a cancelled order stays listed as Cancelled
 * with both, and the cancellation email reads them. `cancelled_by` is the kind of actor: 'customer'
 * (a portal user, `cancelled_by_user_id`), 'erp' (an API client, named in `cancelled_by_name`) or
 * 'admin' (the operator's CLI). Orders cancelled before this migration have none of them. Same DDL
 * on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('cancelled_by', 'text', (c) => c.check(sql`cancelled_by in ('customer', 'erp', 'admin')`))
    .execute();
  await db.schema.alterTable('orders').addColumn('cancelled_by_user_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('cancelled_by_name', 'text').execute();
}
