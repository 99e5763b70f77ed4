/**
 * Demo data: a realistic catalogue, three named demo logins with history, operator settings, and
 * for benchmarks any number of generated accounts and orders. Deterministic for a seed number
 * (dates are relative to today so the data always looks fresh). Amounts come from pricing.ts.
 */
import { sql, type Insertable, type Transaction } from 'kysely';
import type { DbHandle } from '../client.js';
import type { Database } from '../types.js';
import { hashPassword } from '../../modules/auth/password.js';
import { priceLine, totals } from '../../domain/pricing.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, generateAccount, type AccountSpec } from './accounts.js';
import { CATALOGUE, generateProducts, type ProductSpec } from './catalogue.js';
import { productImages, SHARED_PALETTE, SVG } from './images.js';
import {
  addDays,
  CREDIT_MEMO,
  INVOICE,
  LINE_TYPE_ITEM,
  makeOrder,
  settleGenerated,
  settleNamed,
  statusFor,
  weekdayDaysAgo,
  type OrderAccount,
  type OrderDraft,
  type PricedProduct,
} from './orders.js';
import { hashString, Rng } from './random.js';
import { demoSettings } from './settings.js';

export { DEMO_PASSWORD } from './accounts.js';
export { CARRIAGE_ITEM_NO, CREDIT_MEMO, INVOICE, LINE_TYPE_CHARGE, LINE_TYPE_ITEM } from './orders.js';

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

export const DEFAULT_SEED = 4471;
export const DEFAULT_PRODUCTS = 2400;
const SHARED_IMAGES_ABOVE = 5000;

/** Every data table, children before parents, so deleting in this order never breaks a foreign key. */
export const DATA_TABLES = [
  'counters',
  'payment_invoices',
  'payments',
  'idempotency_keys',
  'one_time_tokens',
  'refresh_tokens',
  'favourites',
  'basket_lines',
  'baskets',
  'order_tracking',
  'order_lines',
  'orders',
  'invoice_lines',
  'invoices',
  'product_images',
  'inbound_deliveries',
  'multibuy_tiers',
  'product_prices',
  'account_discounts',
  'products',
  'product_ranges',
  'product_types',
  'statements',
  'delivery_addresses',
  'users',
  'accounts',
  'settings',
] as const satisfies readonly (keyof Database)[];

/** True when the database has no accounts yet (what `npm start` seeds on). */
export async function isEmpty(handle: DbHandle): Promise<boolean> {
  const row = await handle.db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Delete every row of every data table, keeping the schema and the migration's reference data
 * (countries). Ids start again from 1. On SQLite the FTS index follows through its triggers.
 */
export async function resetDatabase(handle: DbHandle): Promise<void> {
  if (handle.engine === 'postgres') {
    await sql`truncate table ${sql.join(DATA_TABLES.map((t) => sql.table(t)))} restart identity cascade`.execute(
      handle.db,
    );
    return;
  }
  await handle.db.transaction().execute(async (trx) => {
    for (const table of DATA_TABLES) await trx.deleteFrom(table).execute();
    await sql`delete from sqlite_sequence where name in (${sql.join([...DATA_TABLES])})`.execute(trx);
  });
}

type Tx = Transaction<Database>;

/** Rows per insert: up to 500, fewer for wide rows so a statement stays under the engines' parameter limits. */
function* chunks<R extends object>(rows: readonly R[], maxRows = 500): Generator<R[]> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.min(maxRows, Math.floor(30_000 / Object.keys(first).length)));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function insertAll<T extends keyof Database & string>(
  trx: Tx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (const c of chunks(rows))
    await trx
      .insertInto(table)
      .values(c as never)
      .execute();
}

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

export async function seedDemo(handle: DbHandle, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const productCount = Math.max(1, Math.floor(opts.products ?? DEFAULT_PRODUCTS));
  const accountCount = Math.max(DEMO_ACCOUNTS.length, Math.floor(opts.accounts ?? DEMO_ACCOUNTS.length));
  const rng = new Rng(opts.seed ?? DEFAULT_SEED);
  const today = (opts.now ?? new Date()).toISOString().slice(0, 10);
  const sharedImages = opts.images === false || productCount > SHARED_IMAGES_ABOVE;

  if (!(await isEmpty(handle))) throw new Error('seedDemo needs an empty database: reset it first');
  // One hash for every demo user: hashing is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const summary = await handle.db.transaction().execute(async (trx) => {
    const summary: SeedSummary = {
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
    };
    await insertAll(trx, 'settings', demoSettings());
    const run: SeedRun = { trx, rng, today, summary };
    const { typeIds, products } = await seedCatalogue(run, productCount, sharedImages);
    const { accRng, orderAccounts, userIds } = await seedAccounts(run, accountCount, passwordHash, typeIds, products);
    await seedFavourites(run, accRng, orderAccounts, userIds, products);
    const { namedDrafts, counters } = await seedOrders(run, orderAccounts, products, opts.orders ?? 0);
    await seedCreditMemo(run, orderAccounts[0], namedDrafts[0], products, counters);
    summary.invoices = counters.invoice;
    await settleBalances(trx);

    return summary;
  });

  // Fresh statistics, so the first queries (and benchmarks) after a big seed get good plans.
  if (handle.engine === 'postgres') await sql`analyze`.execute(handle.db);
  else {
    await sql`pragma analysis_limit = 1000`.execute(handle.db);
    await sql`analyze`.execute(handle.db);
  }
  summary.milliseconds = Math.round(performance.now() - started);
  return summary;
}

/** What every step of seedDemo works with: the transaction, the seeded random numbers, today, the counts. */
interface SeedRun {
  trx: Tx;
  rng: Rng;
  today: string;
  summary: SeedSummary;
}

/** Step 1: product types and ranges, products, prices, multi-buy tiers, deliveries due, pictures. */
async function seedCatalogue({ trx, rng, today, summary }: SeedRun, productCount: number, sharedImages: boolean) {
  const typeIds: number[] = [];
  const rangeIds: number[][] = [];
  for (const [ti, type] of CATALOGUE.entries()) {
    const t = await trx
      .insertInto('product_types')
      .values({ name: type.name, sort: ti + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.push(t.id);
    const ranges = await trx
      .insertInto('product_ranges')
      .values(type.ranges.map((r, ri) => ({ product_type_id: t.id, name: r.name, sort: ri + 1 })))
      .returning(['id', 'name'])
      .execute();
    const byName = new Map(ranges.map((r) => [r.name, r.id]));
    rangeIds.push(type.ranges.map((r) => byName.get(r.name) ?? 0));
  }
  summary.productTypes = typeIds.length;
  summary.ranges = rangeIds.flat().length;

  const specs = generateProducts(rng.fork(1), productCount);
  const ids = new Map<string, number>();
  const productRows = specs.map((p) => ({
    item_number: p.itemNumber,
    description: p.description,
    product_type_id: typeIds[p.typeIndex] ?? 0,
    range_id: rangeIds[p.typeIndex]?.[p.rangeIndex] ?? 0,
    pack_quantity: p.packQuantity,
    unit: p.unit,
    stock: p.stock,
    active: 1,
    search_text: `${p.itemNumber} ${p.description}`.toLowerCase(),
  }));
  for (const c of chunks(productRows)) {
    const got = await trx.insertInto('products').values(c).returning(['id', 'item_number']).execute();
    for (const r of got) ids.set(r.item_number, r.id);
  }
  const idOf = (p: ProductSpec): number => ids.get(p.itemNumber) ?? 0;
  summary.products = specs.length;

  await insertAll(
    trx,
    'product_prices',
    specs.flatMap((p) => [
      { product_id: idOf(p), currency_code: 'GBP' as const, list_price_e5: p.price.GBP },
      { product_id: idOf(p), currency_code: 'EUR' as const, list_price_e5: p.price.EUR },
    ]),
  );
  const tierRows = specs.flatMap((p) =>
    (['GBP', 'EUR'] as const).flatMap((cur) =>
      p.tiers[cur].map((t) => ({
        product_id: idOf(p),
        currency_code: cur,
        minimum_quantity: t.minimumQuantity,
        price_e5: t.priceE5,
      })),
    ),
  );
  await insertAll(trx, 'multibuy_tiers', tierRows);
  summary.multiBuyProducts = specs.filter((p) => p.tiers.GBP.length > 0).length;
  const inboundRows = specs.flatMap((p) =>
    p.inbound.map((d) => ({ product_id: idOf(p), quantity: d.quantity, due_date: addDays(today, d.inDays) })),
  );
  await insertAll(trx, 'inbound_deliveries', inboundRows);
  summary.inboundDeliveries = inboundRows.length;

  const shared = new Map<string, [Buffer, Buffer]>();
  const imagesOf = (p: ProductSpec): [Buffer, Buffer] => {
    const type = CATALOGUE[p.typeIndex];
    const kind = type?.drawing ?? 'component';
    if (!sharedImages) return productImages({ kind, colour: p.colour, label: p.itemNumber, caption: p.description });
    const variant = hashString(p.itemNumber) % SHARED_PALETTE.length;
    const key = `${p.typeIndex}:${variant}`;
    let imgs = shared.get(key);
    if (!imgs) {
      imgs = productImages({ kind, colour: SHARED_PALETTE[variant] ?? '#888888', label: type?.name ?? '' });
      shared.set(key, imgs);
    }
    return imgs;
  };
  for (let i = 0; i < specs.length; i += 250) {
    const rows = specs.slice(i, i + 250).flatMap((p) => {
      const [thumb, large] = imagesOf(p);
      return [
        { product_id: idOf(p), image_type: 0, content_type: SVG, data: thumb },
        { product_id: idOf(p), image_type: 1, content_type: SVG, data: large },
      ];
    });
    await trx.insertInto('product_images').values(rows).execute();
    summary.images += rows.length;
  }

  const products: PricedProduct[] = specs.map((p) => ({
    id: idOf(p),
    itemNumber: p.itemNumber,
    description: p.description,
    unit: p.unit,
    packQuantity: p.packQuantity,
    typeIndex: p.typeIndex,
    isMotor: CATALOGUE[p.typeIndex]?.drawing === 'motor',
    list: p.price,
    tiers: {
      GBP: p.tiers.GBP.map((t) => ({ minimumQuantity: t.minimumQuantity, priceE5: t.priceE5 })),
      EUR: p.tiers.EUR.map((t) => ({ minimumQuantity: t.minimumQuantity, priceE5: t.priceE5 })),
    },
  }));
  return { typeIds, products };
}

/** Step 2: accounts, their users, type discounts, delivery addresses and statements. */
async function seedAccounts(
  { trx, rng, today, summary }: SeedRun,
  accountCount: number,
  passwordHash: string,
  typeIds: readonly number[],
  products: readonly PricedProduct[],
) {
  const accRng = rng.fork(2);
  let userSeq = 0;
  const accountSpecs: AccountSpec[] = [...DEMO_ACCOUNTS];
  for (let n = 1; accountSpecs.length < accountCount; n++)
    accountSpecs.push(generateAccount(accRng, n, () => ++userSeq));
  const createdAt = `${addDays(today, -420)}T09:00:00.000Z`;
  const accountIds = new Map<string, number>();
  const accountRows = accountSpecs.map((a) => ({
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
    is_proforma: a.isProforma ? 1 : 0,
    disabled: 0,
    vat_rate_bp: a.vatRateBp,
    discount_bp: a.discountBp,
    carriage_minor: a.carriageMinor,
    carriage_free_over_minor: a.carriageFreeOverMinor,
    created_at: createdAt,
  }));
  for (const c of chunks(accountRows)) {
    const got = await trx.insertInto('accounts').values(c).returning(['id', 'customer_number']).execute();
    for (const r of got) accountIds.set(r.customer_number, r.id);
  }
  summary.accounts = accountSpecs.length;
  const accountId = (a: AccountSpec) => accountIds.get(a.customerNumber) ?? 0;

  const userRows = accountSpecs.flatMap((a) =>
    a.users.map((u) => ({
      account_id: accountId(a),
      username: u.username,
      password_hash: passwordHash,
      name: u.name,
      job_title: u.jobTitle,
      email: u.email,
      disabled: 0,
      created_at: createdAt,
      password_changed_at: createdAt,
    })),
  );
  const userIds = new Map<string, number>();
  for (const c of chunks(userRows)) {
    const got = await trx.insertInto('users').values(c).returning(['id', 'username']).execute();
    for (const r of got) userIds.set(r.username, r.id);
  }
  summary.users = userRows.length;

  const typeIndexByName = new Map(CATALOGUE.map((t, i) => [t.name, i]));
  await insertAll(
    trx,
    'account_discounts',
    accountSpecs.flatMap((a) =>
      Object.entries(a.typeDiscounts).map(([name, bp]) => ({
        account_id: accountId(a),
        product_type_id: typeIds[typeIndexByName.get(name) ?? -1] ?? 0,
        discount_bp: bp,
      })),
    ),
  );
  await insertAll(
    trx,
    'delivery_addresses',
    accountSpecs.flatMap((a) =>
      a.addresses.map((d) => ({
        account_id: accountId(a),
        reference: d.reference,
        name: d.name,
        address1: d.address1,
        address2: d.address2,
        city: d.city,
        county: d.county,
        country: d.country,
        postcode: d.postcode,
        phone_number: d.phoneNumber,
      })),
    ),
  );
  const [y, m] = today.split('-').map(Number) as [number, number];
  const statementRows = accountSpecs.flatMap((a) =>
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
  await insertAll(trx, 'statements', statementRows);
  summary.statements = statementRows.length;

  const orderAccounts: OrderAccount[] = accountSpecs.map((a, i) => {
    const regulars = new Set<number>();
    const want = Math.min(products.length, i === 0 ? 15 : i < DEMO_ACCOUNTS.length ? 10 : 8);
    while (regulars.size < want) regulars.add(accRng.int(0, products.length - 1));
    const byType = new Map<number, number>();
    for (const [name, bp] of Object.entries(a.typeDiscounts)) byType.set(typeIndexByName.get(name) ?? -1, bp);
    return {
      id: accountId(a),
      spec: a,
      userIds: a.users.map((u) => userIds.get(u.username) ?? 0),
      discountFor: (typeIndex: number) => byType.get(typeIndex) ?? a.discountBp,
      regulars: [...regulars],
    };
  });
  return { accRng, orderAccounts, userIds };
}

/** Step 3: each user's favourites, partly from the account's regular items. */
async function seedFavourites(
  { trx, today }: SeedRun,
  accRng: Rng,
  orderAccounts: readonly OrderAccount[],
  userIds: ReadonlyMap<string, number>,
  products: readonly PricedProduct[],
) {
  const favouriteRows = orderAccounts.flatMap((acc) =>
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
  );
  await insertAll(trx, 'favourites', favouriteRows);
}

/** Step 4: the demo accounts' order histories and any generated orders, with their invoices, in date order. */
async function seedOrders(
  { trx, rng, today, summary }: SeedRun,
  orderAccounts: readonly OrderAccount[],
  products: readonly PricedProduct[],
  orderCount: number,
) {
  const orderRng = rng.fork(3);
  type PlanItem = { daysAgo: number; acc: number; draft?: OrderDraft };
  const plan: PlanItem[] = [];
  const namedDrafts: OrderDraft[][] = [];
  DEMO_ACCOUNTS.forEach((spec, i) => {
    const acc = orderAccounts[i];
    const h = spec.history;
    if (!acc || !h) return;
    const days = [...h.recent, ...Array.from({ length: h.older }, () => orderRng.int(h.olderFrom, h.olderTo))]
      .map((d) => weekdayDaysAgo(today, d))
      .sort((a, b) => b - a);
    // The credit account cancelled a couple of orders (one a few weeks ago), the euro account one.
    const cancelled = new Set(spec.policy === 'demo' ? [4, days.length - 12] : spec.policy === 'euro' ? [6] : []);
    const drafts = days.map((d, k) =>
      makeOrder(orderRng, acc, products, today, d, cancelled.has(k) ? 'Cancelled' : statusFor(orderRng, d, true)),
    );
    settleNamed(drafts, spec.policy, today);
    namedDrafts.push(drafts);
    for (const draft of drafts) plan.push({ daysAgo: draft.daysAgo, acc: i, draft });
  });
  const extra = Math.max(0, Math.floor(orderCount) - plan.length);
  const targets =
    orderAccounts.length > DEMO_ACCOUNTS.length ? orderAccounts.length - DEMO_ACCOUNTS.length : orderAccounts.length;
  const firstTarget = orderAccounts.length - targets;
  for (let i = 0; i < extra; i++) {
    plan.push({
      daysAgo: weekdayDaysAgo(today, orderRng.int(0, 364)),
      acc: firstTarget + orderRng.int(0, targets - 1),
    });
  }
  plan.sort((a, b) => b.daysAgo - a.daysAgo); // stable: equal days keep their order

  const counters = { order: 0, invoice: 0 };
  for (let i = 0; i < plan.length; i += 2000) {
    const drafts = plan.slice(i, i + 2000).map((item) => {
      if (item.draft) return item.draft;
      const acc = orderAccounts[item.acc] as OrderAccount;
      const draft = makeOrder(orderRng, acc, products, today, item.daysAgo, statusFor(orderRng, item.daysAgo, false));
      settleGenerated(orderRng, draft, today);
      return draft;
    });
    const written = await writeOrders(trx, drafts, counters);
    summary.orderLines += written.lines;
  }
  summary.orders = counters.order;
  return { namedDrafts, counters };
}

/** Step 5: one open credit memo on the credit account, for goods returned from a recent shipment. */
async function seedCreditMemo(
  { trx, today }: SeedRun,
  demo: OrderAccount | undefined,
  namedDrafts: readonly OrderDraft[] | undefined,
  products: readonly PricedProduct[],
  counters: { order: number; invoice: number },
) {
  const source = namedDrafts?.filter((d) => d.status === 'Shipped' && d.daysAgo >= 15).at(-1);
  const returned = source?.lines
    .filter((l) => l.type === LINE_TYPE_ITEM)
    .sort((a, b) => b.totalMinor - a.totalMinor)[0];
  const product = returned && products.find((p) => p.id === returned.productId);
  if (demo && source && returned && product) {
    const cur = demo.spec.currency;
    const qty = Math.min(2, returned.quantity);
    const priced = priceLine(product.list[cur], { discountBp: demo.discountFor(product.typeIndex) }, [], -qty);
    const t = totals([priced.totalMinor], { carriageMinor: 0, freeOverMinor: 0 }, demo.spec.vatRateBp);
    const posting = addDays(today, -weekdayDaysAgo(today, Math.min(10, source.daysAgo - 3)));
    const doc = `SCM-${100000 + 1}`;
    const cm = await trx
      .insertInto('invoices')
      .values({
        account_id: demo.id,
        document_number: doc,
        document_type: CREDIT_MEMO,
        posting_date: posting,
        due_date: posting,
        reference: source.reference,
        description: `Credit: damaged in transit, ${source.orderNumber ?? ''}`.trim(),
        order_number: source.orderNumber ?? '',
        currency_code: cur,
        amount_minor: t.amountMinor,
        vat_minor: t.vatMinor,
        original_minor: t.totalMinor,
        remaining_minor: t.totalMinor,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('invoice_lines')
      .values({
        invoice_id: cm.id,
        line_no: 1,
        type: LINE_TYPE_ITEM,
        item_no: returned.itemNo,
        description: returned.description,
        quantity: -qty,
        unit: returned.unit,
        unit_price_e5: priced.unitPriceE5,
        line_discount_bp: priced.discountBp,
        total_minor: priced.totalMinor,
      })
      .execute();
    counters.invoice++;
  }
}

/** Step 6: each account's balance is what is still open on its invoices and credits. */
async function settleBalances(trx: Tx) {
  await sql`update accounts set balance_minor = coalesce((select sum(i.remaining_minor) from invoices i where i.account_id = accounts.id), 0)`.execute(
    trx,
  );
}

async function writeOrders(
  trx: Tx,
  drafts: readonly OrderDraft[],
  counters: { order: number; invoice: number },
): Promise<{ lines: number }> {
  const orderRows = drafts.map((d) => {
    d.orderNumber = `SO-${200000 + ++counters.order}`;
    const spec = d.account.spec;
    return {
      order_number: d.orderNumber,
      account_id: d.account.id,
      user_id: d.userId,
      reference: d.reference,
      status: d.status,
      location: spec.location,
      ordered_date: d.orderedDate,
      despatch_date: d.despatchDate,
      currency_code: spec.currency,
      amount_minor: d.amountMinor,
      vat_minor: d.vatMinor,
      total_minor: d.totalMinor,
      address_reference: d.delivery.addressReference,
      delivery_name: d.delivery.name,
      delivery_address1: d.delivery.address1,
      delivery_address2: d.delivery.address2,
      delivery_city: d.delivery.city,
      delivery_county: d.delivery.county,
      delivery_country: d.delivery.country,
      delivery_contact: d.delivery.contact,
      delivery_postcode: d.delivery.postcode,
      delivery_phone: d.delivery.phone,
      source_basket_id: null,
      source_revision: null,
      payment_id: null,
      created_at: d.createdAt,
      updated_at: d.despatchDate ? `${d.despatchDate}T16:30:00.000Z` : d.createdAt,
    };
  });
  const orderIds = new Map<string, number>();
  for (const c of chunks(orderRows)) {
    const got = await trx.insertInto('orders').values(c).returning(['id', 'order_number']).execute();
    for (const r of got) orderIds.set(r.order_number, r.id);
  }

  const lineRows: Insertable<Database['order_lines']>[] = [];
  const trackingRows: Insertable<Database['order_tracking']>[] = [];
  const invoiceRows: Insertable<Database['invoices']>[] = [];
  const invoiced: [string, OrderDraft][] = [];
  for (const d of drafts) {
    const orderId = orderIds.get(d.orderNumber ?? '') ?? 0;
    const location = d.account.spec.location;
    d.lines.forEach((l, k) =>
      lineRows.push({
        order_id: orderId,
        line_no: k + 1,
        type: l.type,
        product_id: l.productId,
        item_no: l.itemNo,
        description: l.description,
        quantity: l.quantity,
        quantity_shipped: l.quantityShipped,
        location,
        unit: l.unit,
        unit_price_e5: l.unitPriceE5,
        line_discount_bp: l.discountBp,
        total_minor: l.totalMinor,
      }),
    );
    for (const t of d.tracking)
      trackingRows.push({
        order_id: orderId,
        tracking_id: t,
        created_at: `${d.despatchDate ?? d.orderedDate}T16:30:00.000Z`,
      });
    if (d.invoice) {
      const doc = `SI-${100000 + ++counters.invoice}`;
      invoiced.push([doc, d]);
      invoiceRows.push({
        account_id: d.account.id,
        document_number: doc,
        document_type: INVOICE,
        posting_date: d.invoice.postingDate,
        due_date: d.invoice.dueDate,
        reference: d.reference,
        description: `Order ${d.orderNumber ?? ''}`,
        order_number: d.orderNumber ?? '',
        currency_code: d.account.spec.currency,
        amount_minor: d.amountMinor,
        vat_minor: d.vatMinor,
        original_minor: d.totalMinor,
        remaining_minor: d.invoice.remainingMinor,
      });
    }
  }
  await insertAll(trx, 'order_lines', lineRows);
  await insertAll(trx, 'order_tracking', trackingRows);

  const invoiceIds = new Map<string, number>();
  for (const c of chunks(invoiceRows)) {
    const got = await trx.insertInto('invoices').values(c).returning(['id', 'document_number']).execute();
    for (const r of got) invoiceIds.set(r.document_number, r.id);
  }
  const invoiceLineRows = invoiced.flatMap(([doc, d]) =>
    d.lines.map((l, k) => ({
      invoice_id: invoiceIds.get(doc) ?? 0,
      line_no: k + 1,
      type: l.type,
      item_no: l.itemNo,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unit_price_e5: l.unitPriceE5,
      line_discount_bp: l.discountBp,
      total_minor: l.totalMinor,
    })),
  );
  await insertAll(trx, 'invoice_lines', invoiceLineRows);
  return { lines: lineRows.length };
}
