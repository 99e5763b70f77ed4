import type { Db } from '../db/client.js';

/**
 * `db` with every statement it runs counted (a Kysely plugin): for tests and benches that check
 * how many statements a request asks of the database.
 */
export function countingStatements(db: Db) {
  let count = 0;
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      count++;
      return args.result;
    },
  });
  return {
    db: counted,
    /** Statements run since the last reset. */
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
  };
}
