import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { pathOf } from '@wholesale/contract';
import {
  backOfficeEndpoints as e,
  customerCredit,
  staffEndpoints as S,
  staffOrderDetail,
  staffSettings,
  type StaffRole,
} from '@wholesale/contract/staff';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, testApp, testConfig } from '../../test/app.js';
import { insertOrder } from '../orders/orders.fixtures.js';
import { composeStaff } from '../../compose.js';
import { cliActor } from './audit.service.js';
import { signInStaff } from './back-office.test-support.js';

/**
 * A staff change and its audit row are one transaction: when the audit row cannot be written (here
 * a trigger refuses every insert into staff_audit), the change is rolled back, whatever it was.
 */
describe.each(testEngines())('staff changes without their audit row on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  const token: Partial<Record<StaffRole, string>> = {};
  let accountId: number;
  let userId: number;
  const n = `${engine.name === 'sqlite' ? 'S' : 'P'}${process.pid}`;
  const acc = `AT-${n}`;
  const order = `SO-AT-${n}`;

  const call = (role: StaffRole, opts: InjectOptions) => app.inject({ ...opts, headers: bearer(token[role]!) });

  async function refuseAuditRows(on: boolean) {
    const { db } = handle;
    if (engine.name === 'sqlite') {
      if (on)
        await sql`create trigger audit_refused before insert on staff_audit begin select raise(abort, 'audit refused'); end`.execute(
          db,
        );
      else await sql`drop trigger audit_refused`.execute(db);
    } else if (on) {
      await sql`create or replace function audit_refused() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(
        db,
      );
      await sql`create trigger audit_refused before insert on staff_audit for each row execute function audit_refused()`.execute(
        db,
      );
    } else await sql`drop trigger audit_refused on staff_audit`.execute(db);
  }

  const auditRows = async () =>
    Number(
      (
        await handle.db
          .selectFrom('staff_audit')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    accountId = await insertAccount(handle.db, {
      customer_number: acc,
      name: 'Atomic Trade',
      credit_limit_minor: 500_000,
    });
    userId = await insertUser(handle.db, accountId, `at.buyer-${n}`, 'Portal-test-1', { name: 'Ada Atomic' });
    await insertOrder(handle.db, { accountId, orderNumber: order, status: 'Open', orderedDaysAgo: 2 });
    for (const role of ['admin', 'customer_service', 'finance'] as const)
      token[role] = await signInStaff(app, handle, role, `at-${role.replace('_', '-')}-${n}`.toLowerCase());
    await composeStaff(handle.db, testConfig()).staff.createStaff(cliActor(), {
      username: `at-pete-${n}`.toLowerCase(),
      email: `at-pete-${n}@staff.example`.toLowerCase(),
      role: 'read_only',
    });
    await refuseAuditRows(true);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('a credit limit change is rolled back', async () => {
    const res = await call('finance', {
      method: 'PATCH',
      url: pathOf(e.updateCustomerCredit, { customerNumber: acc }),
      payload: { creditLimit: '9999.00', onStop: true },
    });
    expect(res.statusCode).toBe(500);
    const a = await handle.db
      .selectFrom('accounts')
      .select(['credit_limit_minor', 'on_stop'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect({ limit: Number(a.credit_limit_minor), onStop: Number(a.on_stop) }).toEqual({ limit: 500_000, onStop: 0 });
  });

  it('an order status change is rolled back, its cancellation email with it', async () => {
    const seen = staffOrderDetail.parse(
      (await call('customer_service', { method: 'GET', url: pathOf(e.getStaffOrder, { orderNumber: order }) })).json(),
    );
    const res = await call('customer_service', {
      method: 'PUT',
      url: pathOf(e.setStaffOrderStatus, { orderNumber: order }),
      payload: { status: 'Cancelled', updatedAt: seen.updatedAt },
    });
    expect(res.statusCode).toBe(500);
    const o = await handle.db
      .selectFrom('orders')
      .select(['status', 'cancelled_at', 'updated_at'])
      .where('order_number', '=', order)
      .executeTakeFirstOrThrow();
    expect(o).toEqual({ status: 'Open', cancelled_at: null, updated_at: seen.updatedAt });
    const mails = await handle.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'order.cancelled')
      .where('account_id', '=', accountId)
      .execute();
    expect(mails).toEqual([]);
  });

  it('a settings change is rolled back', async () => {
    const before = staffSettings.parse(
      (await call('admin', { method: 'GET', url: pathOf(e.getStaffSettings) })).json(),
    );
    const res = await call('admin', {
      method: 'PATCH',
      url: pathOf(e.updateStaffSettings),
      payload: { orderCutOff: before.orderCutOff === '15:45' ? '15:40' : '15:45' },
    });
    expect(res.statusCode).toBe(500);
    const after = staffSettings.parse((await call('admin', { method: 'GET', url: pathOf(e.getStaffSettings) })).json());
    expect(after).toEqual(before);
  });

  it('a new API client is not created', async () => {
    const res = await call('admin', {
      method: 'POST',
      url: pathOf(e.createStaffApiClient),
      payload: { name: `at-erp-${n}`, scopes: ['orders:read'] },
    });
    expect(res.statusCode).toBe(500);
    expect(await handle.db.selectFrom('api_clients').select('id').where('name', '=', `at-erp-${n}`).execute()).toEqual(
      [],
    );
    expect(await handle.db.selectFrom('api_keys').select('key_id').execute()).toEqual([]);
  });

  it('customer users: a disable and a new user are rolled back', async () => {
    const disable = await call('customer_service', {
      method: 'POST',
      url: pathOf(e.disableCustomerUser, { userId }),
    });
    expect(disable.statusCode).toBe(500);
    const u = await handle.db.selectFrom('users').select('disabled').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(Number(u.disabled)).toBe(0);
    const create = await call('customer_service', {
      method: 'POST',
      url: pathOf(e.createCustomerUser, { customerNumber: acc }),
      payload: { username: `at-new-${n}`, name: 'New Person', email: 'new.person@test.example' },
    });
    expect(create.statusCode).toBe(500);
    expect(await handle.db.selectFrom('users').select('id').where('username', '=', `at-new-${n}`).execute()).toEqual(
      [],
    );
  });

  it('view as: no session starts', async () => {
    const res = await call('customer_service', {
      method: 'POST',
      url: pathOf(S.startViewAs),
      payload: { userId, reason: 'Checking the basket' },
    });
    expect(res.statusCode).toBe(500);
    expect(await handle.db.selectFrom('view_as_sessions').select('id').execute()).toEqual([]);
  });

  it('staff users: a role change, a new staff member and a sign-out are rolled back', async () => {
    const pete = `at-pete-${n}`.toLowerCase();
    const role = await call('admin', {
      method: 'PUT',
      url: pathOf(S.setStaffUserRole, { username: pete }),
      payload: { role: 'finance' },
    });
    expect(role.statusCode).toBe(500);
    const row = await handle.db
      .selectFrom('staff_users')
      .select(['role', 'session_version'])
      .where('username', '=', pete)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('read_only');
    const staff = composeStaff(handle.db, testConfig()).staff;
    await expect(
      staff.createStaff(cliActor(), { username: `at-new-${n}`.toLowerCase(), email: 'x@staff.example', role: 'admin' }),
    ).rejects.toThrow();
    expect(await staff.findStaff(`at-new-${n}`.toLowerCase())).toBeUndefined();
    expect((await call('admin', { method: 'POST', url: pathOf(S.staffLogout), payload: {} })).statusCode).toBe(500);
    expect((await call('admin', { method: 'GET', url: pathOf(S.getStaffMe) })).statusCode).toBe(200);
  });

  it('once audit rows can be written again, the same change goes through with its row', async () => {
    expect(await auditRows()).toBeGreaterThan(0);
    const before = await auditRows();
    await refuseAuditRows(false);
    const res = await call('finance', {
      method: 'PATCH',
      url: pathOf(e.updateCustomerCredit, { customerNumber: acc }),
      payload: { creditLimit: '9999.00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(customerCredit.parse(res.json()).creditLimit).toBe(9999);
    expect(await auditRows()).toBe(before + 1);
  });
});
