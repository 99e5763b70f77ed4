import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_SCOPES, allEndpoints, type Endpoint } from '@wholesale/contract';
import { testEngines } from './db/testing.js';
import type { DbHandle } from './db/client.js';
import { insertAccount, insertUser } from './test/fixtures.js';
import { bearer, login, testApp } from './test/app.js';
import { apiKeysService } from './modules/integration/api-keys.js';

/**
 * The allow-list: the only endpoints anyone may call without a session or an API key. Making an
 * endpoint public means adding it here, in review, beside the reason its contract entry gives.
 */
const PUBLIC = [
  'getHealth',
  'getLiveness',
  'getReadiness',
  'getSettings',
  'login',
  'refreshSession',
  'exchangeRedirectToken',
  'describeSetPasswordLink',
  'setPassword',
  'receivePaymentCallback',
  'showPaymentPage',
  'payByCard',
];

/** Routes third-party plugins add: the OpenAPI page (@fastify/swagger-ui), public by design. */
const isThirdParty = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

const byName = new Map(allEndpoints().map((e) => [e.name, e]));
const key = (method: string, url: string) => `${method} ${url}`;

describe.each(testEngines())('routes and their access on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let customer: string;
  let apiKey: string;
  let ordersReadKey: string;

  /** What the server registered, HEAD twins of GETs and third-party routes left out. */
  const registered = () => app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !isThirdParty(r.url));
  const endpointOf = (r: { endpoint: string | undefined }): Endpoint => {
    const e = r.endpoint === undefined ? undefined : byName.get(r.endpoint);
    if (!e) throw new Error(`route without a contract endpoint: ${JSON.stringify(r)}`);
    return e;
  };
  /** Calls a route with every path parameter set, a bogus query and (for writes) a bogus JSON body. */
  const probe = (r: { method: string; url: string }, headers: Record<string, string> = {}) =>
    app.inject({
      method: r.method as 'GET',
      url: `${r.url.replace(/:[A-Za-z0-9_]+/g, '1')}?page=-5&bogus=1`,
      headers,
      ...(r.method === 'GET' ? {} : { payload: { bogus: ['not', 'what', 'the', 'schema', 'wants'] } }),
    });

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const account = await insertAccount(handle.db);
    await insertUser(handle.db, account, 'rosa');
    customer = (await login(app, 'rosa')).accessToken;
    const keys = apiKeysService(handle.db);
    apiKey = (await keys.createClient('every-scope', API_SCOPES.join(','))).key;
    ordersReadKey = (await keys.createClient('orders-read', 'orders:read')).key;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('registers every contract endpoint once, and no route the contract lacks', () => {
    const routes = registered();
    expect(routes.length).toBeGreaterThan(50);
    // Each registered route came from its contract entry, at that entry's method and path...
    const mismatched = routes.filter((r) => {
      const e = r.endpoint === undefined ? undefined : byName.get(r.endpoint);
      return !e || e.method !== r.method || e.path !== r.url;
    });
    expect(mismatched).toEqual([]);
    // ...and the two lists are the same, one to one.
    expect(routes.map((r) => key(r.method, r.url)).sort()).toEqual(
      allEndpoints()
        .map((e) => key(e.method, e.path))
        .sort(),
    );
    // An entry naming a service is answered by it (plugins/bind.ts); the others are registered by hand.
    const bound = routes.filter((r) => r.boundTo).map((r) => `${r.endpoint} -> ${r.boundTo}`);
    expect(bound.length).toBeGreaterThan(20);
    expect(bound.sort()).toEqual(
      allEndpoints()
        .filter((e) => e.service)
        .map((e) => `${e.name} -> ${e.service}.${e.name}`)
        .sort(),
    );
  });

  it('opens only the allow-listed endpoints to anonymous callers', () => {
    expect(
      allEndpoints()
        .filter((e) => e.access.kind === 'public')
        .map((e) => e.name)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('answers 401 to an anonymous caller on every other route, before reading its input', async () => {
    const guarded = registered().filter((r) => !PUBLIC.includes(endpointOf(r).name));
    expect(guarded.length).toBeGreaterThan(40);
    // Routes bound by convention are probed as well as those registered by hand.
    expect(guarded.filter((r) => r.boundTo).length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const r of guarded) {
      const res = await probe(r);
      const e = endpointOf(r);
      // The customer API's challenge, or the integration API's problem+json.
      const shape =
        e.access.kind === 'apiKey'
          ? String(res.headers['content-type']).startsWith('application/problem+json')
          : res.headers['www-authenticate'] === 'Bearer realm="wholesale-portal"';
      if (res.statusCode !== 401 || !shape) wrong.push(`${key(r.method, r.url)}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an API key on customer routes and a customer session on integration routes (401)', async () => {
    const wrong: string[] = [];
    for (const r of registered()) {
      const { access } = endpointOf(r);
      if (access.kind === 'public') continue;
      const res = await probe(r, bearer(access.kind === 'apiKey' ? customer : apiKey));
      if (res.statusCode !== 401) wrong.push(`${key(r.method, r.url)}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 to an API key without the route's scope, before reading its input", async () => {
    const wrong: string[] = [];
    const integration = registered().filter((r) => endpointOf(r).access.kind === 'apiKey');
    expect(integration.length).toBeGreaterThan(10);
    for (const r of integration) {
      const { access } = endpointOf(r);
      if (access.kind !== 'apiKey' || access.scope === 'orders:read') continue;
      const res = await probe(r, bearer(ordersReadKey));
      if (res.statusCode !== 403) wrong.push(`${key(r.method, r.url)}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });
});
