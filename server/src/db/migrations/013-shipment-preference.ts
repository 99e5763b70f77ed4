import { sql, type Kysely } from 'kysely';

/**
 * How the buyer chose to have an order sent at review (delivery promise):
 * 'partial' (what is in stock now, the rest when due) or 'complete' (everything together). Orders
 * placed before the choice existed read as 'partial', the default. Same DDL on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('shipment_preference', 'text', (c) =>
      c
        .notNull()
        .defaultTo('partial')
        .check(sql`shipment_preference in ('partial', 'complete')`),
    )
    .execute();
}
