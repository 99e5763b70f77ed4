import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { SERVER_MSG } from '@wholesale/contract';
import { HttpError } from './http-errors.js';

/**
 * Password hashing with node:crypto scrypt. OWASP's parameters (N=2^17, r=8, p=1) need Node's
 * maxmem raised above its 32 MiB default. Tests and seeding of many users may lower the cost
 * through PASSWORD_HASH_COST (log2 N); the cost is stored with each hash so both verify.
 */
const rawScrypt = (pw: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * At most a few hashes run at once, and a short queue waits behind them; beyond it the caller gets
 * 503 with Retry-After. scrypt runs on libuv's thread pool (4 threads), which also signs and verifies
 * JWTs (WebCrypto) and reads files: a flood of failed logins must not occupy all of it, or every
 * signed-in request waits seconds behind the hashing. bench/login-flood.ts measures this.
 */
export class HashGate {
  private running = 0;
  private waiting: (() => void)[] = [];
  /** Logins from a device that signed in before: served before the others, with a queue of their own. */
  private urgent: (() => void)[] = [];
  constructor(
    public concurrency: number,
    public queueLimit: number,
  ) {}

  /** Hashes running now and waiting, for tests and the login-flood benchmark. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length + this.urgent.length };
  }

  async run<T>(task: () => Promise<T>, priority = false): Promise<T> {
    if (this.running >= this.concurrency) {
      const queue = priority ? this.urgent : this.waiting;
      if (queue.length >= this.queueLimit) throw new HttpError(503, SERVER_MSG.busy, { 'retry-after': '1' });
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.urgent.shift() ?? this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const envInt = (name: string, min: number, max: number): number | undefined => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v >= min && v <= max ? v : undefined;
};
/** Half the thread pool at most, and never more hashes than cores less one (one core here: 1). */
const defaultConcurrency = Math.max(1, Math.min(2, availableParallelism() - 1));
export const hashGate = new HashGate(
  envInt('PASSWORD_HASH_CONCURRENCY', 1, 64) ?? defaultConcurrency,
  envInt('PASSWORD_HASH_QUEUE', 0, 10_000) ?? 16,
);

const scrypt = (pw: string, salt: Buffer, keylen: number, opts: ScryptOptions, priority = false) =>
  hashGate.run(() => rawScrypt(pw, salt, keylen, opts), priority);

const KEYLEN = 32;
const R = 8;
const P = 1;

export function defaultCost(): number {
  const fromEnv = Number(process.env.PASSWORD_HASH_COST);
  return Number.isInteger(fromEnv) && fromEnv >= 10 && fromEnv <= 20 ? fromEnv : 17;
}

const maxmem = (logN: number) => Math.ceil(128 * 2 ** logN * R * 1.1) + 1024 * 1024;

export async function hashPassword(password: string, logN = defaultCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N: 2 ** logN, r: R, p: P, maxmem: maxmem(logN) });
  return `scrypt$${logN}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** `priority`: a login from a known device, which waits ahead of unknown ones for a hashing slot. */
export async function verifyPassword(password: string, stored: string, priority = false): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logNs, rs, ps, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const logN = Number(logNs);
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(
    password,
    Buffer.from(saltB64, 'base64'),
    expected.length,
    { N: 2 ** logN, r: Number(rs), p: Number(ps), maxmem: maxmem(logN) },
    priority,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the username is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + randomBytes(8).toString('hex'));
  // A refusal (busy) must not stay cached: the next call tries again.
  dummyHash.catch(() => (dummyHash = undefined));
  return dummyHash;
}
