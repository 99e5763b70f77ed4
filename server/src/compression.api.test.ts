import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pathOf, routes } from '@wholesale/contract';
import { testEngines } from './db/testing.js';
import type { DbHandle } from './db/client.js';
import { insertAccount, insertProduct, insertUser } from './test/fixtures.js';
import { bearer, login, testApp } from './test/app.js';

describe.each(testEngines())('compressed API answers on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let token: string;
  const url = `${pathOf(routes.searchProducts)}?searchValue=zip&isSearching=true`;

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const accountId = await insertAccount(handle.db);
    await insertUser(handle.db, accountId, 'zipper');
    for (let i = 1; i <= 30; i++) await insertProduct(handle.db, { itemNumber: `ZIP-${i}`, gbpE5: 100_000 + i });
    // Enough rows for a whole list above 64 KiB, whose pages of 100 are below it.
    for (let i = 1; i <= 320; i++) {
      await insertProduct(handle.db, {
        itemNumber: `ZAP-${String(i).padStart(3, '0')}`,
        description: `Zap roller blind ${i}, blackout fabric, chain side left`,
        gbpE5: 200_000 + i,
      });
    }
    token = (await login(app, 'zipper')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (encoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends brotli when accepted, else gzip, else identity: the same JSON each way', async () => {
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json() as unknown[];
    expect(json).toHaveLength(30);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const unbr = brotliDecompressSync(br.rawPayload);
    expect(JSON.parse(unbr.toString())).toEqual(json);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json);
  });

  it('compresses an answer of up to 64 KiB in one call, and streams a larger one', async () => {
    const zap = (query: string, encoding?: string) =>
      app.inject({
        method: 'GET',
        url: `${pathOf(routes.searchProducts)}?searchValue=zap&isSearching=true${query}`,
        headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    // A page of 100: above the plugin's own default (8 KiB on 2 cores), below ours.
    const page = await zap('&page=1&pageSize=100');
    expect(page.rawPayload.length).toBeGreaterThan(16 * 1024);
    expect(page.rawPayload.length).toBeLessThan(64 * 1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await zap('&page=1&pageSize=100', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      // Compressed in one call: the length is known and sent; a stream would be chunked.
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const text = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(JSON.parse(text.toString())).toEqual(page.json());
    }

    // The whole list of 320 rows is above 64 KiB: streamed, so the event loop is not held.
    const whole = await zap('');
    expect(whole.rawPayload.length).toBeGreaterThan(64 * 1024);
    const streamed = await zap('', 'br');
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(brotliDecompressSync(streamed.rawPayload).toString())).toEqual(whole.json());
  });

  it('leaves small answers alone', async () => {
    const res = await app.inject({
      method: 'GET',
      url: pathOf(routes.getHealth),
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

/** A web/dist stand-in with precompressed copies, as web/precompress.ts writes them. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const files = {
    'index.html': `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
    'assets/app-abc123.js': `export const text = ${JSON.stringify('lorem ipsum dolor sit amet '.repeat(200))};`,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  return dir;
}

describe('precompressed static files', () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    handle = await testEngines()[0]!.open();
    dist = fakeDist();
    app = await testApp(handle, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the precompressed copy of a static asset by Accept-Encoding', async () => {
    const url = '/assets/app-abc123.js';
    const original = fs.readFileSync(path.join(dist, 'assets/app-abc123.js'), 'utf8');

    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(original);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(original);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(original);
  });

  it('serves index.html precompressed through the SPA fallback', async () => {
    const original = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const br = await app.inject({
      url: '/products/search',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(original);

    const plain = await app.inject({ url: '/basket', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(original);
  });
});
