/**
 * Demo data: a realistic catalogue, three named demo logins with history, operator settings, and
 * for benchmarks any number of generated accounts and orders. Deterministic for a seed number
 * (dates are relative to today so the data always looks fresh). Amounts come from pricing.ts.
 *
 * `seedDemo` runs small steps in one transaction: settings, users and the accounts' discounts and
 * addresses through the services that own their rules, the rest as fixtures through the
 * repositories compose.ts hands out (run.ts says why), so this folder holds the
 * data (specs, random numbers, pictures, order drafts) and the order of the steps, and no SQL.
 */
import type { DbHandle } from '../db/client.js';
import { isEmpty, refreshStatistics } from '../db/maintenance.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';
import { seedAccounts, seedFavourites } from './accounts.step.js';
import { seedCatalogue } from './catalogue.step.js';
import { seedCreditMemo, seedOrders } from './orders.step.js';
import { Rng } from './random.js';
import { emptySummary, seedRepositories, type SeedRun, type SeedSummary } from './run.js';
import { demoSettings } from './settings.js';

export { DEMO_PASSWORD } from './accounts.js';
export type { SeedSummary } from './run.js';

export interface SeedOptions {
  /** Catalogue size (default 2,400). */
  products?: number;
  /** Total accounts; above 3 adds generated accounts C2xxxx with users user00001... (default 3). */
  accounts?: number;
  /** Total orders; beyond the demo histories they are spread over the generated accounts. */
  orders?: number;
  /** One picture per product (default); false, or more than 5,000 products, shares a few per type. */
  images?: boolean;
  /** PRNG seed: the same number gives the same data (for the same day). */
  seed?: number;
  /** "Today" for relative dates (default now). */
  now?: Date;
}

export const DEFAULT_SEED = 4471;
export const DEFAULT_PRODUCTS = 2400;
const SHARED_IMAGES_ABOVE = 5000;

export async function seedDemo(handle: DbHandle, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  if (!(await isEmpty(handle))) throw new Error('seedDemo needs an empty database: reset it first');
  const summary = await handle.db.transaction().execute(async (trx) => {
    const run: SeedRun = {
      repos: seedRepositories(handle.db, trx),
      rng: new Rng(opts.seed ?? DEFAULT_SEED),
      today: (opts.now ?? new Date()).toISOString().slice(0, 10),
      summary: emptySummary(),
    };
    await seedSteps(run, opts);
    return run.summary;
  });
  await refreshStatistics(handle);
  summary.milliseconds = Math.round(performance.now() - started);
  return summary;
}

/** The steps in order; each hands on what the next ones need (ids, the priced products, the drafts). */
async function seedSteps(run: SeedRun, opts: SeedOptions): Promise<void> {
  const productCount = Math.max(1, Math.floor(opts.products ?? DEFAULT_PRODUCTS));
  const accountCount = Math.max(DEMO_ACCOUNTS.length, Math.floor(opts.accounts ?? DEMO_ACCOUNTS.length));
  const sharedImages = opts.images === false || productCount > SHARED_IMAGES_ABOVE;

  await run.repos.settings.setMany(demoSettings());
  const { products } = await seedCatalogue(run, productCount, sharedImages);
  const accounts = await seedAccounts(run, accountCount, DEMO_PASSWORD, products);
  await seedFavourites(run, accounts, products);
  const orders = await seedOrders(run, accounts.orderAccounts, products, opts.orders ?? 0);
  await seedCreditMemo(run, accounts.orderAccounts[0], orders, products);
  run.summary.invoices = orders.counters.invoice;
  // Each account's balance is what is still open on its invoices and credits.
  await run.repos.accounts.settleBalances();
}
