import { sql, type Kysely } from 'kysely';

/**
 * Where an account's credit limit and on-stop came from, and when they were last set: 'erp' when
 * the ERP's account upsert wrote them (the ERP owns them: its next push replaces a change made in
 * the portal), 'portal' when staff or the admin CLI did. The staff back office shows it beside
 * each value. Existing accounts are marked 'portal' with no time (not known). Same DDL on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['credit_limit', 'on_stop']) {
    await db.schema
      .alterTable('accounts')
      .addColumn(`${column}_source`, 'text', (c) =>
        c
          .notNull()
          .defaultTo('portal')
          .check(sql.raw(`${column}_source in ('erp', 'portal')`)),
      )
      .execute();
    await db.schema.alterTable('accounts').addColumn(`${column}_changed_at`, 'text').execute();
  }
}
