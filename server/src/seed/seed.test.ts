import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ORDER_STATUSES } from '@wholesale/contract';
import type { DbHandle } from '../db/client.js';
import { testEngines } from '../db/testing.js';
import { verifyPassword } from '../lib/password.js';
import { databaseFingerprint } from '../test/db-fingerprint.js';
import { DATA_TABLES, isEmpty, resetDatabase } from '../db/maintenance.js';
import { DEMO_PASSWORD, seedDemo } from './index.js';

const NOW = new Date('2026-11-18T10:00:00Z');

/**
 * What the demo seed writes for NOW and the default seed number, table by table (rows:hash of every
 * row, ids included; test/db-fingerprint.ts), on either engine. Recorded from the seed that wrote its
 * own SQL, before it went through the repositories: the e2e journeys and many tests rely on these
 * rows. A deliberate change to the demo data changes it: paste the new values from the failure.
 */
const DEMO_FINGERPRINT = {
  account_discounts: '6:582b633a715b91c0',
  accounts: '3:667752253e6d38ba',
  delivery_addresses: '4:832b5f45e598f0b8',
  favourites: '45:fb168b0d15eab2aa',
  inbound_deliveries: '979:dae91817b6ac0d18',
  invoice_lines: '288:cf7ab076de00dbc0',
  invoices: '60:ee41903dc203f38f',
  multibuy_tiers: '2034:7b673331ca7c73ea',
  order_lines: '357:88aec3fa0597bea7',
  order_tracking: '78:58ea5edc45c935ea',
  orders: '72:7ad0a7a8a6559e50',
  product_images: '4800:5a8c6edcc66bc330',
  product_prices: '4800:be5cb63bb5e75570',
  product_ranges: '42:0287f025f8b61dfa',
  product_types: '9:f04d46c39310aadc',
  products: '2400:97402985fef79d37',
  settings: '14:1f20e54d7daadeb5',
  statements: '12:a722c558a65befc2',
  users: '7:e7ca0551906abb23',
};

/** The same for 400 products, 23 accounts and 600 orders (generated accounts and orders). */
const GENERATED_FINGERPRINT = {
  account_discounts: '19:89907aa6c74f72c6',
  accounts: '23:05cd57b1d0fff7ae',
  delivery_addresses: '16:1b91094d27b949b2',
  favourites: '85:1d87f6f825134b8a',
  inbound_deliveries: '149:15f7526f1a6979e1',
  invoice_lines: '2803:c530a02bf8cd98f8',
  invoices: '555:23d4b552234134e1',
  multibuy_tiers: '348:593037cdc1f850d7',
  order_lines: '3036:7a5c52c4526fcce6',
  order_tracking: '714:71419c1501996044',
  orders: '600:0d2c40ec561aa15b',
  product_images: '800:1ea20634d18c0a72',
  product_prices: '800:4557344a4eb431e9',
  product_ranges: '42:0287f025f8b61dfa',
  product_types: '9:f04d46c39310aadc',
  products: '400:a9a7f7539c5610ea',
  settings: '14:1f20e54d7daadeb5',
  statements: '52:0dccd25f7e70d03b',
  users: '37:c8db2a0ccb03a96c',
};

/** A digest of the seeded content (no ids, no password hash), to compare two seeds. */
async function digest(handle: DbHandle): Promise<string> {
  const db = handle.db;
  const parts = [
    await db
      .selectFrom('products')
      .select(['item_number', 'description', 'unit', 'pack_quantity', 'stock', 'search_text'])
      .orderBy('item_number')
      .execute(),
    await db
      .selectFrom('product_prices as pp')
      .innerJoin('products as p', 'p.id', 'pp.product_id')
      .select(['p.item_number', 'pp.currency_code', 'pp.list_price_e5'])
      .orderBy('p.item_number')
      .orderBy('pp.currency_code')
      .execute(),
    await db
      .selectFrom('accounts')
      .select(['customer_number', 'name', 'balance_minor', 'credit_limit_minor'])
      .orderBy('customer_number')
      .execute(),
    await db
      .selectFrom('orders')
      .select([
        'order_number',
        'reference',
        'status',
        'ordered_date',
        'despatch_date',
        'amount_minor',
        'vat_minor',
        'total_minor',
      ])
      .orderBy('order_number')
      .execute(),
    await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['o.order_number', 'l.line_no', 'l.item_no', 'l.quantity', 'l.unit_price_e5', 'l.total_minor'])
      .orderBy('o.order_number')
      .orderBy('l.line_no')
      .execute(),
    await db
      .selectFrom('invoices')
      .select(['document_number', 'posting_date', 'original_minor', 'remaining_minor'])
      .orderBy('document_number')
      .execute(),
    await db.selectFrom('order_tracking').select('tracking_id').orderBy('tracking_id').execute(),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The fingerprint of the tables that hold rows (every other table must be empty). */
const filledTables = async (handle: DbHandle): Promise<Record<string, string>> =>
  Object.fromEntries(Object.entries(await databaseFingerprint(handle)).filter(([, v]) => !v.startsWith('0:')));

const count = async (handle: DbHandle, table: (typeof DATA_TABLES)[number]): Promise<number> => {
  const r = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
};

describe.each(testEngines())('demo seed on $name', (engine) => {
  let handle: DbHandle;
  let first: string;
  let fingerprint: Record<string, string>;

  beforeAll(async () => {
    handle = await engine.open();
    expect(await isEmpty(handle)).toBe(true);
    await seedDemo(handle, { now: NOW });
    first = await digest(handle);
    fingerprint = await filledTables(handle);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('creates a catalogue of at least 2,000 products in 6+ types and 30+ ranges', async () => {
    expect(await count(handle, 'products')).toBeGreaterThanOrEqual(2000);
    expect(await count(handle, 'product_types')).toBeGreaterThanOrEqual(6);
    expect(await count(handle, 'product_ranges')).toBeGreaterThanOrEqual(30);
    const stock = await handle.db
      .selectFrom('products')
      .select([
        sql<number>`sum(case when stock = 0 then 1 else 0 end)`.as('out'),
        sql<number>`sum(case when stock >= 1000 then 1 else 0 end)`.as('big'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(stock.out)).toBeGreaterThan(0);
    expect(Number(stock.big)).toBeGreaterThan(0);
    const sample = await handle.db
      .selectFrom('products')
      .selectAll()
      .where('item_number', '=', 'RB-BLK-0001')
      .executeTakeFirstOrThrow();
    expect(sample.search_text).toBe(`${sample.item_number} ${sample.description}`.toLowerCase());
    expect(sample.description).toMatch(/^Roller blind fabric \w+ Blackout .+ \d+cm wide$/);
  });

  it('prices every product in GBP and EUR, with multi-buy tiers and inbound deliveries on some', async () => {
    const products = await count(handle, 'products');
    expect(await count(handle, 'product_prices')).toBe(products * 2);
    const tiered = await handle.db
      .selectFrom('multibuy_tiers')
      .select(sql<number>`count(distinct product_id)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tiered.n) / products).toBeGreaterThan(0.1);
    expect(Number(tiered.n) / products).toBeLessThan(0.2);
    const inbound = await handle.db
      .selectFrom('inbound_deliveries')
      .select([sql<number>`count(distinct product_id)`.as('n'), sql<string>`min(due_date)`.as('first')])
      .executeTakeFirstOrThrow();
    expect(Number(inbound.n) / products).toBeGreaterThan(0.15);
    expect(inbound.first > '2026-11-18').toBe(true);
    // Small components carry more than 2 decimals.
    const fine = await handle.db
      .selectFrom('product_prices')
      .select('list_price_e5')
      .where(sql<boolean>`list_price_e5 % 1000 <> 0`)
      .limit(1)
      .execute();
    expect(fine.length).toBe(1);
  });

  it('stores a thumbnail and a large SVG for every product', async () => {
    const products = await count(handle, 'products');
    for (const type of [0, 1]) {
      const r = await handle.db
        .selectFrom('product_images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('image_type', '=', type)
        .where('content_type', '=', 'image/svg+xml')
        .executeTakeFirstOrThrow();
      expect(Number(r.n)).toBe(products);
    }
    const img = await handle.db
      .selectFrom('product_images as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.data', 'i.image_type'])
      .where('p.item_number', '=', 'VN-A25-0001')
      .orderBy('i.image_type')
      .execute();
    const [thumb, large] = img.map((r) => Buffer.from(r.data).toString('utf8'));
    expect(thumb).toContain('width="120" height="120"');
    expect(thumb).toContain('VN-A25-0001');
    expect(large).toContain('width="800" height="600"');
    expect(Buffer.byteLength(large ?? '')).toBeLessThan(2500);
  });

  it('creates the demo, proforma and euro accounts with their flags and currencies', async () => {
    const accounts = await handle.db
      .selectFrom('accounts as a')
      .innerJoin('users as u', 'u.account_id', 'a.id')
      .select([
        'u.username',
        'u.password_hash',
        'a.customer_number',
        'a.currency_code',
        'a.country',
        'a.is_proforma',
        'a.on_stop',
        'a.vat_rate_bp',
      ])
      .orderBy('u.username')
      .execute();
    const by = Object.fromEntries(accounts.map((a) => [a.username, a]));
    expect(Object.keys(by)).toEqual(['demo', 'demo2', 'demo3', 'demo4', 'euro', 'proforma', 'proforma2']);
    expect(by.demo).toMatchObject({
      customer_number: 'C10001',
      currency_code: 'GBP',
      country: 'United Kingdom (Mainland)',
      is_proforma: 0,
      on_stop: 0,
      vat_rate_bp: 2000,
    });
    expect(by.demo2?.customer_number).toBe('C10001');
    // Team accounts: demo and demo2 are account admins; demo3 a buyer with limits who has placed
    // nothing (the month's budget starts unused), demo4 an approver, all on the demo account.
    const team = await handle.db
      .selectFrom('users')
      .select((eb) => [
        'username',
        'team_role',
        'order_limit_minor',
        'monthly_budget_minor',
        eb
          .selectFrom('orders')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('orders.user_id', '=', 'users.id')
          .as('orders'),
      ])
      .where('username', 'in', ['demo', 'demo2', 'demo3', 'demo4'])
      .orderBy('username')
      .execute();
    expect(
      team.map((u) => [
        u.username,
        u.team_role,
        u.order_limit_minor === null ? null : Number(u.order_limit_minor),
        u.monthly_budget_minor === null ? null : Number(u.monthly_budget_minor),
        Number(u.orders) > 0,
      ]),
    ).toEqual([
      ['demo', 'admin', null, null, true],
      ['demo2', 'admin', null, null, true],
      ['demo3', 'buyer', 25_000, 100_000, false],
      ['demo4', 'approver', null, null, false],
    ]);
    expect(by.demo3?.customer_number).toBe('C10001');
    expect(by.demo4?.customer_number).toBe('C10001');
    expect(by.proforma).toMatchObject({
      currency_code: 'GBP',
      country: 'Northern Ireland',
      is_proforma: 1,
      on_stop: 0,
    });
    expect(by.euro).toMatchObject({ currency_code: 'EUR', country: 'Republic of Ireland', is_proforma: 0, on_stop: 1 });
    expect(await verifyPassword(DEMO_PASSWORD, by.demo?.password_hash ?? '')).toBe(true);
    const refs = await handle.db
      .selectFrom('delivery_addresses as d')
      .innerJoin('accounts as a', 'a.id', 'd.account_id')
      .select('d.reference')
      .where('a.customer_number', '=', 'C10001')
      .orderBy('d.reference')
      .execute();
    expect(refs.map((r) => r.reference)).toEqual(['SHOWROOM', 'WAREHOUSE']);
    const statements = await handle.db
      .selectFrom('statements as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .select(['s.name', 's.filename'])
      .where('a.customer_number', '=', 'C10001')
      .orderBy('s.period_start', 'desc')
      .execute();
    expect(statements.length).toBeGreaterThanOrEqual(3);
    expect(statements[0]).toEqual({ name: 'Statement October 2026', filename: 'C10001-2026-10' });
    expect(await count(handle, 'account_discounts')).toBeGreaterThan(0);
    const banner = await handle.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'notification.show')
      .executeTakeFirst();
    expect(banner?.value).toBe('true');
  });

  it("gives the demo account a history in every status, priced lines and 'usual' items", async () => {
    const statuses = await handle.db
      .selectFrom('orders as o')
      .innerJoin('accounts as a', 'a.id', 'o.account_id')
      .select(['o.status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('a.customer_number', '=', 'C10001')
      .groupBy('o.status')
      .execute();
    const n = Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]));
    for (const s of ORDER_STATUSES) expect(n[s] ?? 0, s).toBeGreaterThan(0);
    const total = Object.values(n).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(30);

    const shipped = await handle.db
      .selectFrom('orders')
      .select(['id', 'ordered_date', 'despatch_date', 'order_number', 'amount_minor'])
      .where('status', '=', 'Shipped')
      .execute();
    for (const o of shipped)
      expect(o.despatch_date !== null && o.despatch_date >= o.ordered_date && o.despatch_date <= '2026-11-18').toBe(
        true,
      );
    const tracked = await handle.db
      .selectFrom('order_tracking')
      .select(sql<number>`count(distinct order_id)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tracked.n)).toBe(shipped.length);
    const track = await handle.db.selectFrom('order_tracking').select('tracking_id').limit(1).executeTakeFirstOrThrow();
    expect(track.tracking_id).toMatch(/^JD\d{16}$/);

    // Lines add up to the order amount (goods plus carriage).
    const sums = await handle.db
      .selectFrom('order_lines')
      .select(['order_id', (eb) => eb.fn.sum<number>('total_minor').as('sum')])
      .groupBy('order_id')
      .execute();
    const byOrder = new Map(sums.map((s) => [s.order_id, Number(s.sum)]));
    for (const o of shipped) expect(byOrder.get(o.id)).toBe(Number(o.amount_minor));

    const usual = await handle.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .innerJoin('accounts as a', 'a.id', 'o.account_id')
      .select('l.product_id')
      .where('a.customer_number', '=', 'C10001')
      .where('o.status', '!=', 'Cancelled')
      .where('l.product_id', 'is not', null)
      .groupBy('l.product_id')
      .having(sql`count(distinct o.id)`, '>=', 2)
      .execute();
    expect(usual.length).toBeGreaterThanOrEqual(10);
    expect(usual.length).toBeLessThanOrEqual(25);
  });

  it('invoices shipped orders; open, overdue and paid invoices and a credit memo sum to the balance', async () => {
    const accounts = await handle.db
      .selectFrom('accounts')
      .select(['id', 'customer_number', 'balance_minor'])
      .execute();
    for (const a of accounts) {
      const r = await handle.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('remaining_minor'), eb.lit(0)).as('open'))
        .where('account_id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(Number(r.open), a.customer_number).toBe(Number(a.balance_minor));
    }
    const demo = accounts.find((a) => a.customer_number === 'C10001');
    const invoices = await handle.db
      .selectFrom('invoices')
      .selectAll()
      .where('account_id', '=', demo?.id ?? 0)
      .execute();
    expect(invoices.some((i) => i.document_type === 'Invoice' && Number(i.remaining_minor) === 0)).toBe(true);
    expect(invoices.some((i) => i.due_date < '2026-11-18' && Number(i.remaining_minor) > 0)).toBe(true);
    expect(invoices.some((i) => i.due_date >= '2026-11-18' && Number(i.remaining_minor) > 0)).toBe(true);
    const memo = invoices.find((i) => i.document_type === 'Credit Memo');
    expect(Number(memo?.original_minor)).toBeLessThan(0);
    expect(invoices.every((i) => /^(SI|SCM)-\d{6}$/.test(i.document_number))).toBe(true);
    const proforma = accounts.find((a) => a.customer_number === 'C10002');
    expect(Number(proforma?.balance_minor)).toBe(0);
    // Invoice lines mirror the order's lines.
    const inv = invoices.find((i) => i.document_type === 'Invoice');
    const lines = await handle.db
      .selectFrom('invoice_lines')
      .select(['item_no', 'total_minor'])
      .where('invoice_id', '=', inv?.id ?? 0)
      .orderBy('line_no')
      .execute();
    const orderLines = await handle.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.item_no', 'l.total_minor'])
      .where('o.order_number', '=', inv?.order_number ?? '')
      .orderBy('l.line_no')
      .execute();
    expect(lines).toEqual(orderLines);
  });

  it('writes exactly the recorded demo rows, and nothing else', () => {
    expect(fingerprint).toEqual(DEMO_FINGERPRINT);
  });

  it('refuses to seed a database that has data', async () => {
    await expect(seedDemo(handle, { now: NOW })).rejects.toThrow(/empty/);
  });

  it('is deterministic for a seed number, and reset empties every table', async () => {
    await resetDatabase(handle);
    expect(await isEmpty(handle)).toBe(true);
    for (const t of DATA_TABLES) expect(await count(handle, t), t).toBe(0);
    const countries = await handle.db.selectFrom('countries').select('name').execute();
    expect(countries.length).toBe(4);
    await seedDemo(handle, { now: NOW });
    expect(await digest(handle)).toBe(first);

    await resetDatabase(handle);
    await seedDemo(handle, { now: NOW, seed: 99, products: 300, images: false });
    expect(await digest(handle)).not.toBe(first);
    expect(await count(handle, 'products')).toBe(300);
    expect(await count(handle, 'product_images')).toBe(600);
  }, 120_000);

  it('adds generated accounts and spreads extra orders over them', async () => {
    await resetDatabase(handle);
    const s = await seedDemo(handle, { now: NOW, products: 400, accounts: 23, orders: 600 });
    expect(s.accounts).toBe(23);
    expect(s.orders).toBe(600);
    expect(await filledTables(handle)).toEqual(GENERATED_FINGERPRINT);
    const generated = await handle.db
      .selectFrom('accounts')
      .select(['customer_number'])
      .where('customer_number', 'like', 'C2%')
      .orderBy('customer_number')
      .execute();
    expect(generated.length).toBe(20);
    expect(generated[0]?.customer_number).toBe('C20001');
    const user = await handle.db
      .selectFrom('users')
      .select('username')
      .where('username', '=', 'user00001')
      .executeTakeFirst();
    expect(user).toBeDefined();
    const numbers = await handle.db.selectFrom('orders').select('order_number').execute();
    expect(new Set(numbers.map((o) => o.order_number)).size).toBe(600);
  }, 120_000);
});
