import type { Db } from '../../db/client.js';

/** View-as sessions, and the customer user a session would show (read only). */
export function viewAsRepository(db: Db) {
  return {
    findCustomerUser(userId: number) {
      return db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select([
          'users.id',
          'users.username',
          'users.name',
          'users.email',
          'users.disabled',
          'users.account_id',
          'accounts.customer_number',
          'accounts.name as account_name',
          'accounts.disabled as account_disabled',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    async insert(row: {
      id: string;
      staffId: number;
      userId: number;
      accountId: number;
      reason: string;
      canOrder: boolean;
      startedAt: string;
      expiresAt: string;
    }): Promise<void> {
      await db
        .insertInto('view_as_sessions')
        .values({
          id: row.id,
          staff_id: row.staffId,
          user_id: row.userId,
          account_id: row.accountId,
          reason: row.reason,
          can_order: row.canOrder ? 1 : 0,
          started_at: row.startedAt,
          expires_at: row.expiresAt,
          ended_at: null,
        })
        .execute();
    },

    /** A session with its staff member's username and the viewed user's username. */
    find(id: string) {
      return db
        .selectFrom('view_as_sessions')
        .innerJoin('staff_users', 'staff_users.id', 'view_as_sessions.staff_id')
        .innerJoin('users', 'users.id', 'view_as_sessions.user_id')
        .select([
          'view_as_sessions.id',
          'view_as_sessions.staff_id',
          'view_as_sessions.user_id',
          'view_as_sessions.account_id',
          'view_as_sessions.can_order',
          'view_as_sessions.expires_at',
          'view_as_sessions.ended_at',
          'staff_users.username as staff_username',
          'users.username as user_username',
        ])
        .where('view_as_sessions.id', '=', id)
        .executeTakeFirst();
    },

    /** Marks an order of the session's account as placed on the customer's behalf. */
    async markPlacedOnBehalf(orderNumber: string, accountId: number, staffId: number, note: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ placed_by_staff_id: staffId, placed_on_behalf: note })
        .where('order_number', '=', orderNumber)
        .where('account_id', '=', accountId)
        .execute();
    },

    async end(id: string, now: string): Promise<boolean> {
      const res = await db
        .updateTable('view_as_sessions')
        .set({ ended_at: now })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type ViewAsRepository = ReturnType<typeof viewAsRepository>;
