import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** Every setting comes from the environment, parsed by this one schema. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for the embedded SQLite database)')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional().describe('Base URL the browser uses; payment return links are built from it'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYMENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  LOGIN_USER_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe(
      'Login attempts a minute per username before it is locked out (a success clears the count); unset: LOGIN_RATE_LIMIT_PER_MINUTE',
    ),
  TRUSTED_PROXIES: z
    .string()
    .trim()
    .regex(
      /^$|^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?))*$/,
      'must be a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal)',
    )
    .optional()
    .transform((v) => (v ? v.split(',').map((p) => p.trim()) : []))
    .describe('Reverse proxies whose X-Forwarded-For/-Proto are believed; none by default'),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  STAFF_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30)
    .describe('A back-office session ends after this long without a request'),
  STAFF_SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24)
    .default(10)
    .describe('A back-office session ends this long after sign-in, however busy'),
  PAYMENT_LINK_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(256),
  LISTEN_FOR_CHANGES: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe(
      'Hear committed changes (PostgreSQL: LISTEN; SQLite: the change log) and answer pages seen before from memory',
    ),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // Resilience: how long a statement waits for a lock before it gives up (503).
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  // Resilience: a Redis command not answered in this long counts in process instead.
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(5).max(60_000).default(50),
  // Resilience: a request's headers, and the whole request with its body, must arrive within these.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  // Documents (documents/pdf-pool.ts): worker threads, queue, per-user budget.
  PDF_RENDER_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  PDF_RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  PDF_USER_CONCURRENT: z.coerce.number().int().min(1).max(100).default(2),
  PDF_USER_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  // ERP integration API (erp-in)
  INTEGRATION_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(600)
    .describe('Requests a minute per API client on /api/integration/v1 (shared through Redis when set)'),
  SEED_ON_EMPTY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // --- Running several servers ---
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(25_000)
    .describe('On SIGTERM/SIGINT: the longest requests in flight may take to finish before their connections are cut'),
  SHUTDOWN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(0)
    .describe(
      'On SIGTERM/SIGINT: how long to keep serving while /api/health/ready answers 503, before refusing new connections',
    ),
  // erp-out (outbound): webhook deliveries (modules/events/)
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('Let webhook endpoints be on loopback, link-local or private addresses (an ERP on the LAN; tests)'),
  WEBHOOK_DELIVERY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('Run the webhook dispatcher in this server (every server of a cluster may: deliveries are leased)'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(250),
  // Email (modules/mail/): SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail/
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL (user:password@host:port)')
    .optional()
    .describe('Send email through this SMTP server; unset: write each email as an .eml file under DATA_DIR/mail/'),
  MAIL_FROM: z
    .string()
    .regex(
      /^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/,
      'must be an address, optionally with a name: "Name <sender@example.com>"',
    )
    .optional()
    .describe('The sender of every email; default: the company name and support email settings'),
  MAIL_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('false: record no email at all (a staging copy of production data that must not mail customers)'),
  MAIL_DELIVERY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('Run the mail worker in this server (every server of a cluster may: each email is leased to one)'),
  MAIL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(120_000)
    .default(10_000)
    .describe('Longest an SMTP connection, greeting or command may take before the attempt counts as failed'),
  MAIL_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1_000),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .describe("Serve Prometheus metrics at GET /metrics on this port (never the customers' port); off when unset"),
  METRICS_HOST: z.string().min(1).default('127.0.0.1').describe('Listen address of the metrics port'),
});

export type Config = z.infer<typeof envSchema> & { jwtSecret: string; paymentSecret: string };

export class ConfigError extends Error {}

/** Parse the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue?.message ?? 'invalid value'}`);
  }
  const cfg = parsed.data;
  const secrets = loadOrCreateSecrets(cfg.DATA_DIR);
  return {
    ...cfg,
    jwtSecret: cfg.JWT_SECRET ?? secrets.jwtSecret,
    paymentSecret: cfg.PAYMENT_SECRET ?? secrets.paymentSecret,
  };
}

/** Signing secrets not given in the environment are generated once and kept in DATA_DIR. */
function loadOrCreateSecrets(dataDir: string): { jwtSecret: string; paymentSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  // Owner-only from the start: the secrets are written here before the database opens it.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { jwtSecret?: string; paymentSecret?: string };
    if (stored.jwtSecret && stored.paymentSecret)
      return { jwtSecret: stored.jwtSecret, paymentSecret: stored.paymentSecret };
  } catch {
    // not there yet: create below
  }
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    paymentSecret: randomBytes(48).toString('base64url'),
  };
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * The origin of links the portal hands to someone else to open (set-password links in the ERP's
 * answers): PUBLIC_URL, else the address this server listens on; never a request's Host header,
 * which the caller chooses. `listening` is the server's bound address, when it has one.
 */
export function linkOrigin(
  config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  listening?: { address: string; port: number; family: string } | string | null,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const bound = listening && typeof listening === 'object' ? listening : undefined;
  const host = bound?.address ?? config.HOST;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${bound?.port ?? config.PORT}`;
}

/** Said once at start-up: without PUBLIC_URL, links go to the listening address. */
export function publicUrlWarnings(config: Pick<Config, 'PUBLIC_URL'>): string[] {
  return config.PUBLIC_URL
    ? []
    : [
        'PUBLIC_URL not set: set-password links in the ERP API and links in emails point at the address this server listens on',
      ];
}

/**
 * Start-up warnings about the signing secrets: served over TLS (PUBLIC_URL is https, i.e. production)
 * they should come from the environment (a secret store), not the generated file beside the database,
 * which a copy of DATA_DIR or a backup would hand out along with the data.
 */
export function secretWarnings(config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'PAYMENT_SECRET'>): string[] {
  if (!config.PUBLIC_URL?.startsWith('https:')) return [];
  const missing = (['JWT_SECRET', 'PAYMENT_SECRET'] as const).filter((name) => !config[name]);
  return missing.length
    ? [
        `${missing.join(' and ')} not set in the environment: using the generated secrets file in DATA_DIR; ` +
          'production should set them from a secret store (README, Configuration)',
      ]
    : [];
}
