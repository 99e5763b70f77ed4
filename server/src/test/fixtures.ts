import type { CurrencyCode, TeamRole } from '@wholesale/contract';
import type { Db } from '../db/client.js';
import type { NewAccount } from '../db/types.js';
import { hashPassword } from '../lib/password.js';
import { nowIso } from '../lib/time.js';

let seq = 0;

/** A trade account with sensible defaults; tests override what they exercise. */
export async function insertAccount(db: Db, overrides: Partial<NewAccount> = {}): Promise<number> {
  seq += 1;
  const row = await db
    .insertInto('accounts')
    .values({
      customer_number: `T${process.pid}${seq}`,
      name: `Test Trade ${seq} Ltd`,
      contact: 'Pat Tester',
      currency_code: 'GBP',
      country: 'United Kingdom (Mainland)',
      address1: '1 Test Street',
      address2: '',
      city: 'Bristol',
      county: 'Avon',
      postcode: 'BS1 1AA',
      email: `accounts${seq}@test.example`,
      phone_number: '01170000000',
      fax_number: '',
      credit_limit_minor: 500_000,
      balance_minor: 0,
      on_stop: 0,
      is_proforma: 0,
      disabled: 0,
      vat_rate_bp: 2000,
      discount_bp: 1000,
      carriage_minor: 995,
      carriage_free_over_minor: 25_000,
      created_at: nowIso(),
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertUser(
  db: Db,
  accountId: number,
  username: string,
  password = 'Portal-test-1',
  overrides: {
    disabled?: number;
    name?: string;
    role?: TeamRole;
    orderLimitMinor?: number | null;
    monthlyBudgetMinor?: number | null;
  } = {},
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      account_id: accountId,
      username,
      password_hash: await hashPassword(password, 10),
      name: overrides.name ?? `User ${username}`,
      job_title: 'Buyer',
      email: `${username}@test.example`,
      disabled: overrides.disabled ?? 0,
      created_at: now,
      password_changed_at: now,
      team_role: overrides.role ?? 'admin',
      order_limit_minor: overrides.orderLimitMinor ?? null,
      monthly_budget_minor: overrides.monthlyBudgetMinor ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A product with prices (and optional tiers), creating its type and range on first use. */
export async function insertProduct(
  db: Db,
  p: {
    itemNumber: string;
    description?: string;
    type?: string;
    range?: string;
    stock?: number;
    unit?: string;
    packQuantity?: number;
    gbpE5: number;
    eurE5?: number;
    tiers?: { currency: CurrencyCode; minimumQuantity: number; priceE5: number }[];
    active?: number;
  },
): Promise<{ productId: number; typeId: number; rangeId: number }> {
  const typeName = p.type ?? 'Roller Blinds';
  const rangeName = p.range ?? 'Blackout Fabrics';
  let type = await db.selectFrom('product_types').select('id').where('name', '=', typeName).executeTakeFirst();
  type ??= await db
    .insertInto('product_types')
    .values({ name: typeName, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  let range = await db
    .selectFrom('product_ranges')
    .select('id')
    .where('product_type_id', '=', type.id)
    .where('name', '=', rangeName)
    .executeTakeFirst();
  range ??= await db
    .insertInto('product_ranges')
    .values({ product_type_id: type.id, name: rangeName, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const description = p.description ?? `Test product ${p.itemNumber}`;
  const product = await db
    .insertInto('products')
    .values({
      item_number: p.itemNumber,
      description,
      product_type_id: type.id,
      range_id: range.id,
      pack_quantity: p.packQuantity ?? 1,
      unit: p.unit ?? 'EACH',
      stock: p.stock ?? 100,
      active: p.active ?? 1,
      search_text: `${p.itemNumber} ${description}`.toLowerCase(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_prices')
    .values([
      { product_id: product.id, currency_code: 'GBP', list_price_e5: p.gbpE5 },
      { product_id: product.id, currency_code: 'EUR', list_price_e5: p.eurE5 ?? Math.round(p.gbpE5 * 1.17) },
    ])
    .execute();
  if (p.tiers?.length)
    await db
      .insertInto('multibuy_tiers')
      .values(
        p.tiers.map((t) => ({
          product_id: product.id,
          currency_code: t.currency,
          minimum_quantity: t.minimumQuantity,
          price_e5: t.priceE5,
        })),
      )
      .execute();
  return { productId: product.id, typeId: type.id, rangeId: range.id };
}
