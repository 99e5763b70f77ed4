import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@wholesale/contract';
import { pdfText } from './test/pdf-text.js';

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
    // The PDF worker is emitted beside main.js, where documents/pdf-pool.ts looks for it.
    expect(fs.existsSync(path.join(OUT, 'pdf-worker.js'))).toBe(true);

    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: DATA };
    // Demo data (cheap password hashes), so a signed-in user can download a PDF.
    Object.assign(env, { SEED_ON_EMPTY: 'true', PASSWORD_HASH_COST: '10', LOG_LEVEL: 'info', NODE_OPTIONS: '' });
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
      const health = await fetch(`http://127.0.0.1:${port}${pathOf(routes.getHealth)}`);
      expect(health.status).toBe(200);
      const unauthorized = await fetch(`http://127.0.0.1:${port}${pathOf(routes.listCategories)}`);
      expect(unauthorized.status).toBe(401);

      // A PDF drawn by the compiled worker thread (no tsx here).
      const login = await fetch(`http://127.0.0.1:${port}${pathOf(routes.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'Portal-demo-1' }),
      });
      expect(login.status).toBe(200);
      const session = (await login.json()) as { accessToken: string; user: { statements: { filename: string }[] } };
      const statement = session.user.statements[0]!;
      const pdf = await fetch(
        `http://127.0.0.1:${port}${pathOf(routes.downloadStatement, { filename: statement.filename })}`,
        {
          headers: { authorization: `Bearer ${session.accessToken}` },
        },
      );
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('Statement');
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
