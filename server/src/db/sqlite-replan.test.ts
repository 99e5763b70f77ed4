import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './client.js';

/**
 * SQLite 3.54 (bundled from better-sqlite3 13.1) compiles a statement anew on every run when a bound
 * value could change its plan (a join or a min() beside a bound value: the account's terms, a
 * page's rows), and better-sqlite3 13 then builds its row maker again with `Function()`. Together
 * that took a signed-in read's statements from about 5 to 15-60 µs each and the uncached search
 * from 5,256 to about 2,000 requests a second (bench/README.md, throughput). The server pins
 * better-sqlite3 to 13.0.3 (SQLite 3.53.4); this fails if an upgrade brings the re-planning back.
 */
describe('SQLite keeps the plan of a prepared statement between runs', () => {
  let database: SQLite.Database;
  afterEach(() => database?.close());

  it('runs the shapes of the hot reads again without compiling them anew', () => {
    database = new SQLite(':memory:');
    database.exec(`
      create table accounts (id integer primary key, currency_code text not null);
      create table account_discounts (account_id integer not null, product_type_id integer not null,
        discount_bp integer not null, primary key (account_id, product_type_id));
      create table products (id integer primary key, active integer not null);
      create table product_prices (product_id integer not null, currency_code text not null,
        list_price_e5 integer not null, primary key (product_id, currency_code));
      create table multibuy_tiers (product_id integer not null, currency_code text not null,
        minimum_quantity integer not null, price_e5 integer not null,
        primary key (product_id, currency_code, minimum_quantity));
      insert into accounts values (1, 'GBP');
      insert into account_discounts values (1, 1, 500), (1, 2, 1000);
      insert into products values (7, 1);
      insert into product_prices values (7, 'GBP', 1000000);
      insert into multibuy_tiers values (7, 'GBP', 10, 900000), (7, 'GBP', 50, 800000);
    `);
    const cached = withStatementCache(database);
    const reads: [string, unknown[]][] = [
      [
        `select a.currency_code, d.product_type_id, d.discount_bp from accounts a
          left join account_discounts d on d.account_id = a.id where a.id = ?`,
        [1],
      ],
      [
        `select p.id, pp.list_price_e5,
          (select min(mt.price_e5) from multibuy_tiers mt where mt.product_id = p.id and mt.currency_code = ?) as best
          from products p join product_prices pp on pp.product_id = p.id and pp.currency_code = ?
          where p.active = ? and p.id in (?)`,
        ['GBP', 'GBP', 1, 7],
      ],
    ];
    const run = () => reads.map(([text, args]) => cached.prepare(text).all(...args));
    const first = run();
    expect(first[0]).toHaveLength(2);
    expect(first[1]).toEqual([{ id: 7, list_price_e5: 1000000, best: 800000 }]);

    // A statement compiled anew makes better-sqlite3 build its row maker again, with Function().
    const original = globalThis.Function;
    let built = 0;
    globalThis.Function = new Proxy(original, {
      apply: (target, self, args: string[]) => {
        built++;
        return Reflect.apply(target, self, args) as unknown;
      },
      construct: (target, args: string[]) => {
        built++;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      for (let i = 0; i < 20; i++) expect(run()).toEqual(first);
    } finally {
      globalThis.Function = original;
    }
    expect(built).toBe(0);
  });
});
