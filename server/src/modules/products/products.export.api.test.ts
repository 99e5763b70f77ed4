import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import {
  PRODUCTS_CSV_FILENAME,
  RESULTS_TRUNCATED_HEADER,
  endpoints,
  pathOf,
  productCsvFields,
  productList,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../../seed/index.js';
import { bearer, login, testApp } from '../../test/app.js';
import { EXPORT_BATCH } from './products.service.js';

/** The screen's column titles, the prices naming the account's currency. */
const HEADER_GBP =
  'Item,Description,Stock,Qty Due,Pack Qty,Due Date,Unit,List Price (GBP),Discount Price (GBP),Favourite,Multi Buy';

/** Download All for a search: the whole list as CSV, streamed a batch at a time. */
describe.each(testEngines())('search export on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    handle = await engine.open();
    await seedDemo(handle, { products: 700, images: false, accounts: 1 });
    app = await testApp(handle);
    headers = bearer((await login(app, 'demo', DEMO_PASSWORD)).accessToken);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (url: string, query: Record<string, string>) => app.inject({ method: 'GET', url, query, headers });

  it('answers the whole list of the search as export.csv, as the screen would write it', async () => {
    const queries: Record<string, string>[] = [
      { searchValue: 'blind', isSearching: 'true' }, // more rows than one batch
      { searchValue: 'ivory 240', isSearching: 'true' },
      { primaryCategory: 'Roller Blinds' },
    ];
    for (const query of queries) {
      const list = productList.parse((await get(pathOf(endpoints.searchProducts), query)).json());
      const res = await get(pathOf(endpoints.exportSearch), query);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${PRODUCTS_CSV_FILENAME}"`);
      expect(res.headers['content-length']).toBeUndefined(); // streamed
      const fields = productCsvFields(false);
      const expected = Papa.unparse(
        { fields: HEADER_GBP.split(','), data: list.map((p) => fields.map((f) => p[f] ?? '')) },
        { escapeFormulae: true },
      );
      expect(res.body).toBe(expected);
      expect(list.length).toBeGreaterThan(0);
    }
    const many = productList.parse(
      (await get(pathOf(endpoints.searchProducts), { searchValue: 'blind', isSearching: 'true' })).json(),
    );
    expect(many.length).toBeGreaterThan(EXPORT_BATCH);
  });

  it('gives only the header for nothing to search by or no match, and says when the list was cut', async () => {
    const header = `${HEADER_GBP}\r\n`;
    expect((await get(pathOf(endpoints.exportSearch), {})).body).toBe(header);
    expect((await get(pathOf(endpoints.exportSearch), { searchValue: 'zzqx', isSearching: 'true' })).body).toBe(header);
    const all = await get(pathOf(endpoints.searchProducts), { searchValue: 'e', isSearching: 'true' });
    const exported = await get(pathOf(endpoints.exportSearch), { searchValue: 'e', isSearching: 'true' });
    expect(exported.headers[RESULTS_TRUNCATED_HEADER]).toBe(all.headers[RESULTS_TRUNCATED_HEADER]);
  });

  it('needs a session and valid input', async () => {
    const res = await app.inject({ method: 'GET', url: `${pathOf(endpoints.exportSearch)}?searchValue=blind` });
    expect(res.statusCode).toBe(401);
    expect((await get(pathOf(endpoints.exportSearch), { searchValue: 'x'.repeat(101) })).statusCode).toBe(400);
  });
});
