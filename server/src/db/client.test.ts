import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './client.js';

describe('withStatementCache (SQLite)', () => {
  let database: SQLite.Database;
  afterEach(() => database?.close());

  const open = () => {
    database = new SQLite(':memory:');
    database.exec("create table t (id integer primary key, v text); insert into t (v) values ('a'), ('b'), ('c')");
    return database;
  };

  it('reuses the statement of a repeated SQL text and answers the same', () => {
    const cached = withStatementCache(open());
    const a = cached.prepare('select v from t where id = ?');
    const b = cached.prepare('select v from t where id = ?');
    expect(b).toBe(a);
    expect(b.get(2)).toEqual({ v: 'b' });
    expect(cached.prepare('select v from t where id > ?').all(1)).toEqual([{ v: 'b' }, { v: 'c' }]);
  });

  it('sees schema changes made after a statement was cached', () => {
    const cached = withStatementCache(open());
    expect(cached.prepare('select * from t where id = ?').get(1)).toEqual({ id: 1, v: 'a' });
    database.exec("alter table t add column w text default 'x'");
    expect(cached.prepare('select * from t where id = ?').get(1)).toEqual({ id: 1, v: 'a', w: 'x' });
  });

  it('gives a fresh statement while the cached one is being iterated', () => {
    const cached = withStatementCache(open());
    const first = cached.prepare('select v from t order by id');
    const it = first.iterate();
    it.next();
    const second = cached.prepare('select v from t order by id');
    expect(second).not.toBe(first);
    expect(second.all()).toHaveLength(3);
    it.return?.();
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const cached = withStatementCache(open(), 2);
    const one = cached.prepare('select 1');
    cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(one); // used again: now the most recent
    cached.prepare('select 3'); // drops 'select 2'
    expect(cached.prepare('select 1')).toBe(one);
    const two = cached.prepare('select 2');
    expect(cached.prepare('select 2')).toBe(two);
  });
});
