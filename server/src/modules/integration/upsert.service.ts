import { INTEGRATION_MSG } from '@wholesale/contract';
import { type Db } from '../../db/client.js';
import { accountsUpsertRepository } from './accounts-upsert.repository.js';
import { ProblemError } from './problem.js';
import { runUpsert, type UpsertOptions } from './upsert-runner.js';
import { priceSpec, productSpec, stockSpec } from './catalogue-upserts.js';
import { accountSpec, invoiceSpec, userSpec, type UsersUpsertOptions } from './account-upserts.js';

export type { UpsertOptions } from './upsert-runner.js';
export type { UsersUpsertOptions } from './account-upserts.js';

/**
 * The one upsert path for the catalogue: the integration API's PUTs and the admin CLI's CSV import
 * both call these. `db` may be a transaction (the CLI imports a file in one).
 */
export function upsertService(db: Db) {
  return {
    upsertProducts: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, productSpec, items, opts),
    upsertPrices: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, priceSpec, items, opts),
    upsertStock: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, stockSpec, items, opts),
    upsertAccounts: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, accountSpec, items, opts),
    upsertInvoices: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, invoiceSpec, items, opts),
    /** PUT /accounts/{customerNumber}/users: 404 for an unknown account. */
    async upsertUsers(customerNumber: string, items: readonly unknown[], opts: UsersUpsertOptions) {
      const account = await accountsUpsertRepository(db).accountByNumber(customerNumber);
      if (!account) throw new ProblemError(404, INTEGRATION_MSG.unknownAccount(customerNumber));
      // A row undone after it ended sessions leaves an id here: forgetting an active session only
      // makes the next request read it again.
      const ended = new Set<number>();
      const response = await runUpsert(db, userSpec(account, opts.baseUrl, ended, opts.invitations), items, opts);
      if (ended.size > 0) opts.sessionsEnded?.([...ended]);
      return response;
    },
  };
}
export type UpsertService = ReturnType<typeof upsertService>;
