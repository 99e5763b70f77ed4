/**
 * A table locked by someone else (a migration, an operator's `LOCK TABLE`, a stuck transaction)
 * must not take the whole pool with it: requests blocked on the lock give up after
 * DB_LOCK_TIMEOUT_MS with 503, and /api/health (its own connection) and routes that do not touch
 * the table keep answering meanwhile.
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { pathOf, routes } from '@wholesale/contract';
import { openDatabase, type DbHandle } from './client.js';
import { testEngines } from './testing.js';
import { insertAccount, insertUser } from '../test/fixtures.js';
import { bearer, login, testApp } from '../test/app.js';

const pgEngine = testEngines().find((e) => e.name === 'postgres');
if (!pgEngine) console.log('SKIPPED lock-timeout tests: PostgreSQL only, and TEST_DATABASE_URL is not set');

describe.skipIf(!pgEngine)('a table locked on PostgreSQL', () => {
  let base: DbHandle;
  let handle: DbHandle;
  let app: FastifyInstance;
  let url: URL;
  let token: string;

  beforeAll(async () => {
    base = await pgEngine!.open();
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(base.db)).rows[0]!.n;
    url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    // The defaults except the lock timeout: statements may run 15 s, a pooled connection is waited for 5 s.
    handle = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), lockTimeoutMs: 1_000 });
    app = await testApp(handle);
    const accountId = await insertAccount(handle.db);
    await insertUser(handle.db, accountId, 'locked-out');
    token = (await login(app, 'locked-out')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await base?.close();
  });

  it('gives up on the lock in about a second with 503 while health and other routes answer 200', async () => {
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table orders in access exclusive mode');
      const started = performance.now();
      const timed = async (path: string, headers: Record<string, string> = bearer(token)) => {
        const res = await app.inject({ method: 'GET', url: path, headers });
        return {
          path,
          status: res.statusCode,
          retryAfter: res.headers['retry-after'],
          ms: performance.now() - started,
        };
      };
      // A dozen order lists, more than the pool's 10 connections, then health and an unrelated route.
      const blocked = Array.from({ length: 12 }, () => timed(pathOf(routes.listOpenOrders)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [health, countries] = await Promise.all([
        timed(pathOf(routes.getHealth), {}),
        timed(pathOf(routes.getCountries)),
      ]);
      const lists = await Promise.all(blocked);

      expect(health.status).toBe(200);
      expect(countries.status).toBe(200);
      // Health does not wait for the pool at all; the unrelated route waits for a connection at most
      // until the first blocked requests give up (about a second).
      expect(health.ms).toBeLessThan(lists[0]!.ms);
      for (const list of lists) {
        expect(list.status).toBe(503);
        expect(list.retryAfter).toBeDefined();
      }
      // Two waves of ~1 s (12 requests, 10 connections), far from the 15 s statement timeout.
      const slowest = Math.max(...lists.map((l) => l.ms));
      expect(slowest).toBeLessThan(8_000);
      console.log(
        `locked orders: 12 lists answered 503 by ${Math.round(slowest)} ms; health 200 at ${Math.round(health.ms)} ms, countries 200 at ${Math.round(countries.ms)} ms`,
      );
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    // Served again once the lock is gone.
    const after = await app.inject({ method: 'GET', url: pathOf(routes.listOpenOrders), headers: bearer(token) });
    expect(after.statusCode).toBe(200);
  }, 30_000);

  it('keeps /api/health answering 200 while every pooled connection is busy', async () => {
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    // A pool whose every connection waits: statement and lock timeouts long, so only the probe's own
    // connection can answer.
    const slow = openDatabase({
      databaseUrl: url.toString(),
      dataDir: os.tmpdir(),
      lockTimeoutMs: 20_000,
      statementTimeoutMs: 20_000,
      acquireTimeoutMs: 10_000,
    });
    const slowApp = await testApp(slow);
    try {
      await locker.query('begin');
      await locker.query('lock table orders in access exclusive mode');
      const waiting = Array.from({ length: 12 }, () =>
        slowApp.inject({ method: 'GET', url: pathOf(routes.listOpenOrders), headers: bearer(token) }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = await slowApp.inject({ method: 'GET', url: pathOf(routes.getHealth) });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', database: { engine: 'postgres', status: 'up' } });
      await locker.query('rollback');
      expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await slowApp.close();
      await slow.close();
    }
  }, 30_000);
});
