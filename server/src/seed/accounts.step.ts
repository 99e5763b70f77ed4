/**
 * Seed steps 2 and 3: the accounts with their users and statements (fixtures: run.ts), their type
 * discounts and delivery addresses (through the ERP's account upsert), then each user's favourites.
 */
import type { accountUpsertItem } from '@wholesale/contract';
import type { z } from 'zod';
import { SUPPLIER_CREATED_ROLE } from '../modules/auth/customer-users.service.js';
import { DEMO_ACCOUNTS, generateAccount, type AccountSpec } from './accounts.js';
import { CATALOGUE } from './catalogue.js';
import { addDays, type OrderAccount, type PricedProduct } from './orders.js';
import type { Rng } from './random.js';
import type { SeedRun } from './run.js';

export interface SeededAccounts {
  /** The accounts' random numbers, which the favourites go on drawing from. */
  accRng: Rng;
  orderAccounts: OrderAccount[];
  userIds: ReadonlyMap<string, number>;
}

type AccountIdOf = (a: AccountSpec) => number;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const typeIndexByName = new Map(CATALOGUE.map((t, i) => [t.name, i]));

export async function seedAccounts(
  run: SeedRun,
  accountCount: number,
  password: string,
  products: readonly PricedProduct[],
): Promise<SeededAccounts> {
  const accRng = run.rng.fork(2);
  const specs = accountSpecs(accRng, accountCount);
  const createdAt = `${addDays(run.today, -420)}T09:00:00.000Z`;
  const ids = await insertAccounts(run, specs, createdAt);
  const accountId: AccountIdOf = (a) => ids.get(a.customerNumber) ?? 0;
  const userIds = await seedUsers(run, specs, accountId, password, createdAt);
  await seedDiscountsAndAddresses(run, specs);
  await seedStatements(run, specs, accountId);
  const orderAccounts = specs.map((a, i) => orderAccount(accRng, a, i, accountId(a), userIds, products.length));
  return { accRng, orderAccounts, userIds };
}

/** The named demo accounts, then generated ones (C2xxxx, users user00001...) up to the count. */
function accountSpecs(accRng: Rng, accountCount: number): AccountSpec[] {
  let userSeq = 0;
  const specs: AccountSpec[] = [...DEMO_ACCOUNTS];
  for (let n = 1; specs.length < accountCount; n++) specs.push(generateAccount(accRng, n, () => ++userSeq));
  return specs;
}

async function insertAccounts({ repos, summary }: SeedRun, specs: readonly AccountSpec[], createdAt: string) {
  const ids = await repos.accounts.insertAccounts(
    specs.map((a) => ({
      customer_number: a.customerNumber,
      name: a.name,
      contact: a.contact,
      currency_code: a.currency,
      country: a.country,
      address1: a.address1,
      address2: a.address2,
      city: a.city,
      county: a.county,
      postcode: a.postcode,
      email: a.email,
      phone_number: a.phoneNumber,
      fax_number: a.faxNumber,
      credit_limit_minor: a.creditLimitMinor,
      balance_minor: 0,
      on_stop: a.onStop ? 1 : 0,
      // The demo portal is fed by an ERP, which owns these two (the back office says so), set when the account was.
      credit_limit_source: 'erp',
      credit_limit_changed_at: createdAt,
      on_stop_source: 'erp',
      on_stop_changed_at: createdAt,
      is_proforma: a.isProforma ? 1 : 0,
      disabled: 0,
      vat_rate_bp: a.vatRateBp,
      discount_bp: a.discountBp,
      carriage_minor: a.carriageMinor,
      carriage_free_over_minor: a.carriageFreeOverMinor,
      created_at: createdAt,
    })),
  );
  summary.accounts = specs.length;
  return ids;
}

/**
 * Every user with the one demo password, through the customer users' service (its username and
 * password rules, and the role a supplier-created user gets); answers their ids by username.
 */
async function seedUsers(
  { repos, summary }: SeedRun,
  specs: readonly AccountSpec[],
  accountId: AccountIdOf,
  password: string,
  createdAt: string,
) {
  const users = specs.flatMap((a) => a.users.map((u) => ({ ...u, accountId: accountId(a) })));
  const ids = await repos.users.createDemoUsers(users, { password, createdAt });
  summary.users = users.length;
  return ids;
}

/** An amount in minor units (or basis points) as the ERP sends it: '1234.50'. */
const decimal = (minor: number) => (minor / 100).toFixed(2);

/**
 * Each account's type discounts and delivery addresses through the ERP's account upsert (the contract's
 * item, over the seed's transaction), so the rules that check and replace them live once: a product
 * type and a country must exist. The account's own columns are sent as they were just stored, so
 * its row is left as it is (back-dated, with its fax number: see run.ts).
 */
async function seedDiscountsAndAddresses({ repos }: SeedRun, specs: readonly AccountSpec[]) {
  const items: z.input<typeof accountUpsertItem>[] = specs.map((a) => ({
    customerNumber: a.customerNumber,
    name: a.name,
    currency: a.currency,
    paymentTerms: a.isProforma ? 'proforma' : 'credit',
    creditLimit: decimal(a.creditLimitMinor),
    onStop: a.onStop,
    enabled: true,
    balance: '0',
    vatPercent: decimal(a.vatRateBp),
    discountPercent: decimal(a.discountBp),
    productTypeDiscounts: Object.entries(a.typeDiscounts).map(([productType, bp]) => ({
      productType,
      percent: decimal(bp),
    })),
    carriage: { charge: decimal(a.carriageMinor), freeOver: decimal(a.carriageFreeOverMinor) },
    invoiceAddress: {
      contact: a.contact,
      address1: a.address1,
      address2: a.address2,
      city: a.city,
      county: a.county,
      postcode: a.postcode,
      country: a.country,
      email: a.email,
      phone: a.phoneNumber,
    },
    deliveryAddresses: a.addresses.map((d) => ({
      reference: d.reference,
      name: d.name,
      address1: d.address1,
      address2: d.address2,
      city: d.city,
      county: d.county,
      country: d.country,
      postcode: d.postcode,
      phone: d.phoneNumber,
    })),
  }));
  await repos.upserts.upsertAccounts(items, { atomic: true });
}

/** Monthly statements of the last complete months. */
async function seedStatements(
  { repos, today, summary }: SeedRun,
  specs: readonly AccountSpec[],
  accountId: AccountIdOf,
) {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const rows = specs.flatMap((a) =>
    Array.from({ length: a.statements }, (_, k) => {
      const start = new Date(Date.UTC(y, m - 2 - k, 1));
      const end = new Date(Date.UTC(y, m - 1 - k, 0));
      const yyyy = start.getUTCFullYear();
      const mm = String(start.getUTCMonth() + 1).padStart(2, '0');
      return {
        account_id: accountId(a),
        name: `Statement ${MONTHS[start.getUTCMonth()]} ${yyyy}`,
        filename: `${a.customerNumber}-${yyyy}-${mm}`,
        period_start: start.toISOString().slice(0, 10),
        period_end: end.toISOString().slice(0, 10),
      };
    }),
  );
  await repos.accounts.insertStatements(rows);
  summary.statements = rows.length;
}

/** What the order history needs of an account, with the products it orders again and again. */
function orderAccount(
  accRng: Rng,
  a: AccountSpec,
  index: number,
  id: number,
  userIds: ReadonlyMap<string, number>,
  productCount: number,
): OrderAccount {
  const regulars = new Set<number>();
  const want = Math.min(productCount, index === 0 ? 15 : index < DEMO_ACCOUNTS.length ? 10 : 8);
  while (regulars.size < want) regulars.add(accRng.int(0, productCount - 1));
  const byType = new Map<number, number>();
  for (const [name, bp] of Object.entries(a.typeDiscounts)) byType.set(typeIndexByName.get(name) ?? -1, bp);
  return {
    id,
    spec: a,
    // The order history is the admins' (the demo's buyer starts the month with an unused budget).
    userIds: a.users
      .filter((u) => (u.role ?? SUPPLIER_CREATED_ROLE) === 'admin')
      .map((u) => userIds.get(u.username) ?? 0),
    discountFor: (typeIndex: number) => byType.get(typeIndex) ?? a.discountBp,
    regulars: [...regulars],
  };
}

/** Step 3: each user's favourites, partly from the account's regular items (other users of the account half as many). */
export async function seedFavourites(
  { repos, today }: SeedRun,
  { accRng, orderAccounts, userIds }: SeededAccounts,
  products: readonly PricedProduct[],
) {
  await repos.products.insertFavourites(
    orderAccounts.flatMap((acc) =>
      acc.spec.users.flatMap((u, ui) => {
        const count = ui === 0 ? acc.spec.favourites : Math.floor(acc.spec.favourites / 2);
        const picked = new Set<number>(acc.regulars.slice(0, Math.floor(count / 2)));
        while (picked.size < Math.min(count, products.length)) picked.add(accRng.int(0, products.length - 1));
        return [...picked].map((idx, k) => ({
          user_id: userIds.get(u.username) ?? 0,
          product_id: products[idx]?.id ?? 0,
          created_at: `${addDays(today, -90 + k)}T10:00:00.000Z`,
        }));
      }),
    ),
  );
}
