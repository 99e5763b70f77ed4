import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testEngines } from './db/testing.js';
import type { DbHandle } from './db/client.js';
import { insertAccount, insertProduct, insertUser } from './test/fixtures.js';
import { bearer, login, testApp } from './test/app.js';

describe.each(testEngines())('compressed API answers on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let token: string;
  const url = '/api/orderproducts/search?searchValue=zip&isSearching=true';

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const accountId = await insertAccount(handle.db);
    await insertUser(handle.db, accountId, 'zipper');
    for (let i = 1; i <= 30; i++) await insertProduct(handle.db, { itemNumber: `ZIP-${i}`, gbpE5: 100_000 + i });
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

  it('leaves small answers alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
