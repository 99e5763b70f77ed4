import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type { Database, Db } from './types.js';
import { statementName } from './prepared.js';
import { postgresChangeFeed, sqliteChangeFeed, type ChangeFeed } from './change-feed.js';

export type Engine = 'sqlite' | 'postgres';
export type { Db } from './types.js';

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** Where it lives, without credentials, for logs and /api/health. */
  describe: string;
  /**
   * Changes committed by any process (db/change-feed.ts). PostgreSQL: heard as they commit, on a
   * connection of its own opened when first subscribed to. SQLite: looked for before each use.
   */
  changes?: ChangeFeed;
  /**
   * Asks the database to answer `select 1` within `timeoutMs` (for /api/health). PostgreSQL: on a
   * connection of its own, so a pool held by a locked table or slow requests does not make the
   * database look down, and the probe does not wait behind them.
   */
  probe(timeoutMs: number): Promise<void>;
  /** PostgreSQL: the pool's use and waits, for /metrics (lib/metrics.ts). */
  pool?: PoolMetrics;
  close(): Promise<void>;
}

export interface PoolMetrics {
  stats(): { total: number; idle: number; waiting: number };
  /** Calls `observe` with each wait for a connection, in milliseconds. */
  onAcquire(observe: (ms: number) => void): void;
}

/** Return BIGINT/NUMERIC counts as numbers: our integers stay far below 2^53. */
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * The pool as Kysely sees it, with one difference: a statement compiled by `prepared` (db/prepared.ts)
 * runs as a named statement, which PostgreSQL parses and plans once per connection and then only
 * binds and executes. Everything else passes through as it is.
 */
function namedStatementPool(pool: pg.Pool, observers: ((ms: number) => void)[] = []): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const checkedOut = new WeakSet<pg.PoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // A connection lost while checked out (backend terminated, TCP cut) emits 'error' on its client,
    // and pg-pool listens only while the client sits idle in the pool: unheard, that error would end
    // the process. Heard here, the statement in flight fails on its own (the request answers 503),
    // and the broken connection is dropped from the pool when released, not handed out again.
    let lost: Error | undefined;
    client.on('error', (err: Error) => {
      // An idle client's error is the pool's to log (pool.on('error') below).
      if (!lost && checkedOut.has(client)) console.warn(`postgres: connection lost while in use: ${err.message}`);
      lost = err;
    });
    return {
      // (text, values) for a statement; a cursor object for a streamed query.
      query: ((text: string, values?: unknown[]) => {
        const name = typeof text === 'string' ? statementName(text) : undefined;
        return name ? client.query({ name, text, values }) : client.query(text, values);
      }) as unknown as PostgresPoolClient['query'],
      release: () => {
        checkedOut.delete(client);
        client.release(lost);
      },
    };
  };
  return {
    async connect() {
      const started = performance.now();
      const client = await pool.connect();
      checkedOut.add(client);
      if (observers.length) {
        const ms = performance.now() - started;
        for (const observe of observers) observe(ms);
      }
      let wrapped = clients.get(client);
      // The same object for the same connection: Kysely keeps its connection state by it.
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  sqliteFile?: string;
  /** PostgreSQL: the longest one statement may run (waiting on a lock included), server-side. */
  statementTimeoutMs?: number;
  /** PostgreSQL: the longest a request waits for a pooled connection (or to open one). */
  acquireTimeoutMs?: number;
  /** PostgreSQL: the longest one statement waits for a lock (lock_timeout, 55P03), server-side. */
  lockTimeoutMs?: number;
}

export function openDatabase(opts: OpenOptions): DbHandle {
  if (isPostgresUrl(opts.databaseUrl)) {
    const statementTimeout = opts.statementTimeoutMs ?? 15_000;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A locked table or a lost server must not hang requests: statements end (57014) and waiting
      // for a connection gives up, and the error handler answers 503 with Retry-After.
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + 2_000,
      // A table locked by someone else (a migration, an operator, a stuck transaction) fails the
      // statements waiting on it soon (55P03: 503), so they do not hold every pooled connection.
      lock_timeout: opts.lockTimeoutMs ?? 1_000,
      connectionTimeoutMillis: opts.acquireTimeoutMs ?? 5_000,
      // Random reads cost about what sequential ones do on SSDs and warm caches. With the default (4)
      // the planner prefers sequential scans to the trigram index and primary keys for search, several
      // times slower (bench/search.ts).
      options: '-c random_page_cost=1.1',
    });
    // An idle client's error (server restart, terminated backend) must not crash the process: the pool drops that client.
    pool.on('error', (err) => console.warn(`postgres: idle client error: ${err.message}`));
    const acquireObservers: ((ms: number) => void)[] = [];
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: namedStatementPool(pool, acquireObservers) }),
    });
    const u = new URL(opts.databaseUrl);
    const changes = postgresChangeFeed(opts.databaseUrl);
    const databaseUrl = opts.databaseUrl;
    let probes: pg.Pool | undefined;
    return {
      db,
      engine: 'postgres',
      describe: `postgres ${u.hostname}:${u.port || 5432}${u.pathname}`,
      changes,
      probe: async (timeoutMs) => {
        if (!probes) {
          // Two connections at most, opened when first asked, each wait bounded by the probe's limit.
          probes = new pg.Pool({
            connectionString: databaseUrl,
            max: 2,
            connectionTimeoutMillis: timeoutMs,
            statement_timeout: timeoutMs,
            query_timeout: timeoutMs,
            application_name: 'portal-health',
          });
          probes.on('error', () => {}); // an idle probe connection lost: the pool drops it
        }
        await probes.query('select 1');
      },
      pool: {
        stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
        onAcquire: (observe) => void acquireObservers.push(observe),
      },
      close: async () => {
        await changes.close();
        await probes?.end();
        await db.destroy();
      },
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'portal.sqlite');
  // Created readable by its owner only; SQLite gives the -wal and -shm files the same mode.
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  const changes = sqliteChangeFeed(database);
  return {
    db,
    engine: 'sqlite',
    describe: `sqlite ${file}`,
    changes,
    probe: () => ping(db),
    close: async () => {
      await changes.close();
      await db.destroy();
    },
  };
}

/** Statements kept per connection; the app issues a few dozen distinct ones (search one per word count). */
export const STATEMENT_CACHE_SIZE = 500;
/** Longer SQL (an IN list of thousands of ids) is prepared each time rather than kept. */
const CACHEABLE_SQL_LENGTH = 2000;

/**
 * Kysely's SQLite driver prepares every statement anew: parsing and planning cost more than running
 * the short lookups of a request (a tenth of a signed-in read, bench/throughput.ts). This keeps the
 * prepared statements by SQL text (Kysely binds values as parameters, so the text repeats), least
 * recently used dropped first. A statement still being iterated is not reused (a fresh one then).
 * SQLite re-prepares a cached statement itself after a schema change (a migration).
 */
export function withStatementCache(database: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => void database.close(),
    prepare(text: string): SQLite.Statement {
      if (text.length > CACHEABLE_SQL_LENGTH) return database.prepare(text);
      const hit = cache.get(text);
      if (hit && !hit.busy) {
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const stmt = database.prepare(text);
      if (!hit) {
        cache.set(text, stmt);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return stmt;
    },
  };
}

/** The engine behind `db` (a handle's or a transaction's), for SQL that differs between them. */
export const engineOf = (db: Db): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '55P03', // lock_not_available
  '40P01', // deadlock_detected
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

/**
 * True for errors that mean "the database cannot answer just now" (down, restarting, overloaded,
 * a lock held too long) rather than a bug: those answer 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  const msg = typeof e.message === 'string' ? e.message : '';
  if (
    /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection timeout|not queryable|Client was closed/i.test(
      msg,
    )
  )
    return true;
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
}

/**
 * The database refused a statement for what it holds (a constraint, a value out of range, a type):
 * PostgreSQL's SQLSTATE codes and SQLite's result codes. Not a bug in our code (a TypeError), and
 * not "cannot answer now" (`isDatabaseUnavailable`, checked first by callers).
 */
export function isDatabaseRefusal(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('SQLITE_'));
}

/** A unique-key conflict (a row the database refused as a duplicate), on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs `fn` inside a savepoint of the transaction `trx`: on an error the savepoint's writes are
 * undone and the transaction goes on (on PostgreSQL a failed statement would otherwise spoil the
 * whole transaction), then the error is thrown on. Savepoints may nest; `name` is an identifier.
 */
export async function withSavepoint<T>(trx: Db, name: string, fn: () => Promise<T>): Promise<T> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad savepoint name ${name}`);
  await sql.raw(`savepoint ${name}`).execute(trx);
  try {
    const out = await fn();
    await sql.raw(`release savepoint ${name}`).execute(trx);
    return out;
  } catch (err) {
    try {
      await sql.raw(`rollback to savepoint ${name}`).execute(trx);
      await sql.raw(`release savepoint ${name}`).execute(trx);
    } catch {
      // The transaction itself is gone (a lost connection): the first error says why.
    }
    throw err;
  }
}
