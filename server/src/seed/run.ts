/**
 * What every step of the demo seed works with: the repositories it writes through (opened over the
 * seed's one transaction, as a service opens its own), the seeded random numbers, today and the
 * running counts. No step writes SQL: each write is a method of the repository that owns the table.
 */
import type { Db, Engine } from '../db/client.js';
import { accountRepository } from '../modules/account/account.repository.js';
import { authRepository } from '../modules/auth/auth.repository.js';
import { catalogueUpsertRepository } from '../modules/integration/catalogue-upsert.repository.js';
import { ordersRepository } from '../modules/orders/orders.repository.js';
import { productsRepository } from '../modules/products/products.repository.js';
import { siteRepository } from '../modules/site/site.repository.js';
import type { Rng } from './random.js';

/** The owners of the tables the seed fills, over its transaction. */
export function seedRepositories(trx: Db, engine: Engine) {
  return {
    /** Types, ranges, products, prices, tiers, deliveries due, pictures: the catalogue's writes. */
    catalogue: catalogueUpsertRepository(trx),
    /** Favourites. */
    products: productsRepository(trx, engine),
    /** Accounts, discounts, delivery addresses, statements, invoices and credit memos, balances. */
    accounts: accountRepository(trx),
    users: authRepository(trx),
    /** Orders, their lines and tracking numbers. */
    orders: ordersRepository(trx),
    /** Operator settings. */
    site: siteRepository(trx),
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
