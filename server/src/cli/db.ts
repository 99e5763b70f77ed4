import fs from 'node:fs';
import { isPostgresUrl, openDatabase, type DbHandle } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';

/** Bad input on the command line: reported as one line, exit code 2. */
export class UsageError extends Error {}

/**
 * The database the server uses: DATABASE_URL (postgres://...) or the SQLite file under DATA_DIR
 * (default ./data), migrated to the latest schema.
 */
export async function openFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<DbHandle> {
  const url = env.DATABASE_URL || undefined;
  if (url && !isPostgresUrl(url))
    throw new UsageError('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  const handle = openDatabase({ databaseUrl: url, dataDir: env.DATA_DIR || './data' });
  try {
    await migrateToLatest(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/** Run a CLI entry point: usage errors exit 2 with one line, anything else exits 1. */
export function runCli(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      if (err instanceof UsageError || isParseArgsError(err)) {
        console.error(`${name}: ${(err as Error).message}`);
        process.exit(2);
      }
      console.error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}

function isParseArgsError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/** True when this module is the script node was started with (not imported by a test). */
export function isMain(metaUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return new URL(metaUrl).pathname === fs.realpathSync(script);
  } catch {
    return false;
  }
}

/** A whole number option, within bounds. */
export function intOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return Number(value);
}
