import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@wholesale/contract';
import { openDatabase } from './db/client.js';
import { migrateToLatest } from './db/migrate.js';
import { insertAccount, insertUser } from './test/fixtures.js';
import { spawnServer, waitForStatus, type ServerProcess } from './test/processes.js';

/**
 * Graceful shutdown, with a real server process and real HTTP: a request in flight when SIGTERM
 * comes still gets its answer, readiness turns 503 at once, new connections are refused once the
 * delay is over, and the process exits 0.
 */
describe('graceful shutdown of a server process (SQLite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shutdown-'));
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    const handle = openDatabase({ dataDir: dir });
    await migrateToLatest(handle);
    await insertUser(handle.db, await insertAccount(handle.db), 'sam');
    await handle.close();
  });
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finishes a slow request in flight with 200, turns not-ready, refuses new connections and exits 0', async () => {
    server = await spawnServer({ DATA_DIR: dir, SHUTDOWN_DELAY_MS: '1500', SHUTDOWN_GRACE_MS: '20000' });
    await waitForStatus(server);

    // A login whose body arrives slowly: the server has the request, not yet all of it.
    const body = JSON.stringify({ username: 'sam', password: 'Portal-test-1' });
    const half = Math.floor(body.length / 2);
    const slow = http.request(`${server.url}${pathOf(routes.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, half));
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.child.kill('SIGTERM');
    await waitForStatus(server, pathOf(routes.getReadiness), 503, 1_400);
    const ready = await fetch(`${server.url}${pathOf(routes.getReadiness)}`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('draining');

    // Past the delay: the port no longer takes connections, while the slow request is still open.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    const refused = await fetch(`${server.url}${pathOf(routes.getLiveness)}`).then(
      (r) => `answered ${r.status}`,
      (err: { cause?: { code?: string } }) => err.cause?.code ?? 'error',
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    slow.end(body.slice(half));
    const done = await answer;
    expect(done.status, done.text).toBe(200);
    expect(JSON.parse(done.text)).toHaveProperty('accessToken');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/SIGTERM: draining/);
  }, 60_000);
});
