import { sql, type Kysely } from 'kysely';

/**
 * Team accounts: each customer user has a role within the account, an optional per-order limit and
 * monthly budget (minor units of the account's currency; null is no limit), and the time of their
 * last sign-in. Every user already there becomes an account admin, so they order as before.
 * Orders record who approved or declined them, when, and why (declined), and when they were
 * withdrawn; an order submitted for approval waits as 'Awaiting approval' until then. Same DDL on
 * both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('team_role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('admin')
        .check(sql`team_role in ('admin', 'approver', 'buyer', 'finance', 'viewer')`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('order_limit_minor', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('monthly_budget_minor', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();

  await db.schema.alterTable('orders').addColumn('approved_by_user_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('approved_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('declined_by_user_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('declined_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('decline_reason', 'text').execute();
  await db.schema.alterTable('orders').addColumn('withdrawn_at', 'text').execute();
  // The monthly budget sums one user's orders of a month.
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();
}
