import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { liveResponse, readyResponse, pathOf, routes } from '@wholesale/contract';
import { buildApp } from '../../app.js';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { Lifecycle } from '../../lib/lifecycle.js';
import { testApp, testConfig } from '../../test/app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(testEngines())('health for load balancers on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const ready = async (a: FastifyInstance = app) => {
    const res = await a.inject({ method: 'GET', url: pathOf(routes.getReadiness) });
    return { res, body: readyResponse.parse(res.json()) };
  };
  /** PostgreSQL: the LISTEN connection opens in the background (slowly on a loaded machine). */
  const whenReady = async (a: FastifyInstance = app) => {
    for (let i = 0; i < 100; i++) {
      const r = await ready(a);
      if (r.res.statusCode === 200) return r;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return ready(a);
  };

  it('answers live without looking at anything else', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(routes.getLiveness) });
    expect(res.statusCode).toBe(200);
    expect(liveResponse.parse(res.json())).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready once built, with the database up and every migration run', async () => {
    // PostgreSQL: the change feed's LISTEN connection opens as the products module subscribes.
    const { res, body } = await whenReady();
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: {
        database: 'up',
        migrations: 'up',
        redis: 'off',
        changeFeed: engine.name === 'postgres' ? 'up' : 'off',
      },
    });
  });

  it('answers 503 while starting and while draining, closing the connection when draining', async () => {
    const lifecycle = new Lifecycle();
    const own = await buildApp({ config: testConfig(), handle, lifecycle });
    await own.ready();
    try {
      const starting = await ready(own);
      expect(starting.res.statusCode).toBe(503);
      expect(starting.body.status).toBe('starting');
      expect(starting.res.headers['retry-after']).toBeDefined();

      lifecycle.ready();
      expect((await ready(own)).res.statusCode).toBe(200);

      lifecycle.drain();
      const draining = await ready(own);
      expect(draining.res.statusCode).toBe(503);
      expect(draining.body.status).toBe('draining');
      expect(draining.res.headers.connection).toBe('close');
      // Other answers still come (requests in flight finish) but close their connection too.
      const live = await own.inject({ method: 'GET', url: pathOf(routes.getLiveness) });
      expect(live.statusCode).toBe(200);
      expect(live.headers.connection).toBe('close');
      // Reads are turned away (nginx retries them elsewhere); writes are still handled.
      const read = await own.inject({ method: 'GET', url: pathOf(routes.getSettings) });
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe('1');
      const write = await own.inject({ method: 'POST', url: pathOf(routes.login), payload: { username: 'x' } });
      expect(write.statusCode).toBe(400);
    } finally {
      await own.close();
    }
  });

  it('is not ready while a migration this server knows has not run', async () => {
    const own = await testApp(handle);
    const last = await handle.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .orderBy(sql`name`, 'desc')
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(handle.db);
    try {
      const { res, body } = await ready(own);
      expect(res.statusCode).toBe(503);
      expect(body).toMatchObject({ status: 'unavailable', checks: { migrations: 'down', database: 'up' } });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(
        handle.db,
      );
      await own.close();
    }
    expect((await ready()).res.statusCode).toBe(200);
  });

  it('checks Redis when one is configured, and is not ready when it does not answer', async () => {
    const withRedis = await testApp(handle, { REDIS_URL });
    try {
      // Not ready until the Redis connection is open (commands are not queued while connecting).
      const { res, body } = await whenReady(withRedis);
      expect(body.checks.redis).toBe('up');
      expect(res.statusCode).toBe(200);
    } finally {
      await withRedis.close();
    }
    // Nothing listens on port 1: the connection is refused.
    const noRedis = await testApp(handle, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const { res, body } = await ready(noRedis);
      expect(res.statusCode).toBe(503);
      expect(body).toMatchObject({ status: 'unavailable', checks: { redis: 'down', database: 'up' } });
    } finally {
      await noRedis.close();
    }
  });

  it.runIf(engine.name === 'postgres')('is not ready while the change feed is not listening', async () => {
    const off = await testApp(handle, { LISTEN_FOR_CHANGES: false });
    try {
      expect((await ready(off)).body.checks.changeFeed).toBe('off');
    } finally {
      await off.close();
    }
    // A handle whose feed was closed hears nothing any more.
    const other = await engine.open();
    const own = await testApp(other);
    try {
      expect((await whenReady(own)).res.statusCode).toBe(200);
      await other.changes?.close();
      const { res, body } = await ready(own);
      expect(res.statusCode).toBe(503);
      expect(body.checks.changeFeed).toBe('down');
    } finally {
      await own.close();
      await other.close();
    }
  });
});
