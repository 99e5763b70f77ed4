/**
 * Test support for the outbound integration routes: an app as production builds it (the events
 * routes inside the integration module, behind the real guard) and real API keys per test client.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ApiScope } from '@wholesale/contract';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import type { DbHandle } from '../../db/client.js';
import { testConfig } from '../../test/app.js';
import type { DispatcherTuning } from './webhook-dispatcher.js';
import { composeStore } from '../../compose.js';

/** API keys made for (test client number, scopes), per database. */
const keys = new WeakMap<DbHandle, Map<string, Promise<string>>>();
let current: DbHandle | undefined;

/**
 * The headers of test client `n` holding exactly `scopes`: a real API client and key, made on first
 * use in the database of the last `eventsTestApp`. The same number and scopes give the same client,
 * so what it creates is its own; other scopes are another client.
 */
export function asClient(n: number, ...scopes: ApiScope[]): Promise<{ authorization: string }> {
  const handle = current;
  if (!handle) throw new Error('asClient: call eventsTestApp first');
  let made = keys.get(handle);
  if (!made) keys.set(handle, (made = new Map()));
  const id = `${n}:${scopes.join(',')}`;
  let key = made.get(id);
  if (!key) {
    const name = `test-${n}-${scopes.join('-').replaceAll(':', '.')}`;
    key = composeStore(handle.db)
      .apiKeys.createClient(name, scopes.join(','))
      .then((c) => c.key);
    made.set(id, key);
  }
  return key.then((k) => ({ authorization: `Bearer ${k}` }));
}

/** The whole app, the outbound integration routes among its integration routes. */
export async function eventsTestApp(
  handle: DbHandle,
  overrides: Partial<Config> = {},
  dispatcher?: DispatcherTuning,
): Promise<FastifyInstance> {
  const config = testConfig({ WEBHOOK_DELIVERY: true, WEBHOOK_POLL_MS: 50, ...overrides });
  current = handle;
  const app = await buildApp({ config, handle, webhookDispatcher: dispatcher });
  await app.ready();
  return app;
}

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  answered: number;
}

/** A real HTTP receiver on 127.0.0.1; `answer` decides each request's status (null: never answer). */
export async function startReceiver(answer: (n: number, req: http.IncomingMessage) => number | null = () => 200) {
  const received: ReceivedWebhook[] = [];
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answer(received.length + 1, req);
      const entry: ReceivedWebhook = {
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
        answered: status ?? 0,
      };
      received.push(entry);
      if (status === null) {
        hung.add(res);
        return;
      }
      if (status >= 300 && status < 400) res.setHeader('location', 'http://127.0.0.1:1/elsewhere');
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until `check` is true (polling every 20 ms), or fails after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A port free on 127.0.0.1 just now. */
export function freePortForTest(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}
