import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './types.js';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** Where it lives, without credentials, for logs and /api/health. */
  describe: string;
  close(): Promise<void>;
}

/** Return BIGINT/NUMERIC counts as numbers: our integers stay far below 2^53. */
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; sqliteFile?: string }): DbHandle {
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // Random reads cost about what sequential ones do on SSDs and warm caches. With the default (4)
      // the planner prefers sequential scans to the trigram index and primary keys for search, several
      // times slower (bench/search.ts).
      options: '-c random_page_cost=1.1',
    });
    // An idle client's error (server restart, terminated backend) must not crash the process: the pool drops that client.
    pool.on('error', (err) => console.warn(`postgres: idle client error: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const u = new URL(opts.databaseUrl);
    return {
      db,
      engine: 'postgres',
      describe: `postgres ${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'portal.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, engine: 'sqlite', describe: `sqlite ${file}`, close: () => db.destroy() };
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
