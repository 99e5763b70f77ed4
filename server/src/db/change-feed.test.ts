import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DbHandle } from './client.js';
import { migrateToLatest } from './migrate.js';
import { FEED_APPLICATION_NAME, postgresChangeFeed } from './change-feed.js';
import { testEngines } from './testing.js';
import { insertAccount, insertProduct, insertUser } from '../test/fixtures.js';
import { testApp } from '../test/app.js';

const pgEngine = testEngines().find((e) => e.name === 'postgres');
if (!pgEngine) console.log('SKIPPED change-feed tests on PostgreSQL: TEST_DATABASE_URL is not set');

/** Waits (up to 5 s) until `ready` holds. */
async function until(ready: () => boolean): Promise<void> {
  for (const end = Date.now() + 5_000; !ready();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the change feed on SQLite', () => {
  let handle: DbHandle;
  const heard: (string | undefined)[] = [];
  let accountId: number;
  const feed = () => handle.changes!;

  beforeAll(async () => {
    handle = await testEngines()[0]!.open();
    expect(handle.engine).toBe('sqlite');
    accountId = await insertAccount(handle.db);
    feed().subscribe((topic, key) => heard.push(key === undefined ? topic : `${topic}:${key}`));
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** What one look of the feed hears of `change`. */
  async function hearOf(change: () => Promise<unknown>): Promise<(string | undefined)[]> {
    feed().poll();
    heard.length = 0;
    await change();
    feed().poll();
    return [...heard];
  }

  it('starts afresh at its first look, and is live from then on', () => {
    expect(feed().live).toBe(false);
    feed().poll();
    expect(heard).toEqual([undefined]);
    expect(feed().live).toBe(true);
  });

  it('hears each kind of change at the next look, once per topic', async () => {
    await hearsEachKind(handle.db, accountId, hearOf);
    const users = [await insertUser(handle.db, accountId, 'cf-a'), await insertUser(handle.db, accountId, 'cf-b')];
    const product = await insertProduct(handle.db, { itemNumber: 'CF-2', gbpE5: 100_000, tiers: [] });
    await handle.db
      .insertInto('favourites')
      .values(users.map((u) => ({ user_id: u, product_id: product.productId, created_at: 'x' })))
      .execute();
    const cleared = await hearOf(() => handle.db.deleteFrom('favourites').execute());
    expect(cleared.sort()).toEqual(users.map((u) => `favourites:${u}`).sort());
  });

  it('hears a change another process committed to the file', async () => {
    const file = handle.describe.replace(/^sqlite /, '');
    const other = new SQLite(file);
    try {
      const heardOf = await hearOf(async () => other.prepare('update products set stock = stock + 1').run());
      expect(heardOf).toEqual(['catalogue']);
    } finally {
      other.close();
    }
  });

  it('is not live inside a transaction, and never hears a change rolled back', async () => {
    feed().poll();
    heard.length = 0;
    const inside: boolean[] = [];
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('products').set({ stock: 1 }).execute();
        feed().poll();
        inside.push(feed().live);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(inside).toEqual([false]);
    feed().poll();
    expect(feed().live).toBe(true);
    expect(heard).toEqual([]);
    // The next change is heard, though the rolled-back one had moved the counter inside its transaction.
    expect(await hearOf(() => handle.db.updateTable('accounts').set({ discount_bp: 1 }).execute())).toEqual(['terms']);
  });

  it('is not live on a database not yet migrated, or once closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-feed-'));
    const bare = openDatabase({ dataDir: dir });
    try {
      bare.changes!.poll();
      expect(bare.changes!.live).toBe(false);
      await migrateToLatest(bare);
      bare.changes!.poll();
      expect(bare.changes!.live).toBe(true);
    } finally {
      await bare.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    bare.changes!.poll();
    expect(bare.changes!.live).toBe(false);
  });
});

/**
 * Each kind of change to what pages keep, made past the server, and what the feed hears of it:
 * one topic per transaction and topic, whoever made it. `hearOf` runs a change and returns what was heard.
 */
async function hearsEachKind(
  db: DbHandle['db'],
  accountId: number,
  hearOf: (change: () => Promise<unknown>) => Promise<(string | undefined)[]>,
) {
  const product = await insertProduct(db, { itemNumber: 'CF-1', gbpE5: 100_000, tiers: [] });
  expect(
    await hearOf(() => db.updateTable('products').set({ stock: 3 }).where('id', '=', product.productId).execute()),
  ).toEqual(['catalogue']);
  expect(
    await hearOf(() =>
      db.updateTable('product_prices').set({ list_price_e5: 1 }).where('product_id', '=', product.productId).execute(),
    ),
  ).toEqual(['catalogue']);
  expect(
    await hearOf(() =>
      db
        .insertInto('inbound_deliveries')
        .values({ product_id: product.productId, quantity: 5, due_date: '2027-01-01' })
        .execute(),
    ),
  ).toEqual(['catalogue']);
  expect(
    await hearOf(() =>
      db
        .insertInto('multibuy_tiers')
        .values({ product_id: product.productId, currency_code: 'GBP', minimum_quantity: 5, price_e5: 1 })
        .execute(),
    ),
  ).toEqual(['catalogue']);
  expect(
    await hearOf(() => db.updateTable('accounts').set({ discount_bp: 500 }).where('id', '=', accountId).execute()),
  ).toEqual(['terms']);
  expect(
    await hearOf(() =>
      db
        .insertInto('account_discounts')
        .values({ account_id: accountId, product_type_id: product.typeId, discount_bp: 100 })
        .execute(),
    ),
  ).toEqual(['terms']);
  // A payment moves the balance, not the terms: nothing to hear.
  expect(
    await hearOf(() => db.updateTable('accounts').set({ balance_minor: 10 }).where('id', '=', accountId).execute()),
  ).toEqual([]);

  const userId = await insertUser(db, accountId, 'cf-user');
  const both = await hearOf(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('favourites')
        .values({ user_id: userId, product_id: product.productId, created_at: 'x' })
        .execute();
      await trx.deleteFrom('favourites').where('user_id', '=', userId).execute();
    }),
  );
  expect(both).toEqual([`favourites:${userId}`]);
}

describe.skipIf(!pgEngine)('the change feed on PostgreSQL', () => {
  let handle: DbHandle;
  const heard: (string | undefined)[] = [];
  let accountId: number;
  let first: (string | undefined)[] = [];

  beforeAll(async () => {
    handle = await pgEngine!.open();
    accountId = await insertAccount(handle.db);
    handle.changes!.subscribe((topic, key) => heard.push(key === undefined ? topic : `${topic}:${key}`));
    await until(() => handle.changes!.live);
    first = [...heard];
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** What the feed hears of `change`, once every change committed before now has come in. */
  async function hearOf(change: () => Promise<unknown>): Promise<(string | undefined)[]> {
    await handle.changes!.caughtUp();
    heard.length = 0;
    await change();
    await handle.changes!.caughtUp();
    return [...heard];
  }

  it('starts afresh once listening: subscribers are told anything may have changed', () => {
    expect(first).toEqual([undefined]);
  });

  it('hears each kind of change made past the server, once per transaction and topic', async () => {
    await hearsEachKind(handle.db, accountId, hearOf);
    expect(await hearOf(() => sql`truncate favourites`.execute(handle.db))).toEqual(['favourites']);
  });

  it('tells subscribers when it drops, uses nothing until it listens again, then starts afresh', async () => {
    heard.length = 0;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${FEED_APPLICATION_NAME}`.execute(handle.db);
    await until(() => !handle.changes!.live);
    expect(heard).toContain(undefined);
    heard.length = 0;
    await until(() => handle.changes!.live); // it listens again about a second later
    expect(heard).toEqual([undefined]);
    expect(await hearOf(() => handle.db.updateTable('products').set({ stock: 4 }).execute())).toEqual(['catalogue']);
  });

  it('is listened to by a server unless LISTEN_FOR_CHANGES is false', async () => {
    const fresh = await pgEngine!.open();
    const listeners = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and application_name = ${FEED_APPLICATION_NAME}`.execute(fresh.db)
        ).rows[0]!.n,
      );
    try {
      const off = await testApp(fresh, { LISTEN_FOR_CHANGES: false });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fresh.changes!.live).toBe(false);
      expect(await listeners()).toBe(0);
      await off.close();
      const on = await testApp(fresh);
      await until(() => fresh.changes!.live);
      expect(await listeners()).toBe(1);
      await on.close();
    } finally {
      await fresh.close();
    }
  });

  it('counts a connection that goes silent as lost when its heartbeat does not come back, and listens again', async () => {
    // A TCP proxy to PostgreSQL that can stop passing bytes without closing anything, as a
    // firewall that forgets a connection does.
    const server = new URL(process.env.TEST_DATABASE_URL!);
    let silent = false;
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((inbound) => {
      const outbound = net.connect(Number(server.port || 5432), server.hostname);
      for (const [from, to] of [
        [inbound, outbound],
        [outbound, inbound],
      ] as const) {
        sockets.add(from);
        from.on('data', (bytes) => void (silent || to.write(bytes)));
        from.on('error', () => {});
        from.on('close', () => to.destroy());
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const through = new URL(server);
    through.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    const lines: string[] = [];
    const feed = postgresChangeFeed(through.toString(), {
      log: (line) => lines.push(line),
      heartbeatMs: 100,
      heartbeatTimeoutMs: 200,
    });
    const told: (string | undefined)[] = [];
    feed.subscribe((topic) => told.push(topic));
    try {
      await until(() => feed.live);
      told.length = 0;
      silent = true;
      await until(() => !feed.live); // within a heartbeat and its wait
      expect(told).toEqual([undefined]);
      expect(lines.join('\n')).toMatch(/heartbeat did not come back in time/);
      silent = false;
      await until(() => feed.live); // a new connection about a second later
      await feed.caughtUp();
      expect(lines.at(-1)).toMatch(/listening again/);
    } finally {
      await feed.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
