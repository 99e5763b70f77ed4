/**
 * `npm run migrate`: runs the migrations not yet run on the database (DATABASE_URL, or the SQLite
 * file under DATA_DIR, default ./data), and nothing else: no seeding, no server. On PostgreSQL it
 * takes the same advisory lock as starting servers (db/migrate.ts), so it may run beside them.
 */
import { isPostgresUrl, openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { isMain, runCli, UsageError } from './db.js';

async function main(): Promise<void> {
  if (process.argv.length > 2) throw new UsageError(`unexpected argument "${process.argv[2]}" (takes none)`);
  const url = process.env.DATABASE_URL || undefined;
  if (url && !isPostgresUrl(url))
    throw new UsageError('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  const handle = openDatabase({ databaseUrl: url, dataDir: process.env.DATA_DIR || './data' });
  try {
    const applied = await migrateToLatest(handle);
    console.log(
      applied.length
        ? `migrate: ${handle.describe}: applied ${applied.join(', ')}`
        : `migrate: ${handle.describe}: already current`,
    );
  } finally {
    await handle.close();
  }
}

if (isMain(import.meta.url)) runCli('migrate', main);
