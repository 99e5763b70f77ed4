import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { API_BASE_PATH, type HttpMethod, routes } from '@wholesale/contract';
import { emptyBasket, emptyDeliveryPromise, noNotification, quietCreditSummary, settings } from './fixtures';

const handlerFor = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * An msw handler for a contract endpoint (`on(routes.getBasket, () => HttpResponse.json(...))`):
 * its method and path come from the contract, so a test answers exactly what the app calls. Path
 * parameters keep the contract's names (`params.itemNumber`).
 */
export function on(endpoint: { readonly method: HttpMethod; readonly path: string }, resolver: HttpResponseResolver) {
  return handlerFor[endpoint.method](endpoint.path, resolver);
}

/** An endpoint's path with some parameters filled in and the others left for msw to match (`:name`). */
export const partialPath = (endpoint: { readonly path: string }, values: Readonly<Record<string, string | number>>) =>
  endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) =>
    name in values ? encodeURIComponent(String(values[name])) : whole,
  );

/** Answers every screen of the shell needs; tests override per case with server.use(...). */
export const defaultHandlers = [
  on(routes.getSettings, () => HttpResponse.json(settings)),
  on(routes.getNotification, () => HttpResponse.json(noNotification)),
  on(routes.listOpenOrders, () => HttpResponse.json([])),
  on(routes.getBasket, () => HttpResponse.json(emptyBasket)),
  on(routes.getBasketPriceBreaks, () =>
    HttpResponse.json({ revision: 1, lines: [], totalSavings: 0, freeCarriage: null }),
  ),
  on(routes.getDeliveryPromise, () => HttpResponse.json(emptyDeliveryPromise)),
  on(routes.getOrderDeliveryPromise, ({ params }) =>
    HttpResponse.json({
      orderNumber: String(params.orderNumber),
      shipmentPreference: 'partial',
      preferenceText: 'Send what is in stock now, the rest when due',
      lines: [],
    }),
  ),
  on(routes.getCreditSummary, () => HttpResponse.json(quietCreditSummary)),
  // Team accounts: the header counts the approvals queue for approvers and account admins.
  on(routes.listApprovals, () => HttpResponse.json({ approvals: [] })),
  // Email: My Details' email preferences, both on.
  on(routes.getMailPreferences, () => HttpResponse.json({ despatch: true, cancellation: true })),
  on(routes.logout, () => HttpResponse.json({ ok: true })),
  // lib/connection's probe while the connection is down.
  on(routes.getHealth, () => HttpResponse.json({ status: 'ok' })),
];

export const server = setupServer(...defaultHandlers);

/** A 401 as the server sends it for an expired or invalid access token. */
export function invalidTokenResponse() {
  return HttpResponse.json(
    { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' },
    { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="expired"' } },
  );
}

/**
 * For shell tests that visit other screens: keep the shell's own answers, and answer whatever
 * else a screen asks for with 404 (the screens' own tests cover their data).
 */
export function answerOtherApiCallsWith404() {
  server.use(
    ...defaultHandlers,
    http.all(`${API_BASE_PATH}/*`, () =>
      HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, { status: 404 }),
    ),
  );
}
