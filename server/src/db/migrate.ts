import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/001-initial.js';
import * as counters from './migrations/002-counters.js';
import * as paymentLinks from './migrations/003-payment-links.js';
import * as catalogueRevision from './migrations/004-catalogue-revision.js';
import * as changeFeed from './migrations/005-change-feed.js';
import * as sqliteChangeLog from './migrations/006-sqlite-change-log.js';
import * as leases from './migrations/008-leases.js';
// 009: the ERP integration API (erp-in)
import * as integration from './migrations/009-integration.js';
// erp-out (outbound)
import * as outbox from './migrations/010-outbox.js';
// erp users: set-password links
import * as passwordLinks from './migrations/011-set-password-links.js';
// Basket lines copied from an order keep its number and unit price
import * as basketLineOrigin from './migrations/012-basket-line-origin.js';
// The ship choice made at review
import * as shipmentPreference from './migrations/013-shipment-preference.js';
// usernames unique without regard to case
import * as usernameCase from './migrations/014-username-case.js';
// failing webhook endpoints, client-scoped events
import * as webhookIsolation from './migrations/015-webhook-isolation.js';
// email outbox and preferences
import * as mailOutbox from './migrations/016-mail-outbox.js';
// who cancelled an order, and when
import * as orderCancellation from './migrations/019-order-cancellation.js';
import * as basketClearedLines from './migrations/021-basket-cleared-lines.js';
// the staff back office: staff users, sessions, view-as sessions, the append-only audit log
import * as staff from './migrations/030-staff.js';
// orders placed by staff viewing as the customer
import * as ordersPlacedOnBehalf from './migrations/031-orders-placed-on-behalf.js';
// where an account's credit limit and on-stop came from (the ERP or the portal)
import * as accountValueSources from './migrations/035-account-value-sources.js';
// team accounts: roles, limits, order approval
import * as teamAccounts from './migrations/040-team-accounts.js';
import type { DbHandle, Engine } from './client.js';

type EngineMigration = { up(db: Kysely<unknown>, engine: Engine): Promise<void> };

/** Migrations are listed here in order; each receives the engine to branch on where they differ. */
const migrations: Record<string, EngineMigration> = {
  '001-initial': initial,
  '002-counters': counters,
  '003-payment-links': paymentLinks,
  '004-catalogue-revision': catalogueRevision,
  '005-change-feed': changeFeed,
  '006-sqlite-change-log': sqliteChangeLog,
  '008-leases': leases,
  // 009: the ERP integration API (erp-in)
  '009-integration': integration,
  // erp-out (outbound)
  '010-outbox': outbox,
  // erp users: set-password links
  '011-set-password-links': passwordLinks,
  '012-basket-line-origin': basketLineOrigin,
  '013-shipment-preference': shipmentPreference,
  '014-username-case': usernameCase,
  '015-webhook-isolation': webhookIsolation,
  '016-mail-outbox': mailOutbox,
  '019-order-cancellation': orderCancellation,
  '021-basket-cleared-lines': basketClearedLines,
  '030-staff': staff,
  '031-orders-placed-on-behalf': ordersPlacedOnBehalf,
  '035-account-value-sources': accountValueSources,
  '040-team-accounts': teamAccounts,
};

class EngineAwareProvider implements MigrationProvider {
  constructor(private engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(migrations)) out[name] = { up: (db) => m.up(db, this.engine) };
    return out;
  }
}

/** Runs every migration not yet run; on PostgreSQL one process at a time (`withMigrationLock`). */
export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  return withMigrationLock(handle, () => migrateUnlocked(handle));
}

/**
 * PostgreSQL: the advisory lock that migrations and the first seeding take, so that servers and
 * `npm run migrate` started together do the work once: the first to take it migrates (and seeds an
 * empty database), the others wait, then find nothing left to do.
 */
export const MIGRATION_LOCK_KEY = 'wholesale-portal: migrate and seed';
const LOCK_POLL_MS = 250;

/**
 * Runs `work` holding the migration lock (PostgreSQL; SQLite runs it as it is: one file, and Kysely's
 * own lock table for its migrations). The lock is a session lock on one pooled connection, taken by
 * polling `pg_try_advisory_lock` so that waiting never meets the pool's statement timeout; it goes
 * when the work ends or the process dies.
 */
export async function withMigrationLock<T>(
  handle: DbHandle,
  work: () => Promise<T>,
  onWait: () => void = () => console.log('wholesale-portal: another process is migrating; waiting for it'),
): Promise<T> {
  if (handle.engine !== 'postgres') return work();
  return handle.db.connection().execute(async (conn) => {
    let waited = false;
    for (;;) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(hashtext(${MIGRATION_LOCK_KEY})) as locked`.execute(conn);
      if (rows[0]?.locked) break;
      if (!waited) onWait();
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${MIGRATION_LOCK_KEY}))`.execute(conn);
    }
  });
}

async function migrateUnlocked(handle: DbHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new EngineAwareProvider(handle.engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations this build knows that the database has not run (empty when current). */
export async function pendingMigrations(handle: DbHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new EngineAwareProvider(handle.engine) });
  const infos = await migrator.getMigrations();
  return infos.filter((m) => !m.executedAt).map((m) => m.name);
}

/**
 * What a server does before it listens: migrate, and fill an empty database with the demo data when
 * `seed` is given, both under the migration lock, so that servers started together on an empty
 * database seed it once. Returns what this process did.
 */
export async function prepareDatabase(
  handle: DbHandle,
  seed?: { isEmpty(): Promise<boolean>; fill(): Promise<void> },
): Promise<{ migrated: string[]; seeded: boolean }> {
  return withMigrationLock(handle, async () => {
    const migrated = await migrateUnlocked(handle);
    const seeded = !!seed && (await seed.isEmpty());
    if (seeded) await seed.fill();
    return { migrated, seeded };
  });
}
