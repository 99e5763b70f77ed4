import type { Db } from './client.js';

/**
 * A module's repositories as its service receives them from compose.ts: over the server's database,
 * over a transaction another service opened (a checkout placing an order empties the basket in its
 * own transaction), or in a new transaction. A service never builds a repository itself.
 */
export interface Repos<R> {
  /** Over the server's database: each statement on its own. */
  readonly base: R;
  /** The same repositories over a transaction the caller is in. */
  over(trx: Db): R;
  /**
   * Runs `fn` in a new transaction, with the repositories over it; built over a transaction already
   * (`over(trx)` of a service's repositories), it joins that one.
   */
  transaction<T>(fn: (repos: R, trx: Db) => Promise<T>): Promise<T>;
}

/**
 * Runs `fn` in a transaction: `db` itself when it is one already, else a new one. A repository that
 * writes several statements together uses it, so that a service built over a caller's transaction
 * (the staff back office's change and its audit row) writes them in the caller's transaction.
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** Repositories built by `build` over `db`, a transaction, or a new transaction (compose.ts). */
export function reposOf<R>(db: Db, build: (conn: Db) => R): Repos<R> {
  return {
    base: build(db),
    over: build,
    transaction: (fn) => inTransaction(db, (trx) => fn(build(trx), trx)),
  };
}
