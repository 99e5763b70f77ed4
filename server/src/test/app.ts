import type { FastifyInstance } from 'fastify';
import { pathOf, routes, type PathArgs } from '@wholesale/contract';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { DbHandle } from '../db/client.js';

/** A test configuration: fixed secrets, no web build, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    NODE_ENV: 'test',
    PORT: 0,
    HOST: '127.0.0.1',
    DATA_DIR: '/nonexistent',
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    PUBLIC_URL: 'http://portal.test',
    JWT_SECRET: undefined,
    PAYMENT_SECRET: undefined,
    ACCESS_TOKEN_TTL_SECONDS: 900,
    REFRESH_TOKEN_TTL_DAYS: 30,
    LOGIN_RATE_LIMIT_PER_MINUTE: 1000,
    // Unset: the same as LOGIN_RATE_LIMIT_PER_MINUTE, so a test that lowers that one locks usernames too.
    LOGIN_USER_LIMIT_PER_MINUTE: undefined,
    TRUSTED_PROXIES: [],
    REFRESH_REUSE_GRACE_SECONDS: 30,
    STAFF_SESSION_IDLE_MINUTES: 30,
    STAFF_SESSION_MAX_HOURS: 10,
    PAYMENT_LINK_TTL_MINUTES: 30,
    DB_STATEMENT_TIMEOUT_MS: 15_000,
    DB_ACQUIRE_TIMEOUT_MS: 5_000,
    DB_LOCK_TIMEOUT_MS: 1_000,
    REDIS_COMMAND_TIMEOUT_MS: 50,
    HTTP_HEADERS_TIMEOUT_MS: 10_000,
    HTTP_REQUEST_TIMEOUT_MS: 30_000,
    HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
    SESSION_CACHE_MS: 2_000,
    SEARCH_CACHE_ENTRIES: 256,
    LISTEN_FOR_CHANGES: true,
    PDF_RENDER_THREADS: 1,
    PDF_RENDER_QUEUE: 16,
    PDF_USER_CONCURRENT: 2,
    PDF_USER_PER_MINUTE: 30,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SEED_ON_EMPTY: false,
    SHUTDOWN_GRACE_MS: 25_000,
    SHUTDOWN_DELAY_MS: 0,
    INTEGRATION_RATE_LIMIT_PER_MINUTE: 600,
    // erp-out (outbound)
    WEBHOOKS_ALLOW_PRIVATE: false,
    // Off in tests unless a test delivers webhooks (eventsTestApp): a dispatcher polls the database.
    WEBHOOK_DELIVERY: false,
    WEBHOOK_TIMEOUT_MS: 10_000,
    WEBHOOK_POLL_MS: 250,
    // Email: off in tests unless a test sends mail (modules/mail/mail.test-support.ts).
    SMTP_URL: undefined,
    MAIL_FROM: undefined,
    MAIL_ENABLED: true,
    MAIL_DELIVERY: false,
    MAIL_TIMEOUT_MS: 10_000,
    MAIL_POLL_MS: 1_000,
    METRICS_PORT: undefined,
    METRICS_HOST: '127.0.0.1',
    jwtSecret: 'test-jwt-secret-test-jwt-secret-0123456789',
    paymentSecret: 'test-payment-secret-test-payment-secret-01',
    ...overrides,
  };
}

export async function testApp(handle: DbHandle, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), handle });
  await app.ready();
  return app;
}

/** Log in through the API and return the session. */
export async function login(app: FastifyInstance, username: string, password = 'Portal-test-1') {
  const res = await app.inject({ method: 'POST', url: pathOf(routes.login), payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accessToken: string; refreshToken: string; user: Record<string, unknown> };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A route's path with its parameters put in exactly as given, not URL-encoded: only for tests whose
 * point is a value no client should send (encoded dots or slashes, `%00`, `..`). Everything else
 * builds its path with the contract's `pathOf`, which encodes.
 */
export function rawPathOf<const P extends string>(route: { readonly path: P }, ...args: PathArgs<P>): string {
  const values = (args[0] ?? {}) as Record<string, string | number>;
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => String(values[name]));
}

/** A route's path as the OpenAPI document names it: `/api/basket/{id}` for `/api/basket/:id`. */
export const openApiPath = (route: { readonly path: string }) => route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
