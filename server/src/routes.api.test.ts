import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_SCOPES, allEndpoints as portalAndIntegration, routes, type Endpoint } from '@wholesale/contract';
import { staffEndpoints } from '@wholesale/contract/staff';
import { testEngines } from './db/testing.js';
import type { DbHandle } from './db/client.js';
import { insertAccount, insertUser } from './test/fixtures.js';
import { bearer, login, testApp } from './test/app.js';
import { composeStore } from './compose.js';

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
  // Forgotten password: the same answer always, throttled
  'requestPasswordReset',
  'receivePaymentCallback',
  'showPaymentPage',
  'payByCard',
  // Static text: the page each integration problem's `type` points at.
  'describeProblemType',
  // Email: one-click unsubscribe, the signed token in the link is the key
  'showUnsubscribePage',
  'unsubscribeMail',
  // The back office's sign-in: password (throttled as login), then the challenge it signed is the key
  'staffLogin',
  'enrolStaffFactor',
  'verifyStaffFactor',
  // The back office's one-time set-up link is the key, throttled
  'describeStaffSetupLink',
  'setUpStaffPassword',
];

/**
 * The routes registered by hand, each beside a comment in its route plugin saying why (a cookie it
 * reads and sets, a probe's 503, an HTML page with statuses and form posts of its own). Every other
 * route is bound; registering one more by hand means adding it here, in review.
 */
const BY_HAND = [
  'login',
  'getHealth',
  'getReadiness',
  'showPaymentPage',
  'payByCard',
  'showUnsubscribePage',
  'unsubscribeMail',
];

/** Routes third-party plugins add: the OpenAPI page (@fastify/swagger-ui), public by design. */
// eslint-disable-next-line no-restricted-syntax -- not a contract route: @fastify/swagger-ui's own path
const isThirdParty = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * The calls the spec lists (section 7, "The calls it makes", under the base path /api), written out
 * as the spec writes them. Every other test builds its paths from the contract (`pathOf`), so it
 * would follow a path changed there; this table is what fails, because the web app and the spec's
 * other clients call these paths.
 */
const SPEC_CALLS = {
  login: 'POST /api/auth/login',
  changePassword: 'POST /api/auth/changepassword',
  refreshSession: 'GET /api/auth/refresh',
  exchangeRedirectToken: 'GET /api/auth/refresh/:token',
  getNotification: 'GET /api/notification',
  listCategories: 'GET /api/orderproducts/categories',
  searchProducts: 'GET /api/orderproducts/search',
  listFavourites: 'GET /api/orderproducts/favourites',
  addFavourite: 'POST /api/orderproducts/favourites',
  removeFavourite: 'DELETE /api/orderproducts/favourites',
  listUsuals: 'GET /api/orderproducts/usuals',
  listMultiBuyDiscounts: 'GET /api/orderproducts/multi/:itemNumber',
  listDeliverySchedule: 'GET /api/orderproducts/schedule/:itemNumber',
  getProductImage: 'GET /api/orderproducts/:itemNumber/image/:imageType',
  getBasket: 'GET /api/basket',
  addBasketLine: 'POST /api/basket',
  updateBasketLine: 'PATCH /api/basket',
  deleteBasketLine: 'DELETE /api/basket/:id',
  getBasketAmount: 'GET /api/basket/amount',
  submitBasket: 'POST /api/basket/submit/:id',
  getOrderConfirmation: 'GET /api/basket/confirmation',
  submitBasketHeader: 'POST /api/basket/header',
  requestOrderPayment: 'POST /api/payment/request',
  requestInvoicePayment: 'POST /api/payment/request/invoice',
  getCountries: 'GET /api/countries',
  getInvoices: 'GET /api/account/invoices',
  downloadInvoiceStatement: 'POST /api/account/statement-template',
  downloadStatement: 'GET /api/account/statement/:filename',
  listOpenOrders: 'GET /api/order',
  trackOrder: 'GET /api/order/:orderNumber/track',
  copyOrder: 'POST /api/order/:orderNumber/copy',
  cancelOrder: 'POST /api/order/:orderNumber/cancel',
  downloadOrderStatement: 'POST /api/order/statement-template',
} as const satisfies Partial<Record<keyof typeof routes, string>>;

/** The portal, integration and staff endpoints: everything the server registers. */
const allEndpoints = (): Endpoint[] => [...portalAndIntegration(), ...Object.values(staffEndpoints)];
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
    const keys = composeStore(handle.db).apiKeys;
    apiKey = (await keys.createClient('every-scope', API_SCOPES.join(','))).key;
    ordersReadKey = (await keys.createClient('orders-read', 'orders:read')).key;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('registers every contract endpoint once, and no route the contract lacks', () => {
    const served = registered();
    expect(served.length).toBeGreaterThan(50);
    // Each registered route came from its contract entry, at that entry's method and path...
    const mismatched = served.filter((r) => {
      const e = r.endpoint === undefined ? undefined : byName.get(r.endpoint);
      return !e || e.method !== r.method || e.path !== r.url;
    });
    expect(mismatched).toEqual([]);
    // ...and the two lists are the same, one to one.
    expect(served.map((r) => key(r.method, r.url)).sort()).toEqual(
      allEndpoints()
        .map((e) => key(e.method, e.path))
        .sort(),
    );
    // Every route is bound (modules/<area>/<area>.bind.ts) but the few registered by hand.
    expect(
      served
        .filter((r) => !r.boundTo)
        .map((r) => r.endpoint)
        .sort(),
    ).toEqual([...BY_HAND].sort());
    expect(served.filter((r) => r.boundTo).length).toBe(served.length - BY_HAND.length);
  });

  it("serves the spec's calls at the spec's methods and paths", () => {
    const served = new Set(registered().map((r) => key(r.method, r.url)));
    for (const [name, call] of Object.entries(SPEC_CALLS)) {
      const route = routes[name as keyof typeof SPEC_CALLS];
      expect(key(route.method, route.path), name).toBe(call);
      expect(served.has(call), call).toBe(true);
    }
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
    // Bound routes are probed as well as those registered by hand.
    expect(guarded.filter((r) => r.boundTo).length).toBeGreaterThan(60);
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
