import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/001-initial.js';
import * as counters from './migrations/002-counters.js';
import * as paymentLinks from './migrations/003-payment-links.js';
import * as catalogueRevision from './migrations/004-catalogue-revision.js';
import * as changeFeed from './migrations/005-change-feed.js';
import * as sqliteChangeLog from './migrations/006-sqlite-change-log.js';
// erp-out (issue 25, outbound)
import * as outbox from './migrations/010-outbox.js';
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
  // erp-out (issue 25, outbound)
  '010-outbox': outbox,
};

class EngineAwareProvider implements MigrationProvider {
  constructor(private engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(migrations)) out[name] = { up: (db) => m.up(db, this.engine) };
    return out;
  }
}

export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new EngineAwareProvider(handle.engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
