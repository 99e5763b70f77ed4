import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Inside the repository (under node_modules, ignored), so the bundle resolves its packages.
const OUT = path.join(ROOT, `server/node_modules/.cache/build-test-${process.pid}`);
const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-test-'));

describe('the compiled server (npm start runs it)', () => {
  afterAll(() => {
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.rmSync(DATA, { recursive: true, force: true });
  });

  it('builds to one JavaScript file that starts, migrates and answers without tsx', async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs', `--outdir=${OUT}`], { cwd: ROOT, stdio: 'pipe' });
    const main = path.join(OUT, 'main.js');
    expect(fs.existsSync(main)).toBe(true);
    expect(fs.readFileSync(main, 'utf8')).not.toMatch(/from ["']@wholesale\/contract["']/);

    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: DATA };
    Object.assign(env, { SEED_ON_EMPTY: 'false', LOG_LEVEL: 'info', NODE_OPTIONS: '' });
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [main], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        const onData = (chunk: Buffer) => {
          out += chunk.toString();
          const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
      });
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      const unauthorized = await fetch(`http://127.0.0.1:${port}/api/orderproducts/categories`);
      expect(unauthorized.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
