import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MSG, PASSWORD_RULE_MESSAGE, USERNAME_RULE_MESSAGE } from '@wholesale/contract';
import { BACK_OFFICE_MSG } from '@wholesale/contract/staff';
import type { DbHandle } from '../db/client.js';
import { testEngines } from '../db/testing.js';
import { seedDemo } from '../seed/index.js';
import { verifyPassword } from '../lib/password.js';
import {
  apiClientCreate,
  apiClientList,
  apiClientRevoke,
  apiClientRotate,
  createAccount,
  createUser,
  describeImport,
  disableUser,
  importProducts,
  redirectLink,
  setBanner,
  setOrderStatus,
  setSetting,
} from './admin-commands.js';
import { UsageError } from './db.js';
import { parseAdminArgs } from './admin.js';
import { hashKey } from '../modules/integration/api-keys.js';
import { composeStore } from '../compose.js';

const settingOf = async (handle: DbHandle, key: string) =>
  (await handle.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

describe.each(testEngines())('admin commands on $name', (engine) => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await engine.open();
    await seedDemo(handle, { products: 150 });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('creates an account, with exact money and percent terms', async () => {
    const out = await createAccount(handle.db, {
      customerNumber: 'C30001',
      name: 'Solent Shutters Ltd',
      currency: 'eur',
      country: 'republic of ireland',
      onStop: true,
      email: 'accounts@solent.example',
      creditLimit: '5000.10',
      vat: '23',
      discount: '12.5',
      carriage: '9.95',
    });
    expect(out).toMatch(/^Created account C30001 "Solent Shutters Ltd" \(EUR, Republic of Ireland, on stop\)/);
    const row = await handle.db
      .selectFrom('accounts')
      .selectAll()
      .where('customer_number', '=', 'C30001')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      currency_code: 'EUR',
      country: 'Republic of Ireland',
      on_stop: 1,
      is_proforma: 0,
      credit_limit_minor: 500_010,
      vat_rate_bp: 2300,
      discount_bp: 1250,
      carriage_minor: 995,
    });
    await expect(
      createAccount(handle.db, { customerNumber: 'C30001', name: 'Again', currency: 'GBP', country: 'UK Islands' }),
    ).rejects.toThrow('account C30001 already exists');
    await expect(
      createAccount(handle.db, { customerNumber: 'C30002', name: 'X', currency: 'USD', country: 'UK Islands' }),
    ).rejects.toThrow(UsageError);
    await expect(
      createAccount(handle.db, { customerNumber: 'C30002', name: 'X', currency: 'GBP', country: 'France' }),
    ).rejects.toThrow(/--country must be one of/);
    await expect(
      createAccount(handle.db, {
        customerNumber: 'C30002',
        name: 'X',
        currency: 'GBP',
        country: 'UK Islands',
        creditLimit: '5,000',
      }),
    ).rejects.toThrow(/--credit-limit/);
    // The staff back office's rule: 10 digits before the point.
    await expect(
      createAccount(handle.db, {
        customerNumber: 'C30002',
        name: 'X',
        currency: 'GBP',
        country: 'UK Islands',
        creditLimit: '12345678901',
      }),
    ).rejects.toThrow(BACK_OFFICE_MSG.creditLimitFormat);
  });

  it('creates a user with a hashed password that meets the rule', async () => {
    await expect(
      createUser(handle.db, { customerNumber: 'C10001', username: 'weak', name: 'Weak', password: 'short1' }),
    ).rejects.toThrow(PASSWORD_RULE_MESSAGE);
    await expect(
      createUser(handle.db, { customerNumber: 'C99999', username: 'nobody', name: 'No', password: 'Good-password-1' }),
    ).rejects.toThrow('no account C99999');
    await expect(
      createUser(handle.db, { customerNumber: 'C10001', username: 'demo', name: 'Dup', password: 'Good-password-1' }),
    ).rejects.toThrow('username "demo" is taken');
    await expect(
      createUser(handle.db, {
        customerNumber: 'C10001',
        username: 'two words',
        name: 'X',
        password: 'Good-password-1',
      }),
    ).rejects.toThrow(USERNAME_RULE_MESSAGE);
    const out = await createUser(handle.db, {
      customerNumber: 'C10001',
      username: 'fitter',
      name: 'Kim Fitter',
      jobTitle: 'Fitter',
      password: 'Good-password-1',
    });
    expect(out).toMatch(/^Created user fitter on account C10001/);
    const user = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'fitter')
      .executeTakeFirstOrThrow();
    expect(user.job_title).toBe('Fitter');
    expect(await verifyPassword('Good-password-1', user.password_hash)).toBe(true);
    const event = await handle.db
      .selectFrom('outbox_events')
      .select(['type', 'account_id', 'payload'])
      .where('type', '=', 'user.updated')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.account_id).toBe(user.account_id);
    expect(JSON.parse(event.payload)).toEqual({
      customerNumber: 'C10001',
      username: 'fitter',
      name: 'Kim Fitter',
      email: '',
      jobTitle: 'Fitter',
      enabled: true,
      change: 'created',
      source: 'admin-cli',
    });
  });

  it('disables a user and revokes their refresh tokens', async () => {
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await handle.db
      .insertInto('refresh_tokens')
      .values([
        {
          family_id: 'f1',
          user_id: user.id,
          token_hash: 'h1',
          created_at: now,
          expires_at: now,
          rotated_at: null,
          revoked_at: null,
        },
        {
          family_id: 'f2',
          user_id: user.id,
          token_hash: 'h2',
          created_at: now,
          expires_at: now,
          rotated_at: null,
          revoked_at: null,
        },
      ])
      .execute();
    expect(await disableUser(handle.db, { username: 'demo2' })).toBe('Disabled user demo2; revoked 2 refresh tokens');
    const row = await handle.db
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.disabled).toBe(1);
    const open = await handle.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    const event = await handle.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('type', '=', 'user.updated')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.payload)).toMatchObject({ username: 'demo2', enabled: false, change: 'updated' });
    await expect(disableUser(handle.db, { username: 'ghost' })).rejects.toThrow('no user "ghost"');
    await expect(redirectLink(handle.db, { username: 'demo2' })).rejects.toThrow('disabled');
  });

  it('sets and clears the banner, and known settings only', async () => {
    expect(await setBanner(handle.db, { text: 'Closed Monday for stocktake' })).toBe(
      'Notification banner on: "Closed Monday for stocktake"',
    );
    expect(await settingOf(handle, 'notification.text')).toBe('Closed Monday for stocktake');
    expect(await settingOf(handle, 'notification.show')).toBe('true');
    await setBanner(handle.db, { off: true });
    expect(await settingOf(handle, 'notification.show')).toBe('false');
    await expect(setBanner(handle.db, { text: '  ' })).rejects.toThrow('--text is required');

    expect(await setSetting(handle.db, { key: 'support.email', value: 'help@harbourhome.example' })).toBe(
      'Setting support.email = "help@harbourhome.example"',
    );
    expect(await settingOf(handle, 'support.email')).toBe('help@harbourhome.example');
    await expect(setSetting(handle.db, { key: 'support.emial', value: 'x' })).rejects.toThrow(
      /unknown --key "support.emial"/,
    );
  });

  it('sets the order cut-off as a 24-hour time only', async () => {
    expect(await setSetting(handle.db, { key: 'order.cutOff', value: '15:30' })).toBe('Setting order.cutOff = "15:30"');
    expect(await settingOf(handle, 'order.cutOff')).toBe('15:30');
    for (const value of ['3pm', '24:00', '9:30'])
      await expect(setSetting(handle.db, { key: 'order.cutOff', value })).rejects.toThrow(/hh:mm/);
    expect(await settingOf(handle, 'order.cutOff')).toBe('15:30');
  });

  it('prints a one-time redirect link stored as a SHA-256 hash for 10 minutes', async () => {
    const link = await redirectLink(handle.db, { username: 'demo', baseUrl: 'https://portal.example/' });
    const m = /^https:\/\/portal\.example\/redirect\?rt=([A-Za-z0-9_-]{43})$/.exec(link);
    expect(m).not.toBeNull();
    const hash = createHash('sha256')
      .update(m?.[1] ?? '')
      .digest('hex');
    const row = await handle.db
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    const ttl = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(ttl).toBe(10 * 60_000);
    expect(row.used_at).toBeNull();

    const { token, expiresAt } = await composeStore(handle.db).customerUsers.oneTimeLogin(row.user_id, 5);
    expect(token).not.toBe(m?.[1]);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('moves an order to Shipped with tracking numbers', async () => {
    const order = await handle.db
      .selectFrom('orders')
      .select(['id', 'order_number', 'ordered_date'])
      .where('status', '=', 'Open')
      .orderBy('order_number')
      .executeTakeFirstOrThrow();
    await expect(setOrderStatus(handle.db, { order: order.order_number, status: 'Lost' })).rejects.toThrow(
      /--status must be one of/,
    );
    await expect(setOrderStatus(handle.db, { order: 'SO-1', status: 'Shipped' })).rejects.toThrow('no order SO-1');
    await expect(
      setOrderStatus(handle.db, { order: order.order_number, status: 'Shipped', despatchDate: '2020-01-01' }),
    ).rejects.toThrow(/before the order date/);
    await expect(
      setOrderStatus(handle.db, { order: order.order_number, status: 'Shipped', despatchDate: '2026-02-30' }),
    ).rejects.toThrow(/--despatch-date/);

    expect(await setOrderStatus(handle.db, { order: order.order_number, status: 'in progress' })).toBe(
      `Order ${order.order_number} is now In Progress`,
    );
    const out = await setOrderStatus(handle.db, {
      order: order.order_number,
      status: 'Shipped',
      tracking: 'JD0001112223334445, JD0001112223334446',
    });
    expect(out).toMatch(
      new RegExp(
        `^Order ${order.order_number} is now Shipped \\(despatched \\d{4}-\\d{2}-\\d{2}, tracking JD0001112223334445, JD0001112223334446\\)$`,
      ),
    );
    const row = await handle.db
      .selectFrom('orders')
      .select(['status', 'despatch_date'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Shipped');
    expect(row.despatch_date).toBe(new Date().toISOString().slice(0, 10));
    const lines = await handle.db
      .selectFrom('order_lines')
      .select(['quantity', 'quantity_shipped'])
      .where('order_id', '=', order.id)
      .execute();
    expect(lines.every((l) => l.quantity_shipped === l.quantity)).toBe(true);
    // Repeating a tracking number does not duplicate it.
    await setOrderStatus(handle.db, { order: order.order_number, status: 'Shipped', tracking: 'JD0001112223334446' });
    const tracking = await handle.db
      .selectFrom('order_tracking')
      .select('tracking_id')
      .where('order_id', '=', order.id)
      .execute();
    expect(tracking.map((t) => t.tracking_id).sort()).toEqual(['JD0001112223334445', 'JD0001112223334446']);
    // The same life cycle as the ERP's PUT /orders/{n}/status: Shipped is final.
    await expect(setOrderStatus(handle.db, { order: order.order_number, status: 'Open' })).rejects.toThrow(
      INTEGRATION_MSG.orderStatusTransition(order.order_number, 'Shipped', 'Open', []),
    );
  });

  it('imports products from CSV: upserts, creates types and ranges, reports bad rows by line', async () => {
    const csv = [
      'itemNumber,description,productType,range,unit,packQuantity,stock,priceGBP,priceEUR',
      'SH-PLN-0001,"Plantation shutter panel, White 600 x 1200mm",Shutters,Plantation Shutters,each,1,"1,250",89.50,104.72',
      'CS-FIX-9001,Wall plug 5 x 25mm brown,Components & Spares,Fixings & Screws,EACH,200,40000,0.04375,0.05119',
      '',
      'BAD 1,Spaces in the code,Shutters,Plantation Shutters,EACH,1,5,1.00,1.17',
      'SH-PLN-0002,Too precise,Shutters,Plantation Shutters,EACH,1,5,1.123456,1.17',
      'SH-PLN-0003,No pack,Shutters,Plantation Shutters,EACH,0,5,1.00,1.17',
      'RB-BLK-0001,Roller blind fabric renamed,Roller Blinds,Blackout Roller Fabrics,METRE,1,12,10.00,11.70',
    ].join('\n');
    const result = await importProducts(handle.db, csv);
    expect(result.imported).toBe(3);
    expect(result.created).toBe(2);
    expect(result.updated).toBe(1);
    expect(result.errors.map((e) => e.line)).toEqual([5, 6, 7]);
    expect(result.errors[1]?.message).toMatch(/^priceGBP: "1.123456"/);
    expect(describeImport(result)).toMatch(
      /^Imported 3 products \(2 new, 1 updated\); 3 rows with errors:\n {2}line 5: itemNumber/,
    );

    const shutter = await handle.db
      .selectFrom('products as p')
      .innerJoin('product_types as t', 't.id', 'p.product_type_id')
      .innerJoin('product_ranges as r', 'r.id', 'p.range_id')
      .select(['p.id', 'p.unit', 'p.stock', 'p.search_text', 't.name as type', 'r.name as range'])
      .where('p.item_number', '=', 'SH-PLN-0001')
      .executeTakeFirstOrThrow();
    expect(shutter).toMatchObject({ unit: 'EACH', stock: 1250, type: 'Shutters', range: 'Plantation Shutters' });
    expect(shutter.search_text).toBe('sh-pln-0001 plantation shutter panel, white 600 x 1200mm');
    const plug = await handle.db
      .selectFrom('product_prices as pp')
      .innerJoin('products as p', 'p.id', 'pp.product_id')
      .select(['pp.currency_code', 'pp.list_price_e5'])
      .where('p.item_number', '=', 'CS-FIX-9001')
      .orderBy('pp.currency_code')
      .execute();
    expect(plug.map((r) => [r.currency_code, Number(r.list_price_e5)])).toEqual([
      ['EUR', 5119],
      ['GBP', 4375],
    ]);
    const renamed = await handle.db
      .selectFrom('products')
      .select(['description', 'stock'])
      .where('item_number', '=', 'RB-BLK-0001')
      .executeTakeFirstOrThrow();
    expect(renamed).toEqual({ description: 'Roller blind fabric renamed', stock: 12 });

    // The same file again goes through the integration API's upsert service: nothing to write.
    const again = await importProducts(handle.db, csv);
    expect(again).toMatchObject({ imported: 3, created: 0, updated: 0, unchanged: 3 });
    expect(describeImport(again)).toMatch(/^Imported 3 products \(0 new, 0 updated, 3 unchanged\)/);

    await expect(importProducts(handle.db, 'itemNumber,description\nX,Y')).rejects.toThrow(/lacks columns productType/);
  });

  it('manages API clients: a key printed once and stored hashed, list, rotate, revoke', async () => {
    expect(parseAdminArgs(['api-client', 'create', '--name', 'Sage', '--scopes', 'orders:read'])).toMatchObject({
      command: 'api-client create',
      values: { name: 'Sage', scopes: 'orders:read' },
    });
    const out = await apiClientCreate(handle.db, { name: 'Sage 200', scopes: 'catalogue:write, orders:read' });
    const key = /(wpk_\S+)/.exec(out)?.[1] ?? '';
    expect(key).toMatch(/^wpk_[0-9a-f]{12}_/);
    const rows = await handle.db.selectFrom('api_keys').select(['key_id', 'key_hash']).execute();
    expect(rows.map((r) => r.key_hash)).toContain(hashKey(key));
    expect(JSON.stringify(rows)).not.toContain(key);
    const keys = composeStore(handle.db).apiKeys;
    expect(await keys.authenticate(key)).toMatchObject({
      name: 'Sage 200',
      scopes: ['catalogue:write', 'orders:read'],
    });

    await expect(apiClientCreate(handle.db, { name: 'Sage 200', scopes: 'orders:read' })).rejects.toThrow(UsageError);
    await expect(apiClientCreate(handle.db, { name: 'X', scopes: 'orders:delete' })).rejects.toThrow(/unknown scope/);

    const rotated = /(wpk_\S+)/.exec(await apiClientRotate(handle.db, { name: 'Sage 200' }))?.[1] ?? '';
    expect(await keys.authenticate(key)).toBeDefined();
    expect(await keys.authenticate(rotated)).toBeDefined();
    const listed = await apiClientList(handle.db);
    expect(listed).toMatch(/^Sage 200 {2}\[catalogue:write, orders:read\]/);
    expect(listed).not.toContain(key);
    expect(await apiClientRevoke(handle.db, { keyId: key })).toMatch(/^Revoked key [0-9a-f]{12}$/);
    expect(await keys.authenticate(key)).toBeUndefined();
    expect(await keys.authenticate(rotated)).toBeDefined();
    await apiClientRevoke(handle.db, { name: 'Sage 200' });
    expect(await keys.authenticate(rotated)).toBeUndefined();
    expect(await apiClientList(handle.db)).toMatch(/Sage 200 .* revoked /);
  });
});
