/**
 * Test support for the outbound integration routes.
 *
 * STAND-IN FOR THE INTEGRATION GUARD: the real guard (API keys, branch erp-in) arrives at merge.
 * Until then these tests authenticate with a test header, `x-test-api-client: <clientId>:<scope>,<scope>`:
 * none 401, a missing scope 403, like the contract says. After merging, the lead switches
 * `eventsTestApp` to the real guard and keys.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_SCOPES, INTEGRATION_PREFIX, type ApiScope } from '@wholesale/contract';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import type { DbHandle } from '../../db/client.js';
import { testConfig } from '../../test/app.js';
import type { IntegrationGuard } from '../integration/guard.js';
import { integrationEventsRoutes, type IntegrationEventsOptions } from './events.routes.js';

export const TEST_CLIENT_HEADER = 'x-test-api-client';

/** Stand-in for the integration guard (see the file comment). */
export const testGuard: IntegrationGuard = (scope: ApiScope) => async (req: FastifyRequest, reply: FastifyReply) => {
  const raw = req.headers[TEST_CLIENT_HEADER];
  const text = typeof raw === 'string' ? raw : '';
  const [id, scopes = ''] = [text.slice(0, text.indexOf(':')), text.slice(text.indexOf(':') + 1)];
  const clientId = Number(id);
  if (!Number.isInteger(clientId) || clientId <= 0)
    return reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'An API key is required' });
  const granted = scopes.split(',').filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s));
  if (!granted.includes(scope))
    return reply
      .status(403)
      .send({ statusCode: 403, error: 'Forbidden', message: `This API key lacks the scope ${scope}` });
  req.apiClient = { clientId, name: `client ${clientId}`, scopes: granted };
};

export const asClient = (clientId: number, ...scopes: ApiScope[]) => ({
  [TEST_CLIENT_HEADER]: `${clientId}:${scopes.join(',')}`,
});

/** The whole app plus the outbound integration routes under their prefix, as the lead will wire them. */
export async function eventsTestApp(
  handle: DbHandle,
  overrides: Partial<Config> = {},
  dispatcher?: IntegrationEventsOptions['dispatcher'],
): Promise<FastifyInstance> {
  const config = testConfig({ WEBHOOK_POLL_MS: 50, ...overrides });
  const app = await buildApp({ config, handle });
  await app.register(integrationEventsRoutes, {
    prefix: INTEGRATION_PREFIX,
    ctx: { config, handle },
    guard: testGuard,
    dispatcher,
  });
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
