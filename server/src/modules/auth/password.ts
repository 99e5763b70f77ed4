import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with node:crypto scrypt. OWASP's parameters (N=2^17, r=8, p=1) need Node's
 * maxmem raised above its 32 MiB default. Tests and seeding of many users may lower the cost
 * through PASSWORD_HASH_COST (log2 N); the cost is stored with each hash so both verify.
 */
const scrypt = (pw: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

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

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logNs, rs, ps, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const logN = Number(logNs);
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: 2 ** logN,
    r: Number(rs),
    p: Number(ps),
    maxmem: maxmem(logN),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the username is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + randomBytes(8).toString('hex'));
  return dummyHash;
}
