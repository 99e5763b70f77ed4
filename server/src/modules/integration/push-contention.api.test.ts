import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { countingStatements } from '../../test/statements.js';
import { composeStore } from '../../compose.js';

// Customers under an ERP's pushes (bench/erp-contention.ts measures the latency).
// A 1,000-row push must leave the event loop to others between its stretches of work, and ask the
// database the same few short statements whatever its size.
describe.each(testEngines())('a 1,000-row price push beside other work on $name', (engine) => {
  let handle: DbHandle;
  const n = 1_000;
  const code = (i: number) => `TURN-${String(i).padStart(4, '0')}`;
  const prices = (round: number, count = n) =>
    Array.from({ length: count }, (_, i) => ({
      itemNumber: code(i),
      currency: 'GBP',
      listPrice: (10 + round + (i % 100) / 100).toFixed(2),
    }));

  beforeAll(async () => {
    handle = await engine.open();
    const upserts = composeStore(handle.db).upserts;
    const product = { description: 'Turn blind', productType: 'Blinds', range: 'Turn', unit: 'EACH', packQuantity: 1 };
    await upserts.upsertProducts(Array.from({ length: n }, (_, i) => ({ itemNumber: code(i), ...product })));
    const first = await upserts.upsertPrices(prices(0));
    expect(first.summary.created).toBe(n);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('turns the event loop while it checks the rows, before its transaction and before its answer', async () => {
    let turns = 0;
    let pushing = true;
    const tick = () => {
      turns++;
      if (pushing) setImmediate(tick);
    };
    setImmediate(tick);
    const pushed = composeStore(handle.db).upserts.upsertPrices(prices(1));
    const { summary } = await pushed.finally(() => (pushing = false));
    expect(summary.updated).toBe(n);
    // 1,000 rows are checked in slices of 200 (4 turns between them), then a turn before the
    // transaction and one after it. SQLite's statements never leave the loop by themselves.
    expect(turns).toBeGreaterThanOrEqual(6);
  });

  it('asks the same statements for 1,000 changed prices as for 10', async () => {
    const counted = countingStatements(handle.db);
    const upserts = composeStore(counted.db).upserts;
    counted.reset();
    expect((await upserts.upsertPrices(prices(2, 10))).summary.updated).toBe(10);
    const few = counted.count;
    counted.reset();
    expect((await upserts.upsertPrices(prices(3))).summary.updated).toBe(n);
    expect(counted.count).toBe(few);
    const stored = await handle.db
      .selectFrom('product_prices')
      .innerJoin('products', 'products.id', 'product_prices.product_id')
      .select(['products.item_number', 'product_prices.list_price_e5'])
      .where('products.item_number', 'like', 'TURN-%')
      .orderBy('products.item_number')
      .execute();
    expect(stored.map((r) => [r.item_number, Number(r.list_price_e5)])).toEqual(
      Array.from({ length: n }, (_, i) => [code(i), Math.round((13 + (i % 100) / 100) * 100) * 1_000]),
    );
  });
});
