import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Changes committed to the database by any process, heard as they commit: PostgreSQL's
 * LISTEN/NOTIFY on one channel (migration 005: triggers on the tables whose rows servers keep in
 * memory send a topic, and for favourites the user's id, as `topic` or `topic:key`).
 *
 * A server that keeps database rows in memory (modules/products/page-facts.ts) may use them only
 * while `live`: from the moment LISTEN succeeded until the connection drops. Subscribers are called
 * for every change heard, and with no topic at all when anything may have changed unheard (the
 * connection dropped, or came back after a drop): they then forget everything.
 *
 * SQLite has no notifications: its feed looks instead (`sqliteChangeFeed`, migration 006), before
 * every use of what is kept (`poll`), with one read of a counter that every change moves on.
 */
export interface ChangeFeed {
  /** True while listening: a change committed anywhere reaches the subscribers. */
  readonly live: boolean;
  /**
   * Calls `heard` with each change's topic and key, or with no topic when anything may have
   * changed. The first subscriber starts the listening connection. Returns the unsubscribe.
   */
  subscribe(heard: Heard): () => void;
  /**
   * Where the feed looks rather than being told (SQLite): hears at once, synchronously, whatever was
   * committed since it last looked. Where changes are pushed (PostgreSQL) it does nothing. Called
   * before reading `live` to use or keep rows.
   */
  poll(): void;
  /**
   * Resolves once every change committed before the call has been heard (a notification of its
   * own, sent after them, comes back; PostgreSQL delivers in commit order). For tests and tools
   * that change rows past the server and then read through it.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export type Heard = (topic?: string, key?: string) => void;

/** The one channel every trigger of migration 005 notifies on. */
export const CHANGES_CHANNEL = 'portal_changes';
/** The topic of `caughtUp`'s own notifications. */
const SYNC_TOPIC = 'sync';
/** The listening connection's name in pg_stat_activity. */
export const FEED_APPLICATION_NAME = 'portal-change-feed';
/** Wait before listening again after the connection dropped. */
const RECONNECT_MS = 1_000;

export interface ChangeFeedOptions {
  log?: (line: string) => void;
  /**
   * How often the listening connection sends itself a notification, and how long it waits for it
   * to come back before it counts the connection as lost. A connection can die without a word (a
   * firewall, a NAT, a cable); notifications would then stop unseen, and pages would be answered
   * from memory that nothing corrects. With the heartbeat that lasts at most both times together.
   */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

export function postgresChangeFeed(connectionString: string, options: ChangeFeedOptions = {}): ChangeFeed {
  const { log = console.warn, heartbeatMs = 5_000, heartbeatTimeoutMs = 5_000 } = options;
  const subscribers = new Set<Heard>();
  const waiting = new Map<string, () => void>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let syncs = 0;
  /** Its own notifications' keys start with this: other processes' come to every listener too. */
  const me = randomUUID();
  let warned = false;
  let beat: NodeJS.Timeout | undefined;

  const tell = (topic?: string, key?: string) => {
    for (const heard of subscribers) heard(topic, key);
  };

  function dropped(c: pg.Client, err?: Error) {
    if (client !== c) return;
    client = undefined;
    live = false;
    clearInterval(beat);
    tell();
    for (const resolve of waiting.values()) resolve(); // nothing is used from memory now
    waiting.clear();
    c.removeAllListeners();
    c.on('error', () => {}); // a late error of a connection already given up
    void c.end().catch(() => {});
    if (!warned)
      log(
        `postgres change feed: ${err?.message ?? 'connection ended'}; rows kept in memory are not used until it is back`,
      );
    warned = true;
    schedule();
  }

  function schedule() {
    if (closed || retry || subscribers.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      void start();
    }, RECONNECT_MS);
    retry.unref();
  }

  function start(): Promise<void> {
    if (closed || client) return Promise.resolve();
    return (starting ??= (async () => {
      const c = new pg.Client({ connectionString, keepAlive: true, application_name: FEED_APPLICATION_NAME });
      c.on('error', (err) => dropped(c, err));
      c.on('end', () => dropped(c));
      c.on('notification', (msg) => {
        if (msg.channel !== CHANGES_CHANNEL) return;
        const payload = msg.payload ?? '';
        const colon = payload.indexOf(':');
        const topic = colon < 0 ? payload : payload.slice(0, colon);
        const key = colon < 0 ? undefined : payload.slice(colon + 1);
        if (topic === SYNC_TOPIC && key !== undefined) {
          waiting.get(key)?.();
          waiting.delete(key);
          return;
        }
        tell(topic, key);
      });
      client = c;
      try {
        await c.connect();
        await c.query(`listen ${CHANGES_CHANNEL}`);
        if (client !== c || closed) return;
        live = true;
        beat = setInterval(() => void heartbeat(c), heartbeatMs);
        beat.unref();
        // Whatever changed while nobody listened is unknown: subscribers start afresh.
        tell();
        if (warned) log('postgres change feed: listening again');
        warned = false;
      } catch (err) {
        dropped(c, err instanceof Error ? err : new Error(String(err)));
      }
    })().finally(() => {
      starting = undefined;
    }));
  }

  /** Sends a notification of its own on `c` and resolves when it comes back (or the feed drops). */
  async function roundTrip(c: pg.Client): Promise<void> {
    const key = `${me}-${++syncs}`;
    const heard = new Promise<void>((resolve) => waiting.set(key, resolve));
    await c.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, `${SYNC_TOPIC}:${key}`]);
    await heard;
  }

  async function heartbeat(c: pg.Client) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), heartbeatTimeoutMs)));
    const answer = await Promise.race([
      roundTrip(c).then(
        () => 'back' as const,
        () => 'failed' as const,
      ),
      late,
    ]);
    clearTimeout(timer);
    if (answer !== 'back')
      dropped(c, new Error(`its heartbeat ${answer === 'late' ? 'did not come back in time' : 'failed'}`));
  }

  return {
    get live() {
      return live;
    },
    subscribe(heard) {
      subscribers.add(heard);
      void start();
      return () => void subscribers.delete(heard);
    },
    poll() {},
    async caughtUp() {
      await start();
      const c = client;
      if (!live || !c) return; // not listening: nothing kept in memory is used
      await roundTrip(c);
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      clearInterval(beat);
      await starting;
      const c = client;
      client = undefined;
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}

/**
 * SQLite's change feed: migration 006's triggers write every change down in the database itself
 * (`change_counter`, moved on by each change, and `change_log`, each topic with the counter's value
 * at its latest change), whichever process made it. `poll` reads the counter (one row, a couple of
 * microseconds on the connection) and, only when it moved, the topics changed since, and tells the
 * subscribers before returning. So a change committed by any process is heard by the next page of
 * this server, with no delay at all.
 *
 * Not `live` (nothing kept is used or kept) while the connection is inside a transaction, whose
 * changes are not committed and may still roll back (Kysely then holds the connection, and a page
 * read waits for it anyway); nor before migration 006 has run, nor once closed.
 */
export function sqliteChangeFeed(database: SQLite.Database): ChangeFeed {
  const subscribers = new Set<Heard>();
  let statements: { counter: SQLite.Statement<[], number>; since: SQLite.Statement<[number], string> } | undefined;
  /** The counter as last read; undefined until the first read (subscribers then start afresh). */
  let seen: number | undefined;
  let live = false;
  let closed = false;

  const tell = (topic?: string, key?: string) => {
    for (const heard of subscribers) heard(topic, key);
  };

  function look() {
    if (closed || database.inTransaction) return false;
    statements ??= {
      counter: database.prepare<[], number>('select seq from change_counter where id = 1').pluck(),
      since: database.prepare<[number], string>('select topic from change_log where seq > ? order by seq').pluck(),
    };
    const seq = statements.counter.get();
    if (seq === undefined) return false;
    if (seen === undefined) {
      tell();
    } else if (seq !== seen) {
      for (const topic of statements.since.all(seen)) {
        const colon = topic.indexOf(':');
        if (colon < 0) tell(topic);
        else tell(topic.slice(0, colon), topic.slice(colon + 1));
      }
    }
    seen = seq;
    return true;
  }

  function poll() {
    try {
      live = look();
    } catch {
      // No change_counter yet (migration 006 not run: the statements were not prepared), or the read
      // failed. Nothing kept is used until a later look succeeds, which reads what changed meanwhile
      // from change_log.
      live = false;
    }
  }

  return {
    get live() {
      return live;
    },
    subscribe(heard) {
      subscribers.add(heard);
      return () => void subscribers.delete(heard);
    },
    poll,
    async caughtUp() {
      poll();
    },
    async close() {
      closed = true;
      live = false;
    },
  };
}
