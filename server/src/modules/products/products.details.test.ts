import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { productsRepository } from './products.repository.js';

/**
 * Rows of a list are looked up per row (one statement) for short lists and set-based for long
 * ones: both must give the same facts for the same products.
 */
describe.each(testEngines())('product list rows on $name', (engine) => {
  let handle: DbHandle;
  const ids: number[] = [];
  let caller: { userId: number; accountId: number; currency: 'GBP' };

  beforeAll(async () => {
    handle = await engine.open();
    const accountId = await insertAccount(handle.db);
    const userId = await insertUser(handle.db, accountId, 'rows');
    caller = { userId, accountId, currency: 'GBP' };
    for (let i = 0; i < 80; i++) {
      const { productId } = await insertProduct(handle.db, {
        itemNumber: `ROW-${String(i).padStart(3, '0')}`,
        gbpE5: 100_000 + i,
        stock: i,
        ...(i % 3 === 0 ? { tiers: [{ currency: 'GBP' as const, minimumQuantity: 10, priceE5: 90_000 }] } : {}),
      });
      ids.push(productId);
      if (i % 4 === 0)
        await handle.db
          .insertInto('favourites')
          .values({ user_id: userId, product_id: productId, created_at: '2026-01-01' })
          .execute();
      if (i % 5 === 0)
        await handle.db
          .insertInto('inbound_deliveries')
          .values([
            { product_id: productId, quantity: 10 + i, due_date: '2030-02-01' },
            { product_id: productId, quantity: 5, due_date: '2030-01-15' },
          ])
          .execute();
    }
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('gives the same rows, in the order asked, one by one or all at once', async () => {
    const repo = productsRepository(handle.db, handle.engine);
    const order = [...ids].reverse();
    const all = await repo.details(caller, order); // 80 rows: set-based
    const pieces = [
      ...(await repo.details(caller, order.slice(0, 40))),
      ...(await repo.details(caller, order.slice(40))),
    ]; // 40 each: per row
    expect(all).toHaveLength(80);
    expect(all.map((r) => r.id)).toEqual(order);
    expect(all).toEqual(pieces);
    const row = (n: number) => all.find((r) => r.item_number === `ROW-${String(n).padStart(3, '0')}`)!;
    expect(row(0)).toMatchObject({ is_favourite: true, has_multibuy: true, quantity_due: 15, due_date: '2030-01-15' });
    expect(row(1)).toMatchObject({ is_favourite: false, has_multibuy: false, quantity_due: 0, due_date: null });
    expect(row(20)).toMatchObject({ is_favourite: true, quantity_due: 35 });
  });
});
