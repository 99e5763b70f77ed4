// `curl /` (no Accept header) gets the app, not a JSON 404; a JSON-only client still gets JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testEngines } from './db/testing.js';
import type { DbHandle } from './db/client.js';
import { testApp } from './test/app.js';

describe.each(testEngines())('SPA fallback on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let dist: string;
  const html = '<!doctype html><title>Wholesale Portal</title>';
  const basketHtml = '<!doctype html><title>Shopping Basket | Wholesale Portal</title>';
  const searchHtml = '<!doctype html><title>Create Orders | Wholesale Portal</title>';

  beforeAll(async () => {
    handle = await engine.open();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-fallback-'));
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.mkdirSync(path.join(dist, 'screens', 'products'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'screens', 'basket.html'), basketHtml);
    fs.writeFileSync(path.join(dist, 'screens', 'products', 'search.html'), searchHtml);
    app = await testApp(handle, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['no Accept header', '/', undefined],
    ['no Accept header, a deep link', '/open-orders', undefined],
    ['any type', '/open-orders', '*/*'],
    ['a browser', '/account?x=1', 'text/html,application/xhtml+xml,*/*;q=0.8'],
  ])('serves the app to %s (%s)', async (_name, url, accept) => {
    const res = await app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(html);
  });

  // A screen with a static shell of its own (web/src/app/screen-shells.ts) gets its page.
  it.each([
    ['/basket', basketHtml],
    ['/basket/', basketHtml],
    ['/products/search?q=blind&page=2', searchHtml],
  ])("serves %s the screen's own shell", async (url, body) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(body);
  });

  it.each([
    ['a JSON-only client', '/open-orders', 'application/json'],
    ['a missing asset', '/assets/missing.js', undefined],
    // A path that is no route: a literal on purpose.
    // eslint-disable-next-line no-restricted-syntax
    ['an unknown API route', '/api/nothing-here', undefined],
  ])('answers a JSON 404 to %s (%s)', async (_name, url, accept) => {
    const res = await app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
