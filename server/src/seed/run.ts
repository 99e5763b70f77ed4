/**
 * What every step of the demo seed works with: where it writes (over the seed's one transaction),
 * the seeded random numbers, today and the running counts. No step writes SQL.
 *
 * Writes that carry a rule go through the service that owns it: the operator settings through the
 * settings service; each account's type discounts and delivery addresses through the ERP's account
 * upsert (a product type and a country must exist; the sets are replaced whole); the users through
 * the customer users' service (`createDemoUsers`: the username's and the password's rules and the
 * default role are those of `create`, which the CLI and the back office call).
 *
 * The rest are fixtures, written in bulk through the owning repositories, which compose.ts's
 * `repositoriesOver` hands out (the seed builds none): history that no service creates as it is
 * (orders in every status with their lines and tracking, invoices, credit memos and statements,
 * balances), the catalogue with its pictures, tiers and deliveries due, favourites, and the
 * accounts' rows themselves. Accounts and users are back-dated 420 days, accounts keep a fax number
 * and users their demo password: the ERP upsert and `create` cannot express that (they stamp rows
 * now, the upsert has no fax number, and both record outbox events and invitation emails), and
 * seed.test.ts fingerprints every row. The account upsert then checks each account's columns as
 * stored (seedDiscountsAndAddresses sends them unchanged).
 */
import { composeStore, repositoriesOver } from '../compose.js';
import type { Db } from '../db/client.js';
import type { Rng } from './random.js';

/** The settings service and the owners of the fixture tables, over the seed's transaction `trx` on `db`. */
export function seedRepositories(db: Db, trx: Db) {
  const repos = repositoriesOver(db);
  const store = composeStore(trx);
  return {
    /** Operator settings: through the service, as `admin settings` and the banner commands do. */
    settings: store.settings,
    /** The ERP upserts (accounts' discounts and delivery addresses), as `admin create-account` calls them. */
    upserts: store.upserts,
    /** Types, ranges, products, prices, tiers, deliveries due, pictures: the catalogue's writes. */
    catalogue: repos.upserts(trx),
    /** Favourites. */
    products: repos.products(trx),
    /** Accounts, statements, invoices and credit memos, balances. */
    accounts: repos.account.over(trx),
    /** The demo users, through the service that creates customer users. */
    users: store.customerUsers,
    /** Orders, their lines and tracking numbers. */
    orders: repos.orders.over(trx),
  };
}
export type SeedRepositories = ReturnType<typeof seedRepositories>;

export interface SeedSummary {
  productTypes: number;
  ranges: number;
  products: number;
  images: number;
  multiBuyProducts: number;
  inboundDeliveries: number;
  accounts: number;
  users: number;
  orders: number;
  orderLines: number;
  invoices: number;
  statements: number;
  milliseconds: number;
}

export const emptySummary = (): SeedSummary => ({
  productTypes: 0,
  ranges: 0,
  products: 0,
  images: 0,
  multiBuyProducts: 0,
  inboundDeliveries: 0,
  accounts: 0,
  users: 0,
  orders: 0,
  orderLines: 0,
  invoices: 0,
  statements: 0,
  milliseconds: 0,
});

export interface SeedRun {
  repos: SeedRepositories;
  rng: Rng;
  /** 'yyyy-mm-dd': dates are relative to it, so the data always looks fresh. */
  today: string;
  summary: SeedSummary;
}
