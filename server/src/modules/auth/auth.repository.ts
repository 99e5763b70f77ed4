import { sql, type Insertable } from 'kysely';
import { insertReturningIds } from '../../db/batches.js';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/repos.js';
import type { UsersTable } from '../../db/types.js';
import type { TeamRole } from '@wholesale/contract';
import { nowIso } from '../../lib/time.js';
import { recordUserUpdated, type UpdatedUser, type UserChangeSource } from '../events/outbox.js';

/** The only place auth SQL lives. */
export function authRepository(db: Db) {
  const selectLogin = () =>
    db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select([
        'users.id',
        'users.account_id',
        'users.password_hash',
        'users.disabled',
        'users.team_role',
        'accounts.disabled as account_disabled',
      ]);

  const endPasswordLinks = async (userId: number, now: string) => {
    await db
      .updateTable('password_links')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  };
  return {
    /**
     * Forgotten password: the enabled users whose username is `value`, or whose email is (case
     * ignored; several logins may share an address). At most 10.
     */
    usersByUsernameOrEmail(value: string) {
      return db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select(['users.id', 'users.username'])
        .where('users.disabled', '=', 0)
        .where('accounts.disabled', '=', 0)
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['users.username']), '=', value.toLowerCase()),
            eb(eb.fn('lower', ['users.email']), '=', value.toLowerCase()),
          ]),
        )
        .orderBy('users.id')
        .limit(10)
        .execute();
    },

    /** Either case matches (usernames are unique without regard to case: migration 014). */
    findUserByUsername(username: string) {
      return selectLogin()
        .where(sql`lower(users.username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findUserById(userId: number) {
      return selectLogin().where('users.id', '=', userId).executeTakeFirst();
    },

    /** When the user last signed in (the Team screen shows it). */
    async recordLogin(userId: number, at: string): Promise<void> {
      await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
    },

    /**
     * Active = the user and the account are enabled, the user still belongs to the account the token
     * names, and the session (refresh-token family) is the user's and not revoked.
     */
    async isSessionActive(userId: number, accountId: number, familyId: string, role?: TeamRole): Promise<boolean> {
      // One statement per signed-in request: the user, the account and the session family together.
      const row = await db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select((eb) => [
          'users.account_id',
          'users.disabled',
          'users.team_role',
          'accounts.disabled as account_disabled',
          eb
            .selectFrom('refresh_tokens')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('family_id', '=', familyId)
            .where('user_id', '=', userId)
            .as('tokens'),
          eb
            .selectFrom('refresh_tokens')
            .select((e) => e.fn.count<number>('revoked_at').as('n'))
            .where('family_id', '=', familyId)
            .where('user_id', '=', userId)
            .as('revoked'),
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!row || row.disabled || row.account_disabled || row.account_id !== accountId) return false;
      // A token issued before the user's role changed is no longer good (the web refreshes it).
      if (role !== undefined && row.team_role !== role) return false;
      return Number(row.tokens) > 0 && Number(row.revoked) === 0;
    },

    async loadProfile(userId: number) {
      const row = await db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select([
          'users.id as user_id',
          'users.username',
          'users.name as user_name',
          'users.job_title',
          'users.email as user_email',
          'users.team_role',
          'accounts.id as account_id',
          'accounts.customer_number',
          'accounts.name as account_name',
          'accounts.contact',
          'accounts.currency_code',
          'accounts.country',
          'accounts.address1',
          'accounts.city',
          'accounts.county',
          'accounts.postcode',
          'accounts.email',
          'accounts.phone_number',
          'accounts.fax_number',
          'accounts.credit_limit_minor',
          'accounts.balance_minor',
          'accounts.on_stop',
          'accounts.is_proforma',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const [addresses, statements] = await Promise.all([
        db
          .selectFrom('delivery_addresses')
          .selectAll()
          .where('account_id', '=', row.account_id)
          .orderBy('reference')
          .execute(),
        db
          .selectFrom('statements')
          .select(['name', 'filename'])
          .where('account_id', '=', row.account_id)
          .orderBy('period_end', 'desc')
          .execute(),
      ]);
      return { row, addresses, statements };
    },

    async insertRefreshToken(t: { familyId: string; userId: number; tokenHash: string; expiresAt: string }) {
      await db
        .insertInto('refresh_tokens')
        .values({
          family_id: t.familyId,
          user_id: t.userId,
          token_hash: t.tokenHash,
          created_at: nowIso(),
          expires_at: t.expiresAt,
        })
        .execute();
    },

    findRefreshToken(tokenHash: string) {
      return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Marks a token used; false when someone else used it first (a reuse). */
    async markRotated(id: number): Promise<boolean> {
      const r = await db
        .updateTable('refresh_tokens')
        .set({ rotated_at: nowIso() })
        .where('id', '=', id)
        .where('rotated_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async revokeFamily(familyId: string) {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: nowIso() })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes the user's live refresh tokens (but one family's); answers how many. */
    async revokeUserSessions(userId: number, exceptFamilyId?: string): Promise<number> {
      let q = db
        .updateTable('refresh_tokens')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptFamilyId) q = q.where('family_id', '!=', exceptFamilyId);
      return Number((await q.executeTakeFirst()).numUpdatedRows);
    },

    async insertOneTimeToken(tokenHash: string, userId: number, createdAt: string, expiresAt: string) {
      await db
        .insertInto('one_time_tokens')
        .values({ token_hash: tokenHash, user_id: userId, created_at: createdAt, expires_at: expiresAt })
        .execute();
    },

    /** Uses a one-time token atomically; the user id when it was unused and unexpired. */
    async consumeOneTimeToken(tokenHash: string): Promise<number | undefined> {
      const now = nowIso();
      const r = await db
        .updateTable('one_time_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return undefined;
      const row = await db
        .selectFrom('one_time_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row?.user_id;
    },

    async insertPasswordLink(tokenHash: string, userId: number, createdAt: string, expiresAt: string) {
      await db
        .insertInto('password_links')
        .values({ token_hash: tokenHash, user_id: userId, created_at: createdAt, expires_at: expiresAt })
        .execute();
    },

    /** A set-password link that still works (unused, unexpired, its user and account enabled). */
    livePasswordLink(tokenHash: string, now: string) {
      return db
        .selectFrom('password_links')
        .innerJoin('users', 'users.id', 'password_links.user_id')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select(['users.id as user_id', 'users.username', 'password_links.expires_at'])
        .where('password_links.token_hash', '=', tokenHash)
        .where('password_links.used_at', 'is', null)
        .where('password_links.expires_at', '>', now)
        .where('users.disabled', '=', 0)
        .where('accounts.disabled', '=', 0)
        .executeTakeFirst();
    },

    /** Uses a set-password link atomically; false when it was used (or expired) meanwhile. */
    async usePasswordLink(tokenHash: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable('password_links')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Ends a user's unused set-password links (a newer one replaces them). */
    endPasswordLinks,

    /** Ends every unused link of a user: set-password links and /redirect login links. */
    async endUserLinks(userId: number, now: string) {
      await endPasswordLinks(userId, now);
      await db
        .updateTable('one_time_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },

    getPasswordHash(userId: number) {
      return db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
    },

    /** A user by username, with what the admin CLI and user.updated need of them. */
    userByName(username: string) {
      return db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select([
          'users.id',
          'users.account_id',
          'users.disabled',
          'users.name',
          'users.email',
          'users.job_title',
          'accounts.customer_number',
        ])
        .where(sql`lower(users.username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    /** A user by id with their account's number (customer-users.service.ts). */
    userWithAccount(userId: number) {
      return db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select([
          'users.id',
          'users.account_id',
          'users.username',
          'users.disabled',
          'users.name',
          'users.email',
          'users.job_title',
          'users.password_hash',
          'accounts.customer_number',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    async accountIdOf(customerNumber: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('customer_number', '=', customerNumber)
        .executeTakeFirst();
      return row?.id;
    },

    async setDisabled(userId: number, disabled: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ disabled: disabled ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * Inserts a user and, in the same transaction, its user.updated event (the admin CLI's and the
     * staff back office's create). `within` joins the transaction (a user created without a
     * password: the invitation email).
     */
    async insertUser(
      values: Insertable<UsersTable>,
      event: UpdatedUser,
      source: UserChangeSource,
      within?: (trx: Db, userId: number) => Promise<void>,
    ): Promise<number> {
      return inTransaction(db, async (trx) => {
        const row = await trx.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
        await within?.(trx, row.id);
        await recordUserUpdated(trx, values.account_id, event, 'created', source);
        return row.id;
      });
    },

    /**
     * Inserts users in bulk, without user.updated events (the demo seed: its users come with the data,
     * as the accounts do, not from an operator). Answers the new users' ids by username.
     */
    insertUsers: (rows: readonly Insertable<UsersTable>[]) => insertReturningIds(db, 'users', rows, 'username'),

    /**
     * Disables a user and ends every session of theirs, in one transaction: refresh tokens revoked,
     * unused redirect and set-password links spent, and user.updated recorded when `event` is given
     * (the user was enabled). Answers how many refresh tokens were revoked.
     */
    async disableUser(
      userId: number,
      accountId: number,
      event?: UpdatedUser,
      source: UserChangeSource = 'admin-cli',
    ): Promise<number> {
      const now = nowIso();
      return inTransaction(db, async (trx) => {
        await trx.updateTable('users').set({ disabled: 1 }).where('id', '=', userId).execute();
        const r = await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        await authRepository(trx).endUserLinks(userId, now);
        if (event) await recordUserUpdated(trx, accountId, event, 'updated', source);
        return Number(r.numUpdatedRows);
      });
    },

    async setPasswordHash(userId: number, hash: string) {
      await db
        .updateTable('users')
        .set({ password_hash: hash, password_changed_at: nowIso() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
