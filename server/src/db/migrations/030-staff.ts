import { sql, type Kysely } from 'kysely';
import type { Engine } from '../client.js';

/**
 * The staff back office (docs/ARCHITECTURE.md, "Staff back office"):
 * - `staff_users`: the supplier's people, apart from customers. `password_hash` is empty until the
 *   one-time set-up link is used (`setup_token_hash`, SHA-256 of the link's token). `totp_secret`
 *   is sealed with the server's secret box (lib/secret-box.ts); `totp_enrolled` turns on once a
 *   code from it was confirmed; `totp_last_step` is the time step last accepted (a code works once).
 *   `failed_factors` counts wrong second factors in a row; at STAFF_FACTOR_MAX_FAILURES the login
 *   locks until `locked_until`. `session_version` moves on every password or role change, and every
 *   staff session carries the version it began under, so those changes end every session.
 * - `staff_recovery_codes`: one-time recovery codes, SHA-256 only (they are random, not chosen).
 * - `staff_sessions`: opaque bearer tokens (SHA-256 stored), short (config STAFF_SESSION_*).
 * - `staff_audit`: append-only. No code path updates or deletes a row, and the database refuses it
 *   too: a trigger on each engine aborts UPDATE and DELETE.
 * - `view_as_sessions`: a staff member viewing the portal as a customer user, for at most 30 minutes.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const pgsql = engine === 'postgres';

  await db.schema
    .createTable('staff_users')
    .$call((t) =>
      pgsql
        ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('admin', 'customer_service', 'finance', 'read_only')`),
    )
    .addColumn('can_order_on_behalf', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('setup_token_hash', 'text')
    .addColumn('setup_expires_at', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enrolled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_last_step', 'integer')
    .addColumn('failed_factors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Usernames are unique without regard to case, as customers' are (migration 014).
  await sql`create unique index staff_users_username_idx on staff_users (lower(username))`.execute(db);
  await sql`create unique index staff_users_setup_idx on staff_users (setup_token_hash)`.execute(db);

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('session_version', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();

  await db.schema
    .createTable('view_as_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('can_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();

  await db.schema
    .createTable('staff_audit')
    .$call((t) =>
      pgsql
        ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer')
    .addColumn('staff_username', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text')
    .addColumn('target_id', 'text')
    .addColumn('account_id', 'integer')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('view_as_id', 'text')
    .execute();
  await db.schema.createIndex('staff_audit_at_idx').on('staff_audit').column('at').execute();
  await db.schema.createIndex('staff_audit_staff_idx').on('staff_audit').columns(['staff_id', 'at']).execute();
  await db.schema.createIndex('staff_audit_account_idx').on('staff_audit').columns(['account_id', 'at']).execute();

  // Append-only, even for someone with the database's own tools through the application's login.
  if (pgsql) {
    await sql`
      create function staff_audit_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'staff_audit is append-only';
      end $$`.execute(db);
    await sql`
      create trigger staff_audit_no_change before update or delete on staff_audit
      for each row execute function staff_audit_append_only()`.execute(db);
    await sql`
      create trigger staff_audit_no_truncate before truncate on staff_audit
      for each statement execute function staff_audit_append_only()`.execute(db);
  } else {
    await sql`
      create trigger staff_audit_no_update before update on staff_audit
      begin select raise(abort, 'staff_audit is append-only'); end`.execute(db);
    await sql`
      create trigger staff_audit_no_delete before delete on staff_audit
      begin select raise(abort, 'staff_audit is append-only'); end`.execute(db);
  }
}
