/**
 * A Redis that accepts connections but does not answer (a stopped process, a full network buffer,
 * a half-open connection) must not hang the requests that count attempts in it (login, refresh,
 * payments): commands give up after REDIS_COMMAND_TIMEOUT_MS and the throttle counts in process,
 * as when Redis refuses connections; the outage is logged once.
 */
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pathOf, routes } from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { login, testApp, testConfig } from '../../test/app.js';
import { buildApp } from '../../app.js';
import { requireRedis } from '../../test/redis.js';

/** A loopback listener that accepts connections and forwards them to `to` (or nowhere) while not silent. */
async function listener(to?: number) {
  const sockets = new Set<net.Socket>();
  const state = { silent: !to, connections: 0 };
  const server = net.createServer((inbound) => {
    state.connections++;
    sockets.add(inbound);
    inbound.on('error', () => {});
    inbound.on('close', () => sockets.delete(inbound));
    if (!to) return; // accepts, reads, never answers
    const outbound = net.connect(to, '127.0.0.1');
    sockets.add(outbound);
    outbound.on('error', () => inbound.destroy());
    outbound.on('close', () => (sockets.delete(outbound), inbound.destroy()));
    inbound.on('close', () => outbound.destroy());
    inbound.on('data', (b) => void (state.silent || outbound.write(b)));
    outbound.on('data', (b) => void (state.silent || inbound.write(b)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines())('a Redis that does not answer, on $name', (engine) => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await engine.open();
    await insertUser(handle.db, await insertAccount(handle.db), 'stalled');
    // The process's first login pays for loading and compiling (about a second here): not Redis's doing.
    const warm = await testApp(handle);
    await login(warm, 'stalled');
    await warm.close();
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function appWith(url: string) {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn', REDIS_URL: url, REDIS_COMMAND_TIMEOUT_MS: 50 }),
      handle,
      logStream: stream,
    });
    return { app, lines };
  }

  /** A correct login's status and time; a hung one shows as 'hung' after 5 s instead of the test timing out. */
  async function timedLogin(app: FastifyInstance) {
    const started = performance.now();
    const res = await Promise.race([
      app.inject({
        method: 'POST',
        url: pathOf(routes.login),
        payload: { username: 'stalled', password: 'Portal-test-1' },
      }),
      sleep(5_000).then(() => undefined),
    ]);
    return { status: res?.statusCode ?? 'hung', ms: Math.round(performance.now() - started) };
  }

  it('logs in promptly through a listener that accepts and never answers, and logs the outage once', async () => {
    const silent = await listener();
    const { app, lines } = await appWith(silent.url);
    try {
      const logins = [];
      for (let i = 0; i < 5; i++) logins.push(await timedLogin(app));
      await sleep(1_200); // reconnect attempts go on meanwhile
      for (let i = 0; i < 5; i++) logins.push(await timedLogin(app));
      console.log(`logins through a silent Redis: ${logins.map((l) => `${l.status} in ${l.ms} ms`).join(', ')}`);
      expect(silent.state.connections).toBeGreaterThan(0);
      for (const login of logins) {
        expect(login.status).toBe(200);
        expect(login.ms).toBeLessThan(1_000);
      }
      expect(lines.filter((l) => l.includes('unreachable'))).toHaveLength(1);
    } finally {
      await app.close();
      await silent.close();
    }
  }, 30_000);

  it('logs in promptly when Redis stops answering after it was ready, and shares counts again when it is back', async (t) => {
    await requireRedis(t, 'stalled-after-ready Redis test');
    const proxy = await listener(6379);
    const { app, lines } = await appWith(proxy.url);
    try {
      expect((await timedLogin(app)).status).toBe(200);
      expect(lines.filter((l) => l.includes('unreachable'))).toHaveLength(0);
      proxy.state.silent = true;
      const logins = [];
      for (const end = Date.now() + 1_500; Date.now() < end;) logins.push(await timedLogin(app));
      for (const login of logins) {
        expect(login.status).toBe(200);
        expect(login.ms).toBeLessThan(1_000);
      }
      expect(lines.filter((l) => l.includes('unreachable'))).toHaveLength(1);
      proxy.state.silent = false;
      for (const end = Date.now() + 15_000; !lines.some((l) => l.includes('is back')); await sleep(100))
        if (Date.now() > end) throw new Error(`Redis was not used again:\n${lines.join('\n')}`);
      expect((await timedLogin(app)).status).toBe(200);
      expect(lines.filter((l) => l.includes('unreachable'))).toHaveLength(1);
    } finally {
      await app.close();
      await proxy.close();
    }
  }, 40_000);
});
