import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './lib/serializer.js';
import { publicUrlWarnings, secretWarnings, type Config } from './config.js';
import type { DbHandle } from './db/client.js';
import type { AppContext } from './context.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { provideCustomerGuard, recordRoutes } from './plugins/routes.js';
import { bindEndpoints } from './plugins/bind.js';
import { requireAuth } from './plugins/authenticate.js';
import { compose, type Composed } from './compose.js';
import type { PaymentGateway } from './modules/payments/gateway.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { apiBindings, integrationBindingSets, publicModules, staffBindingSets } from './modules/index.js';
import { connectRedis } from './lib/throttle.js';
import { redactUrl } from './lib/redact.js';
import { Lifecycle } from './lib/lifecycle.js';
import type { Metrics } from './lib/metrics.js';
import { healthRoutes } from './modules/health/health.routes.js';
// ERP integration API (erp-in)
import { INTEGRATION_PREFIX, SERVER_MSG, endpoints } from '@wholesale/contract';
import { integrationModule } from './modules/integration/integration.plugin.js';
import type { DispatcherTuning } from './modules/events/webhook-dispatcher.js';
import { INTEGRATION_SECURITY_SCHEMES } from './modules/integration/integration-plugin-types.js';
import type { MailWorkerTuning } from './modules/mail/mail-worker.js';
import { mailRecording } from './modules/mail/mail-outbox.js';
import { STAFF_PREFIX } from '@wholesale/contract/staff';
import { staffModule } from './modules/staff/staff.plugin.js';
import { STAFF_SECURITY_SCHEMES } from './modules/staff/staff-guard.js';
import { auditViewAsWrites, viewAsGate } from './modules/staff/view-as-policy.js';

export interface BuildOptions {
  config: Config;
  handle: DbHandle;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** main.ts passes its own and marks it ready once listening; otherwise ready once `app.ready()`. */
  lifecycle?: Lifecycle;
  /** Counts and times every request for /metrics (lib/metrics.ts) when given. */
  metrics?: Metrics;
  /** Tests: the webhook dispatcher's retry schedule and leases (modules/events/webhook-dispatcher.ts). */
  webhookDispatcher?: DispatcherTuning;
  /** Tests: the gateway checkout and invoice payments start payments with, instead of the sandbox. */
  paymentGateway?: PaymentGateway;
  /** Tests: the mail worker's retry schedule and leases (modules/mail/mail-worker.ts). */
  mailWorker?: MailWorkerTuning;
}

/**
 * API answers (JSON, CSV) compressed per Accept-Encoding: brotli at quality 4 (the plugin's default,
 * fast enough per request), else gzip; below 1 KiB not worth it. Static files come precompressed
 * from the build. An answer of up to 64 KiB (a page of products, a basket, an order) is compressed
 * in one call on the event loop, 0.25 ms at most here; only larger ones (whole lists, Download All)
 * go through a zlib stream. The plugin's default bound on 2 cores is 8 KiB, and a stream's trip
 * through libuv's threadpool added 3-4 ms at p99 to answers of 8-64 KiB (bench/README.md).
 */
export const apiCompression = {
  global: true,
  threshold: 1024,
  syncThreshold: 64 * 1024,
  encodings: ['br', 'gzip'],
} satisfies FastifyCompressOptions;

/** Builds the whole server; tests call `inject` on it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  return (await buildServer(options)).app;
}

/**
 * The server and what compose.ts built for it: main.ts listens on the app and runs the periodic
 * work once it listens. The app starts the workers when ready and stops them, and the PDF pool,
 * when it closes.
 */
export async function buildServer({
  config,
  handle,
  logStream,
  lifecycle: given,
  metrics,
  webhookDispatcher,
  paymentGateway,
  mailWorker,
}: BuildOptions): Promise<{ app: FastifyInstance; composed: Composed }> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(logStream ? { stream: logStream } : {}),
            // One-time login tokens and payment links are keys: never written to the log.
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                remoteAddress: req.ip,
              }),
            },
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers["x-api-key"]',
                'req.headers.cookie',
                'req.body.password',
                'res.headers["set-cookie"]',
              ],
              censor: '[redacted]',
            },
          },
    // X-Forwarded-For/-Proto are believed only from the proxies named in TRUSTED_PROXIES.
    trustProxy: config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false,
    bodyLimit: 256 * 1024,
    ...httpTimeouts(config),
    // One line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Draining (main.ts): a request that reached this server before it stopped accepting is served,
    // not refused with Fastify's 503 (which nginx may not retry elsewhere for a POST).
    return503OnClosing: false,
  });
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
  registerInputGuard(app);

  // Behind a load balancer: a draining server closes each connection after its answer, so the proxy
  // opens its next one to a server that stays.
  const lifecycle = given ?? new Lifecycle();
  if (!given) app.addHook('onReady', async () => lifecycle.ready());
  app.addHook('onSend', async (_req, reply) => {
    if (lifecycle.state === 'draining') reply.header('connection', 'close');
  });
  // A draining server turns reads (GET, HEAD) away with 503: nginx retries them on another server
  // and, by its passive checks, sends it nothing more for a while, before its port closes (whose
  // last moments could reset a POST that nginx must not retry). Writes are served to the end.
  app.addHook('onRequest', async (req, reply) => {
    if (lifecycle.state !== 'draining' || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    if (req.url.startsWith('/api/health')) return;
    return reply
      .status(503)
      .header('retry-after', '1')
      .send({ statusCode: 503, error: 'Service Unavailable', message: SERVER_MSG.shuttingDown });
  });
  metrics?.instrument(app);

  // Security headers, computed once: @fastify/helmet builds helmet's middleware anew on every request
  // (3% of a signed-in read's time in bench/throughput.ts).
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          // React and react-toastify set inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // Agrees with frame-ancestors 'none'.
      xFrameOptions: { action: 'deny' },
      // Sent only over TLS (below): HSTS on a plain-HTTP answer is meaningless and misleads scanners.
      strictTransportSecurity: false,
    }),
  );
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Signed-in answers (payment URLs, prices, profiles, documents) stay out of shared and browser caches.
    if ((req as { auth?: unknown }).auth) reply.header('cache-control', 'private, no-store');
  });
  for (const warning of [...secretWarnings(config), ...publicUrlWarnings(config)]) app.log.warn(warning);

  await app.register(compress, apiCompression);

  const redis = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, app.log, { commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Wholesale Portal API',
        version: '1.0.0',
        description: 'Trade ordering portal API. All amounts are computed on the server.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ...INTEGRATION_SECURITY_SCHEMES,
          ...STAFF_SECURITY_SCHEMES,
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const composed = compose({ config, handle, redis, log: app.log, paymentGateway, webhookDispatcher, mailWorker });
  const { services, throttle, limits, pdf, workers } = composed;
  app.addHook('onReady', async () => {
    for (const worker of workers) worker.start();
  });
  app.addHook('onClose', async () => {
    for (const worker of workers) await worker.stop();
    await pdf.close();
  });
  mailRecording.enabled = config.MAIL_ENABLED;
  const ctx: AppContext = { config, handle, services, throttle, limits, pdf, lifecycle, redis };

  // Every route needs a customer session unless its contract entry says otherwise (plugins/routes.ts).
  // A staff member viewing as a customer comes through the same guard, within what view-as allows.
  provideCustomerGuard(app, {
    check: requireAuth(services.auth, viewAsGate(services.viewAs)),
    security: [{ bearer: [] }],
  });
  auditViewAsWrites(app, services.viewAs);
  await app.register(
    async (api) => {
      await api.register(siteRoutes, { ctx });
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      // Every other endpoint answers from its area's binding (modules/<area>/<area>.bind.ts).
      bindEndpoints(api, endpoints, apiBindings(ctx), { throttle });
    },
    { prefix: '/api' },
  );
  // The ERP integration API: its own guard, errors (problem+json) and Idempotency-Key.
  await app.register(integrationModule, { ctx, bindings: integrationBindingSets(ctx), prefix: INTEGRATION_PREFIX });
  // The staff back office's API: its own guard (staff tokens and roles) and audit log.
  await app.register(staffModule, { ctx, bindings: staffBindingSets(ctx), prefix: STAFF_PREFIX });
  // Pages outside /api that the server itself serves (the sandbox payment page).
  for (const mod of publicModules) await app.register(mod, { ctx });
  // Refuses to start with an endpoint of the contract that nothing answers.
  bindEndpoints(app, endpoints, []);

  const dist = path.resolve(config.WEB_DIST);
  const indexHtml = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const shells = hasWeb ? screenShellFiles(dist) : new Map<string, string>();
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // web/dist holds .br and .gz beside each asset (web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // SPA fallback: GETs of app routes outside /api get the app; /api stays JSON.
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    if (!isApi && req.method === 'GET' && hasWeb && wantsApp(req.url, req.headers.accept)) {
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(shells.get(appPath(req.url)) ?? 'index.html', { cacheControl: false });
    }
    return reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: SERVER_MSG.noRoute(req.method, req.url.split('?')[0]!) });
  });

  return { app, composed };
}

/**
 * Slow clients (slow-loris: headers or a body that never finish arriving) cannot hold sockets for
 * ever: the headers must arrive within HTTP_HEADERS_TIMEOUT_MS and the whole request within
 * HTTP_REQUEST_TIMEOUT_MS, else Node answers 408 and closes. Node checks for them every
 * `connectionsCheckingInterval` (30 s by default, so a 30 s limit could take a minute): here a
 * quarter of the shorter limit, at most a second. An idle kept-alive socket closes after
 * HTTP_KEEP_ALIVE_TIMEOUT_MS (72 s, Fastify's default: longer than the 60 s idle timeout of common
 * proxies and load balancers, so they never reuse a socket this server is closing).
 */
export function httpTimeouts(config: Config) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout,
      keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
  };
}

/** The headers a connect-style middleware sets, captured once from a stand-in response. */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The screens with a static shell of their own (web/src/app/screen-shells.ts): the build writes
 * `screens/<path>.html` for each; by app path ('/basket'), the file to send.
 */
function screenShellFiles(dist: string): Map<string, string> {
  const dir = path.join(dist, 'screens');
  const files = fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]) : [];
  return new Map(
    files
      .filter((f) => f.endsWith('.html'))
      .map((f) => {
        const rel = f.split(path.sep).join('/');
        return [`/${rel.slice(0, -'.html'.length)}`, `screens/${rel}`];
      }),
  );
}

/** A request URL's app path: no query, no trailing slash ('/basket/?x' is '/basket'). */
const appPath = (url: string) => url.split('?')[0]!.replace(/(.)\/+$/, '$1');

/**
 * Whether a GET that matched nothing should get the web app: a browser asking for HTML always; a
 * client that states no preference (no Accept, or any type: `curl /`) for an app route (a path
 * without a file extension, so a missing asset stays a 404). A client that asks for JSON only gets
 * the JSON 404.
 */
export function wantsApp(url: string, accept: string | undefined): boolean {
  const types = (accept ?? '')
    .split(',')
    .map((t) => t.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
  if (types.includes('text/html')) return true;
  const lastSegment = url.split('?')[0]!.split('/').pop() ?? '';
  if (lastSegment.includes('.')) return false;
  return types.length === 0 || types.some((t) => t === '*/*' || t === 'text/*');
}
