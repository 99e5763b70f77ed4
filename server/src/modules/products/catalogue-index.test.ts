import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SqlBool } from 'kysely';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { seedDemo } from '../../seed/index.js';
import { insertProduct } from '../../test/fixtures.js';
import { catalogueIndex, editDistance, withinOne } from './catalogue-index.js';
import { searchWords } from './products.repository.js';

/**
 * The in-memory ranking must give exactly what ranking in SQL gives: the exact code, codes starting
 * with the text, rows with the whole phrase, the rest; ties by item code; sellable rows only.
 */
describe.each(testEngines())('catalogue index on $name', (engine) => {
  let handle: DbHandle;

  /** The ranking written as one SQL statement: the reference. */
  async function reference(currency: 'GBP' | 'EUR', text: string, limit: number): Promise<number[]> {
    const words = searchWords(text);
    const phrase = words.join(' ');
    const contains = (w: string) => sql<SqlBool>`p.search_text like ${`%${w}%`}`;
    const rows = await handle.db
      .selectFrom('products as p')
      .innerJoin('product_prices as pp', (j) =>
        j.onRef('pp.product_id', '=', 'p.id').on('pp.currency_code', '=', currency),
      )
      .where('p.active', '=', 1)
      .where(sql<SqlBool>`${sql.join(words.map(contains), sql` and `)}`)
      .select('p.id')
      .orderBy(
        sql`case when lower(p.item_number) = ${phrase} then 0
          when lower(p.item_number) like ${`${phrase}%`} then 1
          when ${words.length > 1 ? contains(phrase) : sql`false`} then 2 else 3 end`,
      )
      .orderBy('p.item_number')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    handle = await engine.open();
    // More products than one slice of the trigram index's build: the lists join across slices.
    await seedDemo(handle, { products: 1500, images: false, accounts: 1 });
    // Some products do not sell: inactive, or without a euro price.
    await handle.db
      .updateTable('products')
      .set({ active: 0 })
      .where(sql<SqlBool>`id % 7 = 0`)
      .execute();
    await handle.db
      .deleteFrom('product_prices')
      .where('currency_code', '=', 'EUR')
      .where(sql<SqlBool>`product_id % 5 = 0`)
      .execute();
    // Letters beyond ASCII, a word twice, a trigram twice in one word.
    await insertProduct(handle.db, { itemNumber: 'XC-ÉTÉ-1', description: 'Crème brûlée voile, crème edge', gbpE5: 1 });
    await insertProduct(handle.db, { itemNumber: 'XC-2', description: 'White white whitewhite trim', gbpE5: 1 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('ranks as the SQL ranking does, for every kind of term, currency and cut', async () => {
    const code = await handle.db
      .selectFrom('products')
      .select('item_number')
      .where('active', '=', 1)
      .orderBy('id')
      .offset(40)
      .limit(1)
      .executeTakeFirstOrThrow();
    const terms = [
      code.item_number, // an exact code
      code.item_number.slice(0, 5).toLowerCase(), // a code prefix
      'white',
      'roller blind',
      'blind roller', // words in another order: no phrase
      'rb', // too short for the trigram index
      'rb white',
      'ivory 240',
      'zzqx',
      'CRÈME', // beyond ASCII, in capitals
      'brûlée voile',
      'xc-été',
      'white white', // one word twice
      'whitewhite',
      'e', // one character: every text is a candidate
      'rb 24', // several words, none long enough for a trigram
      'ivory qqq', // one word matches, the other's trigram occurs nowhere
    ];
    const index = catalogueIndex(handle.db, 0);
    let compared = 0;
    for (const text of terms)
      for (const currency of ['GBP', 'EUR'] as const)
        for (const limit of [1, 7, 300, 2001]) {
          const words = searchWords(text);
          const expected = await reference(currency, text, limit);
          expect(
            await index.search(currency, { words, phrase: words.join(' ') }, limit),
            `${text} ${currency} ${limit}`,
          ).toEqual(expected);
          compared += expected.length;
        }
    expect(compared).toBeGreaterThan(2000);
  });

  it('sees catalogue changes at once, remembered answers included, and ignores stock changes', async () => {
    const index = catalogueIndex(handle.db);
    const search = (text: string) => {
      const words = searchWords(text);
      return index.search('GBP', { words, phrase: words.join(' ') }, 50);
    };
    const revision = async () =>
      Number((await handle.db.selectFrom('catalogue_revision').select('revision').executeTakeFirstOrThrow()).revision);

    expect(await search('quokka')).toEqual([]);
    const { productId } = await insertProduct(handle.db, {
      itemNumber: 'QK-1',
      description: 'Quokka tieback',
      gbpE5: 100_000,
    });
    expect(await search('quokka')).toEqual([productId]);
    expect(await search('qk-1')).toEqual([productId]);

    const before = await revision();
    await handle.db.updateTable('products').set({ stock: 99 }).where('id', '=', productId).execute();
    expect(await revision()).toBe(before);

    await handle.db.updateTable('products').set({ active: 0 }).where('id', '=', productId).execute();
    expect(await revision()).toBeGreaterThan(before);
    expect(await search('quokka')).toEqual([]);
    await handle.db.updateTable('products').set({ active: 1 }).where('id', '=', productId).execute();
    expect(await search('quokka')).toEqual([productId]);
    await handle.db
      .deleteFrom('product_prices')
      .where('product_id', '=', productId)
      .where('currency_code', '=', 'GBP')
      .execute();
    expect(await search('quokka')).toEqual([]);
  });

  it('falls back, only when nothing is found as typed, to a code without its dashes and to a word one typo away', async () => {
    const index = catalogueIndex(handle.db);
    const search = (text: string) => {
      const words = searchWords(text);
      return index.search('GBP', { words, phrase: words.join(' ') }, 50);
    };
    const chain = await insertProduct(handle.db, {
      itemNumber: 'TY-BLK-0001',
      description: 'Tyburn blackout chain',
      gbpE5: 1,
    });
    const longer = await insertProduct(handle.db, {
      itemNumber: 'TY-BLK-00010',
      description: 'Tyburn dimout cord',
      gbpE5: 1,
    });
    const other = await insertProduct(handle.db, {
      itemNumber: 'TYBLK-0001X',
      description: 'Tyburnish panel',
      gbpE5: 1,
    });

    // A code typed without dashes: the exact one first, then codes starting so, in code order.
    expect(await search('tyblk0001')).toEqual([chain.productId, longer.productId, other.productId]);
    expect(await search('TY BLK 00010')).toEqual([longer.productId]);
    // A typo one letter away finds the word meant; two letters away only in a long word.
    expect(await search('tyburn blakout')).toEqual([chain.productId]);
    expect(await search('tyburm')).toEqual(await search('tyburn'));
    expect(await search('tyburnn dimmout')).toEqual([longer.productId]);
    expect(await search('blkout tyburn')).toEqual([]);
    // Found as typed: no fallback widens the list ('tyburn' is not corrected towards 'tyburnish').
    expect(await search('tyburnish')).toEqual([other.productId]);
    // Short words are never corrected.
    expect(await search('tyb zzz')).toEqual([]);
  });
});

describe('withinOne', () => {
  it('agrees with the edit distance on changed, added, dropped and moved letters', () => {
    const pairs = [
      ['blakout', 'blackout'],
      ['blackout', 'blakout'],
      ['tyburm', 'tyburn'],
      ['tyburn', 'xyburn'],
      ['tybrun', 'tyburn'],
      ['chain', 'chains'],
      ['chain', 'chainss'],
      ['abcd', 'abdc'],
      ['abcd', 'bcd'],
      ['abcd', 'abc'],
      ['abcd', 'xbcy'],
      ['', 'a'],
    ] as const;
    for (const [a, b] of pairs) expect(withinOne(a, b), `${a} ${b}`).toBe(editDistance(a, b, 1) <= 1);
  });
});
