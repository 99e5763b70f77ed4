import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSeedArgs } from './seed.js';
import { parseAdminArgs } from './admin.js';
import { UsageError } from './db.js';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));

/** Run a CLI script as `npm run` does: node --import tsx, from the repository root. */
function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/src/cli/${script}`, ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PASSWORD_HASH_COST: '10' } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('command line', () => {
  it('parses seed flags and rejects bad ones', () => {
    expect(parseSeedArgs(['--products', '50000', '--accounts', '1000', '--orders', '100000', '--no-images'])).toEqual({
      products: 50000,
      accounts: 1000,
      orders: 100000,
      images: false,
      seed: undefined,
    });
    expect(parseSeedArgs(['--help'])).toBe('help');
    expect(() => parseSeedArgs(['--products', 'lots'])).toThrow(UsageError);
    expect(() => parseSeedArgs(['--accounts', '2'])).toThrow(
      '--accounts must be a whole number from 3 to 1000000, not "2"',
    );
    expect(() => parseSeedArgs(['--frobnicate'])).toThrow(/Unknown option '--frobnicate'/);
  });

  it('parses admin commands and rejects bad ones', () => {
    expect(parseAdminArgs([])).toEqual({ help: true });
    expect(parseAdminArgs(['set-banner', '--help'])).toEqual({ help: true, command: 'set-banner' });
    const p = parseAdminArgs(['set-order-status', '--order', 'SO-200001', '--status', 'In Progress']);
    expect(p).toEqual({
      help: false,
      command: 'set-order-status',
      values: { order: 'SO-200001', status: 'In Progress' },
    });
    expect(() => parseAdminArgs(['frob'])).toThrow('unknown command "frob" (see --help)');
    expect(() => parseAdminArgs(['disable-user', '--user', 'x'])).toThrow(/Unknown option '--user'/);
    expect(() => parseAdminArgs(['set-banner', '--text', 'Closed', 'Monday'])).toThrow(/unexpected argument "Monday"/);
  });

  it('exits 2 with a one-line message on bad flags', async () => {
    const admin = await run('admin.ts', ['create-account', '--customer-number', 'C1', '--colour', 'red']);
    expect(admin.code).toBe(2);
    expect(admin.stderr.trim().split('\n')).toHaveLength(1);
    expect(admin.stderr).toMatch(/^admin: Unknown option '--colour'/);

    const seed = await run('seed.ts', ['--products', 'many']);
    expect(seed.code).toBe(2);
    expect(seed.stderr.trim()).toBe('seed: --products must be a whole number from 1 to 2000000, not "many"');
  }, 60_000);

  it('runs a command against DATA_DIR and prints one line', async () => {
    const res = await run('admin.ts', ['set-banner', '--text', 'Stocktake on Friday']);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout.trim()).toBe('Notification banner on: "Stocktake on Friday"');
    expect(fs.existsSync(path.join(dataDir, 'portal.sqlite'))).toBe(true);

    const missing = await run('admin.ts', ['set-order-status', '--order', 'SO-1', '--status', 'Shipped']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe('admin: no order SO-1');
  }, 60_000);
});
