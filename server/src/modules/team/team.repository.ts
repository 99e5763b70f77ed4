import { sql } from 'kysely';
import {
  APPROVED_AWAITING_PAYMENT,
  AWAITING_APPROVAL,
  BUDGET_STATUSES,
  DECLINED,
  WITHDRAWN,
  type TeamRole,
} from '@wholesale/contract';
import { engineOf, type Db } from '../../db/client.js';
import { nowIso } from '../../lib/time.js';

const userColumns = [
  'users.id',
  'users.username',
  'users.name',
  'users.email',
  'users.team_role',
  'users.order_limit_minor',
  'users.monthly_budget_minor',
  'users.last_login_at',
  'users.disabled',
  'users.password_hash',
] as const;

export interface NewTeamUser {
  accountId: number;
  username: string;
  name: string;
  email: string;
  role: TeamRole;
  orderLimitMinor: number | null;
  monthlyBudgetMinor: number | null;
  passwordHash: string;
}

export interface TeamUserPatch {
  team_role?: TeamRole;
  order_limit_minor?: number | null;
  monthly_budget_minor?: number | null;
  disabled?: number;
}

/** The only place SQL of team accounts lives: the account's users, limits and orders in approval. */
export function teamRepository(db: Db) {
  return {
    async accountCurrency(accountId: number) {
      const row = await db
        .selectFrom('accounts')
        .select('currency_code')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row?.currency_code;
    },

    /** Whose and which account's an order is (the approval request email). */
    findOrderForMail(orderNumber: string) {
      return db
        .selectFrom('orders')
        .select(['account_id', 'user_id'])
        .where('order_number', '=', orderNumber)
        .executeTakeFirst();
    },

    /** A user as the ERP's user.updated event names them. */
    async userForEvent(userId: number) {
      return db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select([
          'accounts.customer_number',
          'users.username',
          'users.name',
          'users.email',
          'users.job_title',
          'users.disabled',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    listUsers(accountId: number) {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where('users.account_id', '=', accountId)
        .orderBy('users.username')
        .execute();
    },

    /** One user of the account; another account's user is not found. */
    findUser(accountId: number, userId: number) {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where('users.account_id', '=', accountId)
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    async usernameTaken(username: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertUser(u: NewTeamUser): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('users')
        .values({
          account_id: u.accountId,
          username: u.username,
          password_hash: u.passwordHash,
          name: u.name,
          job_title: '',
          email: u.email,
          disabled: 0,
          created_at: now,
          password_changed_at: now,
          team_role: u.role,
          order_limit_minor: u.orderLimitMinor,
          monthly_budget_minor: u.monthlyBudgetMinor,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateUser(accountId: number, userId: number, patch: TeamUserPatch): Promise<void> {
      await db.updateTable('users').set(patch).where('account_id', '=', accountId).where('id', '=', userId).execute();
    },

    /**
     * Locks the account's users for a change of roles or status (PostgreSQL; SQLite's write
     * transaction is already exclusive), so two admins demoting each other at once cannot leave none.
     */
    async lockUsers(accountId: number): Promise<void> {
      await db
        .selectFrom('users')
        .select('id')
        .where('account_id', '=', accountId)
        .$call((q) => (engineOf(db) === 'postgres' ? q.forUpdate() : q))
        .execute();
    },

    async activeAdmins(accountId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('account_id', '=', accountId)
        .where('team_role', '=', 'admin')
        .where('disabled', '=', 0)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The active users of the account who may approve (approvers and admins), with their email. */
    approvers(accountId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name'])
        .where('account_id', '=', accountId)
        .where('team_role', 'in', ['admin', 'approver'])
        .where('disabled', '=', 0)
        .execute();
    },

    limitsOf(userId: number) {
      return db
        .selectFrom('users')
        .select(['team_role', 'order_limit_minor', 'monthly_budget_minor'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** What a user's placed and awaiting-approval orders created in [from, to) add up to (minor units). */
    async spentBetween(accountId: number, userId: number, from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('total_minor'), sql<number>`0`).as('spent'))
        .where('account_id', '=', accountId)
        .where('user_id', '=', userId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('status', 'in', [...BUDGET_STATUSES])
        .executeTakeFirstOrThrow();
      return Number(row.spent);
    },

    /** The account's orders awaiting approval, oldest first, with who submitted them. */
    awaiting(accountId: number) {
      return db
        .selectFrom('orders')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .select((eb) => [
          'orders.order_number',
          'orders.reference',
          'orders.created_at',
          'orders.total_minor',
          'orders.currency_code',
          'orders.user_id',
          'users.name as placed_by',
          eb
            .selectFrom('order_lines')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('order_lines.order_id', '=', 'orders.id')
            .where('order_lines.type', '!=', 'Charge')
            .as('lines'),
        ])
        .where('orders.account_id', '=', accountId)
        .where('orders.status', '=', AWAITING_APPROVAL)
        .orderBy('orders.created_at')
        .orderBy('orders.id')
        .execute();
    },

    async countAwaiting(accountId: number): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('status', '=', AWAITING_APPROVAL)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One order of the account with its submitter's name, whatever its status. */
    findOrder(accountId: number, orderNumber: string) {
      return db
        .selectFrom('orders')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .select([
          'orders.id',
          'orders.order_number',
          'orders.reference',
          'orders.status',
          'orders.user_id',
          'orders.created_at',
          'orders.currency_code',
          'orders.total_minor',
          'orders.address_reference',
          'users.name as placed_by',
        ])
        .where('orders.account_id', '=', accountId)
        .where('orders.order_number', '=', orderNumber)
        .executeTakeFirst();
    },

    orderLines(orderId: number) {
      return db
        .selectFrom('order_lines')
        .select(['line_no', 'type', 'product_id', 'item_no', 'description', 'quantity', 'unit', 'unit_price_e5'])
        .where('order_id', '=', orderId)
        .orderBy('line_no')
        .execute();
    },

    /** Declines, only while awaiting approval (one outcome against a concurrent approve). */
    async decline(orderId: number, userId: number, reason: string): Promise<boolean> {
      const now = nowIso();
      const done = await db
        .updateTable('orders')
        .set({
          status: DECLINED,
          declined_by_user_id: userId,
          declined_at: now,
          decline_reason: reason,
          updated_at: now,
        })
        .where('id', '=', orderId)
        .where('status', '=', AWAITING_APPROVAL)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    /**
     * Withdraws the submitter's own order, only while awaiting approval or payment (one outcome
     * against a concurrent decision or payment).
     */
    async withdraw(orderId: number, userId: number): Promise<boolean> {
      const now = nowIso();
      const done = await db
        .updateTable('orders')
        .set({ status: WITHDRAWN, withdrawn_at: now, updated_at: now })
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .where('status', 'in', [AWAITING_APPROVAL, APPROVED_AWAITING_PAYMENT])
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
  };
}
export type TeamRepository = ReturnType<typeof teamRepository>;
