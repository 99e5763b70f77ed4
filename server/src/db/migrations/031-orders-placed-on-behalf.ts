import type { Kysely } from 'kysely';

/**
 * An order placed while a staff member was viewing as the customer (with the order-on-behalf
 * permission) says so: the staff member's id and "placed by {staff} for {user}". Null otherwise.
 * Same DDL on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('placed_by_staff_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('placed_on_behalf', 'text').execute();
}
