import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { PASSWORD_RESET_PER_HOUR, SERVER_MSG } from '@wholesale/contract';
import { HttpError } from './http-errors.js';

/** A named budget: `points` attempts per `seconds` for one key (a username, an IP, a payment id). */
export interface Limit {
  name: string;
  points: number;
  seconds: number;
}

export type ThrottleVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Attempt counters for the endpoints an attacker would hammer (login, password change, payments),
 * built on rate-limiter-flexible. With REDIS_URL the counters are shared by every process; when
 * Redis is unreachable each limiter falls back to an in-process one (its insurance limiter), so
 * logins keep working under local limits, and the outage is logged once.
 */
export class Throttle {
  private limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private redis: Redis | undefined,
    private prefix = 'wholesale-throttle',
  ) {}

  private limiter(limit: Limit): RateLimiterAbstract {
    let l = this.limiters.get(limit.name);
    if (!l) {
      const base = { keyPrefix: `${this.prefix}:${limit.name}`, points: limit.points, duration: limit.seconds };
      const local = new RateLimiterMemory(base);
      l = this.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: this.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: local,
          })
        : local;
      this.limiters.set(limit.name, l);
    }
    return l;
  }

  /** Counts one attempt against each (limit, key); refused when any budget is spent. */
  async consume(...checks: [Limit, string][]): Promise<ThrottleVerdict> {
    let refused = false;
    let retry = 1;
    for (const [limit, key] of checks) {
      try {
        await this.limiter(limit).consume(key);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        refused = true;
        retry = Math.max(retry, Math.ceil(res.msBeforeNext / 1000));
      }
    }
    return refused ? { ok: false, retryAfterSeconds: retry } : { ok: true };
  }

  /** Whether a key's budget is spent, without counting an attempt (for failures-only budgets). */
  async spent(limit: Limit, key: string): Promise<ThrottleVerdict> {
    let res: RateLimiterRes | null;
    try {
      res = await this.limiter(limit).get(key);
    } catch {
      return { ok: true }; // Redis down: the failure count falls back on consume's local limiter
    }
    return res && res.consumedPoints > limit.points
      ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) }
      : { ok: true };
  }

  /** Like consume, but throws the API's 429 (with Retry-After) when refused. */
  async enforce(...checks: [Limit, string][]): Promise<void> {
    const verdict = await this.consume(...checks);
    if (!verdict.ok) throw tooManyRequests(verdict.retryAfterSeconds);
  }

  /** Forgets a key's attempts (a successful login clears its username's count). */
  async reset(limit: Limit, key: string): Promise<void> {
    await this.limiter(limit).delete(key);
  }
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, SERVER_MSG.tooManyRequests, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });

/** A throttle key part from user input: trimmed, lower case, bounded. */
export const keyPart = (v: unknown): string =>
  typeof v === 'string' ? v.trim().toLowerCase().slice(0, 100) : String(v ?? '');

/**
 * Connects to Redis for shared counters. Failures are logged once per outage (not per request);
 * commands fail fast while it is down, so the throttle uses its local limits instead.
 *
 * A Redis that accepts but does not answer (stopped, overloaded, a half-open connection) is an
 * outage too: each command gives up after `commandTimeoutMs` (the throttle then counts locally),
 * and a connection that brings no answer for ten times that (at least half a second) is dropped,
 * logged and reopened; until Redis answers its ready check again, commands are not sent at all.
 */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger | Console,
  { commandTimeoutMs = 50 }: { commandTimeoutMs?: number } = {},
): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 500, 10_000),
    commandTimeout: commandTimeoutMs,
    socketTimeout: Math.max(500, commandTimeoutMs * 10),
    connectTimeout: Math.max(1_000, commandTimeoutMs * 20),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      `redis ${new URL(url).host} unreachable (${err.message}): rate limits are counted per process until it is back`,
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn(`redis ${new URL(url).host} is back: rate limits are shared again`);
  });
  // Start with shared counts when Redis answers soon; otherwise start anyway on local limits.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2_000);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}

/**
 * The portal's budgets. Per username (or user, or payment) so a spoofed or rotating address does not
 * help an attacker; per client address, set higher, so colleagues behind one office address do not
 * lock each other out while one address cannot spray a thousand usernames.
 *
 * `perMinute` is LOGIN_RATE_LIMIT_PER_MINUTE; `loginUserPerMinute` (LOGIN_USER_LIMIT_PER_MINUTE,
 * the same unless set) is the username's budget, the lock the back office's Unlock clears.
 */
export function portalLimits(perMinute: number, loginUserPerMinute: number = perMinute) {
  const limit = (name: string, points: number, seconds = 60): Limit => ({ name, points, seconds });
  return {
    loginUser: limit('login-user', loginUserPerMinute),
    /** A device that signed in as the user before: not subject to loginUser, only to this. */
    loginDevice: limit('login-device', perMinute),
    loginIp: limit('login-ip', perMinute * 10),
    refreshIp: limit('refresh-ip', perMinute * 6),
    oneTimeIp: limit('one-time-ip', perMinute),
    changePasswordUser: limit('change-password-user', perMinute),
    changePasswordIp: limit('change-password-ip', perMinute * 10),
    invoicePaymentUser: limit('invoice-payment-user', 30),
    invoicePaymentIp: limit('invoice-payment-ip', 300),
    orderPaymentUser: limit('order-payment-user', 30),
    payFormPayment: limit('pay-form-payment', 20),
    payFormIp: limit('pay-form-ip', 60),
    /** Forgotten password: per client (429), and silently per address typed and per user. */
    resetIp: limit('reset-ip', perMinute),
    resetAddress: limit('reset-address', PASSWORD_RESET_PER_HOUR, 3600),
    resetUser: limit('reset-user', PASSWORD_RESET_PER_HOUR, 3600),
  };
}
export type PortalLimits = ReturnType<typeof portalLimits>;
