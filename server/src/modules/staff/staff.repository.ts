import { sql } from 'kysely';
import type { StaffRole } from '@wholesale/contract/staff';
import { engineOf, type Db } from '../../db/client.js';
import { inTransaction } from '../../db/repos.js';
import type { StaffUsersTable } from '../../db/types.js';
import type { Selectable } from 'kysely';

export type StaffRow = Selectable<StaffUsersTable>;

/** Staff users, their recovery codes and sessions: the only SQL over those tables. */
export function staffRepository(db: Db) {
  return {
    /**
     * Inserts a staff member; `within` runs in the same transaction with it (the set-up email is
     * recorded with the row or not at all).
     */
    async insert(
      row: {
        username: string;
        email: string;
        role: StaffRole;
        canOrderOnBehalf: boolean;
        setupTokenHash: string;
        setupExpiresAt: string;
        now: string;
      },
      within?: (trx: Db) => Promise<void>,
    ): Promise<number> {
      return inTransaction(db, async (trx) => {
        const out = await trx
          .insertInto('staff_users')
          .values({
            username: row.username,
            email: row.email,
            role: row.role,
            can_order_on_behalf: row.canOrderOnBehalf ? 1 : 0,
            setup_token_hash: row.setupTokenHash,
            setup_expires_at: row.setupExpiresAt,
            created_at: row.now,
            updated_at: row.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (within) await within(trx);
        return Number(out.id);
      });
    },

    findById(id: number): Promise<StaffRow | undefined> {
      return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string): Promise<StaffRow | undefined> {
      return db
        .selectFrom('staff_users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findBySetupToken(tokenHash: string): Promise<StaffRow | undefined> {
      return db.selectFrom('staff_users').selectAll().where('setup_token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Whether a customer login's username or email is a staff member's (view-as refuses them). */
    async matchesLogin(username: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('staff_users')
        .select('id')
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
            ...(email.trim() ? [eb(sql<string>`lower(email)`, '=', email.trim().toLowerCase())] : []),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    list(): Promise<StaffRow[]> {
      return db.selectFrom('staff_users').selectAll().orderBy('username').execute();
    },

    /** Every staff member with when they last signed in (their newest session's start). */
    listWithLastSignIn(): Promise<(StaffRow & { last_sign_in_at: string | null })[]> {
      return db
        .selectFrom('staff_users')
        .selectAll('staff_users')
        .select((eb) =>
          eb
            .selectFrom('staff_sessions')
            .select((s) => s.fn.max('staff_sessions.created_at').as('at'))
            .whereRef('staff_sessions.staff_id', '=', 'staff_users.id')
            .$castTo<string | null>()
            .as('last_sign_in_at'),
        )
        .orderBy('username')
        .execute();
    },

    /**
     * Locks the staff users for a change of role or status (PostgreSQL; SQLite's write transaction
     * is already exclusive), so two admins disabling or demoting each other at once cannot leave none.
     */
    async lockStaff(): Promise<void> {
      await db
        .selectFrom('staff_users')
        .select('id')
        .$call((q) => (engineOf(db) === 'postgres' ? q.forUpdate() : q))
        .execute();
    },

    /** The ids of the admins who are not disabled. */
    async activeAdminIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('staff_users')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async update(id: number, values: Partial<Omit<StaffRow, 'id'>>): Promise<void> {
      await db.updateTable('staff_users').set(values).where('id', '=', id).execute();
    },

    /** A password or role change: every session begun before it ends. */
    async bumpSessionVersion(id: number, now: string, values: Partial<Omit<StaffRow, 'id'>> = {}): Promise<void> {
      await db
        .updateTable('staff_users')
        .set((eb) => ({ ...values, session_version: eb('session_version', '+', 1), updated_at: now }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Accepts a TOTP time step only if it is later than the last one accepted (each code works
     * once, even under two concurrent requests).
     */
    async acceptTimeStep(id: number, step: number): Promise<boolean> {
      const res = await db
        .updateTable('staff_users')
        .set({ totp_last_step: step, failed_factors: 0, locked_until: null })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Counts a wrong second factor; at `max` in a row the login locks until `lockUntil`. Answers the row after. */
    async countFailedFactor(id: number, max: number, lockUntil: string): Promise<StaffRow | undefined> {
      await db
        .updateTable('staff_users')
        .set((eb) => ({ failed_factors: eb('failed_factors', '+', 1) }))
        .where('id', '=', id)
        .execute();
      await db
        .updateTable('staff_users')
        .set({ locked_until: lockUntil, failed_factors: 0 })
        .where('id', '=', id)
        .where('failed_factors', '>=', max)
        .execute();
      return this.findById(id);
    },

    async replaceRecoveryCodes(staffId: number, hashes: readonly string[]): Promise<void> {
      await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
      if (hashes.length)
        await db
          .insertInto('staff_recovery_codes')
          .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, used_at: null })))
          .execute();
    },

    /** Spends a recovery code: true once per code. */
    async useRecoveryCode(staffId: number, hash: string, now: string): Promise<boolean> {
      const res = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: now })
        .where('staff_id', '=', staffId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async insertSession(row: {
      tokenHash: string;
      staffId: number;
      sessionVersion: number;
      address: string;
      now: string;
      expiresAt: string;
    }): Promise<void> {
      await db
        .insertInto('staff_sessions')
        .values({
          token_hash: row.tokenHash,
          staff_id: row.staffId,
          session_version: row.sessionVersion,
          address: row.address,
          created_at: row.now,
          last_seen_at: row.now,
          expires_at: row.expiresAt,
          ended_at: null,
        })
        .execute();
    },

    /** A session with its staff member, in one statement (every staff request). */
    findSession(tokenHash: string) {
      return db
        .selectFrom('staff_sessions')
        .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
        .select([
          'staff_sessions.token_hash',
          'staff_sessions.session_version',
          'staff_sessions.created_at',
          'staff_sessions.last_seen_at',
          'staff_sessions.expires_at',
          'staff_sessions.ended_at',
          'staff_users.id as staff_id',
          'staff_users.username',
          'staff_users.role',
          'staff_users.disabled',
          'staff_users.can_order_on_behalf',
          'staff_users.session_version as current_version',
        ])
        .where('staff_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touchSession(tokenHash: string, now: string): Promise<void> {
      await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
    },

    async endSession(tokenHash: string, now: string): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ ended_at: now })
        .where('token_hash', '=', tokenHash)
        .where('ended_at', 'is', null)
        .execute();
    },

    async endStaffSessions(staffId: number, now: string): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ ended_at: now })
        .where('staff_id', '=', staffId)
        .where('ended_at', 'is', null)
        .execute();
    },
  };
}
export type StaffRepository = ReturnType<typeof staffRepository>;
