import { INTEGRATION_MSG } from '@wholesale/contract';
import { type Db } from '../../db/client.js';
import { ProblemError } from './problem.js';
import { runUpsert, type UpsertOptions, type UpsertRepos } from './upsert-runner.js';
import { priceSpec, productSpec, stockSpec } from './catalogue-upserts.js';
import { accountSpec, invoiceSpec, userSpec, type UsersUpsertOptions } from './account-upserts.js';

export type { UpsertOptions } from './upsert-runner.js';
export type { UsersUpsertOptions } from './account-upserts.js';

/**
 * The one upsert path for the catalogue: the integration API's PUTs and the admin CLI's CSV import
 * both call these. `db` may be a transaction (the CLI imports a file in one); the runner opens one
 * otherwise and reads and writes through `reposOver` over it.
 */
export function upsertService(db: Db, reposOver: UpsertRepos) {
  return {
    upsertProducts: (items: readonly unknown[], opts: UpsertOptions = {}) =>
      runUpsert(db, reposOver, productSpec, items, opts),
    upsertPrices: (items: readonly unknown[], opts: UpsertOptions = {}) =>
      runUpsert(db, reposOver, priceSpec, items, opts),
    upsertStock: (items: readonly unknown[], opts: UpsertOptions = {}) =>
      runUpsert(db, reposOver, stockSpec, items, opts),
    upsertAccounts: (items: readonly unknown[], opts: UpsertOptions = {}) =>
      runUpsert(db, reposOver, accountSpec, items, opts),
    upsertInvoices: (items: readonly unknown[], opts: UpsertOptions = {}) =>
      runUpsert(db, reposOver, invoiceSpec, items, opts),
    /** PUT /accounts/{customerNumber}/users: 404 for an unknown account. */
    async upsertUsers(customerNumber: string, items: readonly unknown[], opts: UsersUpsertOptions) {
      const account = await reposOver(db).accountByNumber(customerNumber);
      if (!account) throw new ProblemError(404, INTEGRATION_MSG.unknownAccount(customerNumber));
      // A row undone after it ended sessions leaves an id here: forgetting an active session only
      // makes the next request read it again.
      const ended = new Set<number>();
      const response = await runUpsert(
        db,
        reposOver,
        userSpec(account, opts.baseUrl, ended, opts.invitations),
        items,
        opts,
      );
      if (ended.size > 0) opts.sessionsEnded?.([...ended]);
      return response;
    },
  };
}
export type UpsertService = ReturnType<typeof upsertService>;
