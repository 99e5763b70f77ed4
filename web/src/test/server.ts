import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { emptyBasket, noNotification, settings } from './fixtures';

/** Answers every screen of the shell needs; tests override per case with server.use(...). */
export const defaultHandlers = [
  http.get('/api/settings', () => HttpResponse.json(settings)),
  http.get('/api/notification', () => HttpResponse.json(noNotification)),
  http.get('/api/basket', () => HttpResponse.json(emptyBasket)),
  http.post('/api/auth/logout', () => HttpResponse.json({ ok: true })),
  // lib/connection's probe while the connection is down.
  http.get('/api/health', () => HttpResponse.json({ status: 'ok' })),
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
    http.all('/api/*', () =>
      HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, { status: 404 }),
    ),
  );
}
