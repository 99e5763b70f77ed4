import { sql, type Insertable, type Updateable } from 'kysely';
import { batches, insertInBatches } from '../../db/batches.js';
import type { Db } from '../../db/client.js';
import type {
  AccountsTable,
  DeliveryAddressesTable,
  InvoiceLinesTable,
  InvoicesTable,
  UsersTable,
} from '../../db/types.js';

/** SQL of PUT /accounts. Account writes fire the `terms` change-feed trigger (migration 005). */
export function accountsUpsertRepository(db: Db) {
  return {
    /** The connection or transaction these statements run on (for a module's own writes in the same transaction). */
    db,
    countries: async () => (await db.selectFrom('countries').select('name').execute()).map((c) => c.name),
    accountsByNumber: async (numbers: readonly string[]) =>
      numbers.length === 0
        ? []
        : db.selectFrom('accounts').selectAll().where('customer_number', 'in', numbers).execute(),
    discountsOf: async (accountIds: readonly number[]) =>
      accountIds.length === 0
        ? []
        : db
            .selectFrom('account_discounts')
            .select(['account_id', 'product_type_id', 'discount_bp'])
            .where('account_id', 'in', accountIds)
            .execute(),
    addressesOf: async (accountIds: readonly number[]) =>
      accountIds.length === 0
        ? []
        : db
            .selectFrom('delivery_addresses')
            .select([
              'account_id',
              'reference',
              'name',
              'address1',
              'address2',
              'city',
              'county',
              'country',
              'postcode',
              'phone_number',
            ])
            .where('account_id', 'in', accountIds)
            .execute(),
    insertAccount: async (values: Insertable<AccountsTable>) =>
      (await db.insertInto('accounts').values(values).returning('id').executeTakeFirstOrThrow()).id,
    updateAccount: (id: number, values: Updateable<AccountsTable>) =>
      db.updateTable('accounts').set(values).where('id', '=', id).execute(),
    /** Each named account's type discounts replaced: one delete and a few inserts for the whole batch. */
    async replaceDiscounts(
      sets: readonly { accountId: number; rows: { product_type_id: number; discount_bp: number }[] }[],
    ) {
      for (const part of batches(sets, 1000))
        await db
          .deleteFrom('account_discounts')
          .where(
            'account_id',
            'in',
            part.map((s) => s.accountId),
          )
          .execute();
      await insertInBatches(
        db,
        'account_discounts',
        sets.flatMap((s) => s.rows.map((r) => ({ account_id: s.accountId, ...r }))),
      );
    },
    /** Each named account's delivery addresses replaced, as the discounts are. */
    async replaceAddresses(
      sets: readonly { accountId: number; rows: Omit<Insertable<DeliveryAddressesTable>, 'account_id'>[] }[],
    ) {
      for (const part of batches(sets, 1000))
        await db
          .deleteFrom('delivery_addresses')
          .where(
            'account_id',
            'in',
            part.map((s) => s.accountId),
          )
          .execute();
      await insertInBatches(
        db,
        'delivery_addresses',
        sets.flatMap((s) => s.rows.map((r) => ({ account_id: s.accountId, ...r }))),
      );
    },

    accountByNumber: (customerNumber: string) =>
      db
        .selectFrom('accounts')
        .select(['id', 'customer_number'])
        .where('customer_number', '=', customerNumber)
        .executeTakeFirst(),
    usersByUsername: async (usernames: readonly string[]) =>
      usernames.length === 0
        ? []
        : db
            .selectFrom('users')
            .select(['id', 'account_id', 'username', 'name', 'email', 'job_title', 'disabled'])
            // Without regard to case (migration 014): `DEMO` finds `demo`.
            .where(
              sql`lower(username)`,
              'in',
              usernames.map((u) => u.toLowerCase()),
            )
            .execute(),
    insertUser: async (values: Insertable<UsersTable>) =>
      (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id,
    updateUser: (id: number, values: Updateable<UsersTable>) =>
      db.updateTable('users').set(values).where('id', '=', id).execute(),
    /** A disabled user's refresh tokens are revoked (its links are the auth area's: `endUserLinks`). */
    async endUserSessions(userId: number, now: string) {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    invoicesByNumber: async (numbers: readonly string[]) =>
      numbers.length === 0
        ? []
        : db.selectFrom('invoices').selectAll().where('document_number', 'in', numbers).execute(),
    insertInvoice: async (values: Insertable<InvoicesTable>) =>
      (await db.insertInto('invoices').values(values).returning('id').executeTakeFirstOrThrow()).id,
    updateInvoice: (id: number, values: Updateable<InvoicesTable>) =>
      db.updateTable('invoices').set(values).where('id', '=', id).execute(),
    async replaceInvoiceLines(invoiceId: number, rows: Omit<Insertable<InvoiceLinesTable>, 'invoice_id'>[]) {
      await db.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
      if (rows.length > 0)
        await db
          .insertInto('invoice_lines')
          .values(rows.map((r) => ({ invoice_id: invoiceId, ...r })))
          .execute();
    },
  };
}
export type AccountsUpsertRepository = ReturnType<typeof accountsUpsertRepository>;
