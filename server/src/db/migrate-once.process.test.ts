import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@wholesale/contract';
import { isPostgresUrl } from './client.js';
import { DEMO_ACCOUNTS } from '../seed/accounts.js';
import { ROOT, spawnServer, waitForStatus, type ServerProcess } from '../test/processes.js';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!isPostgresUrl(adminUrl))
  console.log('SKIPPED migrate-once.process.test.ts: TEST_DATABASE_URL is not set (this race needs PostgreSQL)');

/**
 * Servers and `npm run migrate` started together on an empty PostgreSQL database: every migration
 * is applied once, the demo data is created once, every server comes up (before the advisory lock,
 * two of three servers died on `duplicate key ... settings_pkey`).
 */
describe.runIf(isPostgresUrl(adminUrl))('migrations and seeding once, started together (PostgreSQL)', () => {
  const name = `race_${process.pid}_${Date.now()}`;
  const url = new URL(adminUrl ?? 'postgres://x');
  url.pathname = `/${name}`;
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];

  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await c.query(text);
    } finally {
      await c.end();
    }
  };

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await admin(`drop database if exists ${name} with (force)`);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('two migrators and three servers at once: each migration and the demo seed once, all servers up', async () => {
    await admin(`create database ${name}`);
    const migrator = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/migrate.ts'], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url.toString(), NODE_OPTIONS: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr.on('data', (c: Buffer) => (out += c.toString()));
        child.once('exit', (code) => resolve({ code, out }));
      });
    const started = [migrator(), migrator()];
    for (let i = 0; i < 3; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-race-'));
      dirs.push(dir);
      servers.push(
        await spawnServer({
          DATABASE_URL: url.toString(),
          DATA_DIR: dir,
          SEED_ON_EMPTY: 'true',
          LOG_LEVEL: 'warn',
        }),
      );
    }
    const migrators = await Promise.all(started);
    for (const m of migrators) expect(m.code, m.out).toBe(0);
    await Promise.all(servers.map((s) => waitForStatus(s, pathOf(routes.getReadiness), 200, 180_000)));

    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      const known = (await c.query<{ name: string }>('select name from kysely_migration order by name')).rows.map(
        (r) => r.name,
      );
      expect(known.length).toBeGreaterThan(0);
      // Every migration was applied by exactly one of the five processes.
      const applied = [
        ...migrators.flatMap((m) => /applied (.*)/.exec(m.out)?.[1]?.split(', ') ?? []),
        ...servers.flatMap((s) => /migrated (.*)/.exec(s.output())?.[1]?.split(', ') ?? []),
      ].sort();
      expect(applied).toEqual(known);
      // The demo data was created by one server, once.
      const seeders = servers.filter((s) => s.output().includes('empty database, creating demo data'));
      expect(seeders.map((s) => s.output()).join('\n')).not.toBe('');
      expect(seeders).toHaveLength(1);
      const accounts = await c.query<{ n: number }>('select count(*)::int as n from accounts');
      expect(accounts.rows[0]?.n).toBe(DEMO_ACCOUNTS.length);
    } finally {
      await c.end();
    }
    for (const s of servers) expect(s.output()).not.toMatch(/failed to start|duplicate key/);
  }, 240_000);
});
