import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testEngines } from './testing.js';
import type { Db, DbHandle } from './client.js';
import { prepared, statementName } from './prepared.js';
import { insertProduct } from '../test/fixtures.js';

describe.each(testEngines())('prepared queries on $name', (engine) => {
  let handle: DbHandle;
  const ids: number[] = [];

  beforeAll(async () => {
    handle = await engine.open();
    for (let i = 0; i < 5; i++)
      ids.push((await insertProduct(handle.db, { itemNumber: `PQ-${i}`, gbpE5: 100_000 * (i + 1) })).productId);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const build = (db: Db, productIds: number[], currency: 'GBP' | 'EUR', minimum: number) =>
    db
      .selectFrom('products as p')
      .innerJoin('product_prices as pp', 'pp.product_id', 'p.id')
      .select(['p.item_number', 'pp.list_price_e5'])
      .where('pp.currency_code', '=', currency)
      .where('p.id', 'in', productIds)
      .where(sql<boolean>`pp.list_price_e5 >= ${minimum}`)
      .orderBy('p.item_number');

  it('answers as the query built afresh does, for new values and new list lengths', async () => {
    const query = prepared(build);
    for (const [list, minimum] of [
      [ids.slice(0, 2), 0],
      [ids, 0],
      [ids, 300_000],
      [ids.slice(1, 3), 250_000],
      [ids.slice(0, 2), 150_000], // a length seen before, other values
    ] as const) {
      const expected = await build(handle.db, [...list], 'GBP', minimum).execute();
      expect(await query.execute(handle.db, [...list], 'GBP', minimum)).toEqual(expected);
    }
    expect((await query.execute(handle.db, ids, 'GBP', 300_000)).map((r) => r.item_number)).toEqual([
      'PQ-2',
      'PQ-3',
      'PQ-4',
    ]);
  });

  it('runs inside a transaction and sees its writes', async () => {
    const query = prepared((db: Db, id: number) => db.selectFrom('products').select('stock').where('id', '=', id));
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ stock: 42 }).where('id', '=', ids[0]!).execute();
      expect(await query.execute(trx, ids[0]!)).toEqual([{ stock: 42 }]);
    });
    expect(await query.execute(handle.db, ids[1]!)).toEqual([{ stock: expect.any(Number) }]);
  });
});

const pgEngine = testEngines().find((e) => e.name === 'postgres');
if (!pgEngine) console.log('SKIPPED named-statement test: PostgreSQL only, and TEST_DATABASE_URL is not set');
describe.skipIf(!pgEngine)('prepared queries on PostgreSQL', () => {
  let handle: DbHandle;
  const ids: number[] = [];

  beforeAll(async () => {
    handle = await pgEngine!.open();
    for (let i = 0; i < 3; i++)
      ids.push((await insertProduct(handle.db, { itemNumber: `PN-${i}`, gbpE5: 100_000 })).productId);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('run as named statements, parsed once per connection; other statements do not', async () => {
    const query = prepared((db: Db, id: number) =>
      db.selectFrom('products').select('item_number').where('id', '=', id),
    );
    const named = () => sql<{ name: string }>`select name from pg_prepared_statements`;
    await handle.db.connection().execute(async (conn) => {
      const before = (await named().execute(conn)).rows.map((r) => r.name);
      for (const id of ids)
        expect(await query.execute(conn, id)).toEqual([{ item_number: expect.stringMatching(/^PN-/) }]);
      await sql`select ${ids[0]!}::int as id`.execute(conn);
      const after = (await named().execute(conn)).rows.map((r) => r.name);
      const name = statementName(conn.selectFrom('products').select('item_number').where('id', '=', 0).compile().sql);
      expect(name).toMatch(/^prepared_\d+$/);
      expect(after.filter((n) => !before.includes(n))).toEqual([name]);
    });
  });
});
