import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretWarnings } from './config.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'));

describe('loadConfig', () => {
  it('applies defaults and keeps generated secrets in DATA_DIR across starts', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.PORT).toBe(3000);
    expect(a.LISTEN_FOR_CHANGES).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, LISTEN_FOR_CHANGES: 'false' }).LISTEN_FOR_CHANGES).toBe(false);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(a.jwtSecret);
    expect((fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toString(8)).toBe('600');
  });

  it('prefers secrets from the environment', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['LISTEN_FOR_CHANGES', 'yes'],
    ['LOGIN_USER_LIMIT_PER_MINUTE', '0'],
    ['LOGIN_USER_LIMIT_PER_MINUTE', 'many'],
    ['LOGIN_USER_LIMIT_PER_MINUTE', '10001'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(new RegExp(`^Invalid ${name}=`));
  });

  it('reads LOGIN_USER_LIMIT_PER_MINUTE, unset by default (the login limit then counts per username too)', () => {
    const dir = tmp();
    const unset = loadConfig({ DATA_DIR: dir, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    expect(unset.LOGIN_RATE_LIMIT_PER_MINUTE).toBe(1000);
    expect(unset.LOGIN_USER_LIMIT_PER_MINUTE).toBeUndefined();
    const set = loadConfig({ DATA_DIR: dir, LOGIN_RATE_LIMIT_PER_MINUTE: '1000', LOGIN_USER_LIMIT_PER_MINUTE: '20' });
    expect([set.LOGIN_RATE_LIMIT_PER_MINUTE, set.LOGIN_USER_LIMIT_PER_MINUTE]).toEqual([1000, 20]);
  });

  it('creates DATA_DIR readable by its owner only, before writing the secrets into it', () => {
    const dir = path.join(tmp(), 'data', 'nested');
    loadConfig({ DATA_DIR: dir });
    expect((fs.statSync(dir).mode & 0o777).toString(8)).toBe('700');
    expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(true);
  });

  it('warns when served over TLS with the generated secrets instead of ones from the environment', () => {
    const secret = 'x'.repeat(40);
    const https = 'https://portal.example.com';
    expect(secretWarnings({ PUBLIC_URL: https, JWT_SECRET: undefined, PAYMENT_SECRET: undefined })).toEqual([
      expect.stringMatching(/^JWT_SECRET and PAYMENT_SECRET not set in the environment/),
    ]);
    expect(secretWarnings({ PUBLIC_URL: https, JWT_SECRET: secret, PAYMENT_SECRET: undefined })).toEqual([
      expect.stringMatching(/^PAYMENT_SECRET not set/),
    ]);
    expect(secretWarnings({ PUBLIC_URL: https, JWT_SECRET: secret, PAYMENT_SECRET: secret })).toEqual([]);
    // Plain HTTP (development) or no PUBLIC_URL: the generated file is fine.
    expect(
      secretWarnings({ PUBLIC_URL: 'http://localhost:3000', JWT_SECRET: undefined, PAYMENT_SECRET: undefined }),
    ).toEqual([]);
    expect(secretWarnings({ PUBLIC_URL: undefined, JWT_SECRET: undefined, PAYMENT_SECRET: undefined })).toEqual([]);
  });
});

describe('resilience settings', () => {
  it('defaults to a 1 s lock wait, 50 ms Redis commands and 10/30/72 s HTTP timeouts', () => {
    const c = loadConfig({ DATA_DIR: tmp() });
    expect([
      c.DB_LOCK_TIMEOUT_MS,
      c.REDIS_COMMAND_TIMEOUT_MS,
      c.HTTP_HEADERS_TIMEOUT_MS,
      c.HTTP_REQUEST_TIMEOUT_MS,
      c.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    ]).toEqual([1_000, 50, 10_000, 30_000, 72_000]);
    expect(loadConfig({ DATA_DIR: tmp(), DB_LOCK_TIMEOUT_MS: '250' }).DB_LOCK_TIMEOUT_MS).toBe(250);
  });

  it.each([
    ['DB_LOCK_TIMEOUT_MS', '0'],
    ['REDIS_COMMAND_TIMEOUT_MS', 'soon'],
    ['HTTP_HEADERS_TIMEOUT_MS', '-1'],
    ['HTTP_REQUEST_TIMEOUT_MS', '0'],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '1.5'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(new RegExp(`^Invalid ${name}=`));
  });
});
