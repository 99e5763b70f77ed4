import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from './db/testing.js';
import type { DbHandle } from './db/client.js';
import { testConfig } from './test/app.js';
import { buildApp } from './app.js';

const [sqlite] = testEngines();

describe('start-up warnings', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await sqlite!.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function warningsAt(overrides: Parameters<typeof testConfig>[0]): Promise<string[]> {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'warn', ...overrides }), handle, logStream: stream });
    await app.close();
    return lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
  }

  it('logs a warning when serving https with the generated secrets, and none when they come from the environment', async () => {
    const generated = await warningsAt({ PUBLIC_URL: 'https://portal.example.com' });
    expect(generated.filter((m) => m.includes('JWT_SECRET and PAYMENT_SECRET not set'))).toHaveLength(1);
    const fromEnv = await warningsAt({
      PUBLIC_URL: 'https://portal.example.com',
      JWT_SECRET: 'j'.repeat(40),
      PAYMENT_SECRET: 'p'.repeat(40),
    });
    expect(fromEnv.filter((m) => m.includes('not set in the environment'))).toEqual([]);
  });
});
