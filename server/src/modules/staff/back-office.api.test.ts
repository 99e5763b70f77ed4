import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  integrationRoutes,
  listOpenOrdersResponse,
  MSG,
  ORDER_MSG,
  pathOf,
  routes,
  STAFF_PAGE_SIZE_MAX,
  USERNAME_RULE_MESSAGE,
  upsertResponse,
} from '@wholesale/contract';
import {
  BACK_OFFICE_MSG,
  backOfficeEndpoints as e,
  customerCredit,
  customerDetail,
  createCustomerUserResponse,
  customerUserActionResponse,
  customerUserDetail,
  issuedApiKey,
  listStaffApiClientsResponse,
  listStaffOrdersResponse,
  listStaffWebhookDeliveriesResponse,
  searchCustomersResponse,
  staffApiClient,
  staffOrderConflict,
  staffOrderDetail,
  staffSettings,
  staffWebhookDelivery,
  type StaffRole,
} from '@wholesale/contract/staff';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, testApp } from '../../test/app.js';
import { insertOrder } from '../orders/orders.fixtures.js';
import { composeStore } from '../../compose.js';
import { setSetting } from '../../cli/admin-commands.js';
import { signInStaff } from './back-office.test-support.js';

/** The audit rows of one action, newest first, with their values parsed. */
async function auditOf(handle: DbHandle, action: string) {
  const rows = await handle.db
    .selectFrom('staff_audit')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as unknown),
    after: r.after_json === null ? null : (JSON.parse(r.after_json) as unknown),
  }));
}

describe.each(testEngines())('staff back office API on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  const token: Partial<Record<StaffRole, string>> = {};
  let customerToken: string;
  let accountId: number;
  const n = `${engine.name === 'sqlite' ? 'S' : 'P'}${process.pid}`;
  const acc = `BO-${n}`;

  const call = (role: StaffRole | 'customer', opts: InjectOptions) =>
    app.inject({ ...opts, headers: bearer(role === 'customer' ? customerToken : token[role]!) });

  beforeAll(async () => {
    handle = await engine.open();
    // A small login budget, so a test can lock a customer login with a few wrong passwords.
    app = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: 5 });
    accountId = await insertAccount(handle.db, {
      customer_number: acc,
      name: 'Quayside Blinds Back Office',
      postcode: 'BS1 6AA',
      credit_limit_minor: 500_000,
      balance_minor: 120_000,
    });
    await insertAccount(handle.db, { customer_number: `BO2-${n}`, name: 'Other Trade', postcode: 'EH1 1AA' });
    await insertUser(handle.db, accountId, `bo.buyer-${n}`, 'Portal-test-1', { name: `Morwenna Tregothnan ${n}` });
    customerToken = (await login(app, `bo.buyer-${n}`)).accessToken;
    for (const role of ['admin', 'customer_service', 'finance', 'read_only'] as const)
      token[role] = await signInStaff(app, handle, role, `${role.replace('_', '-')}-${n}`.toLowerCase());
    await insertOrder(handle.db, { accountId, orderNumber: `SO-${n}-1`, status: 'Open', orderedDaysAgo: 3 });
    await insertOrder(handle.db, { accountId, orderNumber: `SO-${n}-2`, status: 'In Progress', orderedDaysAgo: 2 });
    await insertOrder(handle.db, {
      accountId,
      orderNumber: `SO-${n}-3`,
      status: 'Shipped',
      orderedDaysAgo: 10,
      despatchedDaysAgo: 8,
      tracking: ['TRK-1'],
    });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  // ---- customers ----

  describe('customers', () => {
    const search = (q: Record<string, string>, role: StaffRole = 'read_only') =>
      call(role, { method: 'GET', url: `${pathOf(e.searchCustomers)}?${new URLSearchParams(q).toString()}` });

    it('finds an account by number, name, postcode (with or without its space) and a user’s username or name', async () => {
      for (const q of [
        acc.toLowerCase(),
        'quayside blinds back',
        'bs16aa',
        'BS1 6AA',
        `bo.buyer-${n}`,
        `tregothnan ${n}`,
      ]) {
        const res = await search({ q });
        expect(res.statusCode, res.body).toBe(200);
        const page = searchCustomersResponse.parse(res.json());
        expect(
          page.rows.map((r) => r.customerNumber),
          q,
        ).toEqual([acc]);
        expect(page.total).toBe(1);
        expect(page.rows[0]).toMatchObject({ balance: 1200, creditLimit: 5000, users: 1, onStop: false });
      }
    });

    it('pages and sorts on the server', async () => {
      const all = searchCustomersResponse.parse(
        (await search({ sort: 'name', direction: 'desc', pageSize: String(STAFF_PAGE_SIZE_MAX) })).json(),
      );
      const names = all.rows.map((r) => r.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
      const second = searchCustomersResponse.parse(
        (await search({ sort: 'name', direction: 'desc', pageSize: '1', page: '2' })).json(),
      );
      expect(second.total).toBe(all.total);
      expect(second.rows.map((r) => r.name)).toEqual([names[1]]);
    });

    it('answers bad paging with the contract’s messages', async () => {
      const big = await search({ pageSize: String(STAFF_PAGE_SIZE_MAX + 1) });
      expect(big.statusCode).toBe(400);
      expect(big.json().message).toContain(BACK_OFFICE_MSG.badPageSize(STAFF_PAGE_SIZE_MAX));
      expect((await search({ sort: 'password' })).statusCode).toBe(400);
      const page0 = await search({ page: '0' });
      expect(page0.statusCode).toBe(400);
      expect(page0.json().message).toContain(BACK_OFFICE_MSG.badPage);
    });

    it('shows an account’s page with where its credit limit came from', async () => {
      const res = await call('read_only', { method: 'GET', url: pathOf(e.getCustomer, { customerNumber: acc }) });
      expect(res.statusCode, res.body).toBe(200);
      const d = customerDetail.parse(res.json());
      expect(d.creditLimit).toBe(5000);
      expect(d.creditLimitSource.source).toBe('portal');
      expect(d.users.map((u) => u.username)).toEqual([`bo.buyer-${n}`]);
      expect(d.recentOrders.map((o) => o.orderNumber)).toEqual([`SO-${n}-2`, `SO-${n}-1`, `SO-${n}-3`]);
      expect(d.credit.balance).toBe(1200);
      const missing = await call('read_only', {
        method: 'GET',
        url: pathOf(e.getCustomer, { customerNumber: 'NOPE' }),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(BACK_OFFICE_MSG.customerNotFound('NOPE'));
    });

    it('lets finance change the credit limit and on-stop, audited; customer service and read-only may not', async () => {
      const url = pathOf(e.updateCustomerCredit, { customerNumber: acc });
      for (const role of ['customer_service', 'read_only'] as const) {
        const refused = await call(role, { method: 'PATCH', url, payload: { creditLimit: '1.00' } });
        expect(refused.statusCode, role).toBe(403);
      }
      const res = await call('finance', { method: 'PATCH', url, payload: { creditLimit: '7500.50', onStop: true } });
      expect(res.statusCode, res.body).toBe(200);
      const c = customerCredit.parse(res.json());
      expect(c).toMatchObject({ creditLimit: 7500.5, onStop: true, creditLimitSource: { source: 'portal' } });
      expect(c.creditLimitSource.changedAt).not.toBeNull();
      const [row] = await auditOf(handle, 'customer.credit.update');
      expect(row).toMatchObject({
        target_id: acc,
        account_id: accountId,
        before: { creditLimit: 5000, onStop: false },
        after: { creditLimit: 7500.5, onStop: true },
      });
      expect(row?.staff_username).toBe(`finance-${n}`.toLowerCase());
      // Put back: later tests place nothing, but the account's page is read again.
      await call('admin', { method: 'PATCH', url, payload: { onStop: false } });
    });

    it('refuses a credit limit beyond 10 digits or with 3 decimals, and an empty change', async () => {
      const url = pathOf(e.updateCustomerCredit, { customerNumber: acc });
      for (const creditLimit of ['12345678901', '10.001', '-5', '5,000']) {
        const res = await call('finance', { method: 'PATCH', url, payload: { creditLimit } });
        expect(res.statusCode, creditLimit).toBe(400);
        expect(res.json().message).toContain(BACK_OFFICE_MSG.creditLimitFormat);
      }
      const none = await call('finance', { method: 'PATCH', url, payload: {} });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toContain(BACK_OFFICE_MSG.nothingToChange);
    });

    it('says so when the ERP pushed the credit limit', async () => {
      const created = issuedApiKey.parse(
        (
          await call('admin', {
            method: 'POST',
            url: pathOf(e.createStaffApiClient),
            payload: { name: `erp-credit-${n}`, scopes: ['accounts:write'] },
          })
        ).json(),
      );
      const pushed = await app.inject({
        method: 'PUT',
        url: pathOf(integrationRoutes.upsertAccounts),
        headers: { authorization: `Bearer ${created.key}` },
        payload: {
          items: [
            {
              customerNumber: acc,
              name: 'Quayside Blinds Back Office',
              currency: 'GBP',
              paymentTerms: 'credit',
              creditLimit: '9000.00',
              balance: '1200.00',
              invoiceAddress: { country: 'United Kingdom (Mainland)', postcode: 'BS1 6AA' },
            },
          ],
        },
      });
      expect(pushed.statusCode, pushed.body).toBe(200);
      expect(upsertResponse.parse(pushed.json()).results[0]?.status).toBe('updated');
      const d = customerDetail.parse(
        (await call('read_only', { method: 'GET', url: pathOf(e.getCustomer, { customerNumber: acc }) })).json(),
      );
      expect(d.creditLimit).toBe(9000);
      expect(d.creditLimitSource.source).toBe('erp');
      expect(d.onStopSource.source).toBe('erp');
      // Staff may still change it; it becomes the portal's until the ERP's next push.
      const changed = customerCredit.parse(
        (
          await call('finance', {
            method: 'PATCH',
            url: pathOf(e.updateCustomerCredit, { customerNumber: acc }),
            payload: { creditLimit: '8000' },
          })
        ).json(),
      );
      expect(changed.creditLimitSource.source).toBe('portal');
      expect(changed.onStopSource.source).toBe('erp');
    });
  });

  // ---- customer users ----

  describe('customer users', () => {
    const create = (role: StaffRole, payload: object) =>
      call(role, { method: 'POST', url: pathOf(e.createCustomerUser, { customerNumber: acc }), payload });
    const act = (role: StaffRole, endpoint: keyof typeof e, userId: number) =>
      call(role, { method: 'POST', url: pathOf(e[endpoint] as { path: `${string}:userId${string}` }, { userId }) });

    it('creates a user with an invitation email, or the link to hand over when they have no address', async () => {
      const res = await create('customer_service', {
        username: `new.buyer-${n}`,
        name: 'New Buyer',
        email: 'new@test.example',
      });
      expect(res.statusCode, res.body).toBe(200);
      const made = createCustomerUserResponse.parse(res.json());
      expect(made.invitation).toMatchObject({ emailed: true, link: null });
      expect(made.user).toMatchObject({ customerNumber: acc, passwordSet: false, disabled: false });
      const mail = await handle.db
        .selectFrom('mail_outbox')
        .select('kind')
        .where('user_id', '=', made.user.id)
        .execute();
      expect(mail.map((m) => m.kind)).toEqual(['password.invitation']);
      const noEmail = createCustomerUserResponse.parse(
        (await create('admin', { username: `no.mail-${n}`, name: 'No Mail' })).json(),
      );
      expect(noEmail.invitation.emailed).toBe(false);
      expect(noEmail.invitation.link).toMatch(/\/set-password\?token=/);
      const [row] = await auditOf(handle, 'customer_user.create');
      expect(row?.after).toMatchObject({ username: `no.mail-${n}`, invitationEmailed: false });
      // The link is a credential: never in the audit log.
      expect(JSON.stringify(row)).not.toContain('token=');
    });

    it('refuses a taken or badly formed username, and finance and read-only', async () => {
      const taken = await create('customer_service', { username: `bo.buyer-${n}`, name: 'Dup' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(BACK_OFFICE_MSG.usernameTaken(`bo.buyer-${n}`));
      const bad = await create('customer_service', { username: 'has space', name: 'Bad' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(USERNAME_RULE_MESSAGE);
      const noName = await create('customer_service', { username: `ok-${n}`, name: '' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toContain(MSG.required);
      for (const role of ['finance', 'read_only'] as const)
        expect((await create(role, { username: `x-${role}-${n}`, name: 'X' })).statusCode, role).toBe(403);
    });

    it('disables a user (their sessions end) and enables them again, each audited', async () => {
      const userId = await insertUser(handle.db, accountId, `dis-${n}`);
      const session = await login(app, `dis-${n}`);
      const res = await act('customer_service', 'disableCustomerUser', userId);
      expect(res.statusCode, res.body).toBe(200);
      expect(customerUserActionResponse.parse(res.json()).user.disabled).toBe(true);
      const refreshed = await app.inject({
        method: 'GET',
        url: pathOf(routes.refreshSession),
        headers: bearer(session.refreshToken),
      });
      expect(refreshed.statusCode).toBe(401);
      const again = await act('customer_service', 'disableCustomerUser', userId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(BACK_OFFICE_MSG.userAlreadyDisabled);
      expect((await act('customer_service', 'enableCustomerUser', userId)).statusCode).toBe(200);
      await login(app, `dis-${n}`);
      const [disabled] = await auditOf(handle, 'customer_user.disable');
      expect(disabled).toMatchObject({ target_id: `dis-${n}`, before: { disabled: false }, after: { disabled: true } });
      const [enabled] = await auditOf(handle, 'customer_user.enable');
      expect(enabled).toMatchObject({ before: { disabled: true }, after: { disabled: false } });
      expect((await act('finance', 'disableCustomerUser', userId)).statusCode).toBe(403);
    });

    it('unlocks a login locked by failed attempts, so the user logs in at once', async () => {
      const userId = await insertUser(handle.db, accountId, `locky-${n}`);
      let last = 0;
      for (let i = 0; i < 7; i++)
        last = (
          await app.inject({
            method: 'POST',
            url: pathOf(routes.login),
            payload: { username: `locky-${n}`, password: 'wrong-password-1' },
          })
        ).statusCode;
      expect(last).toBe(429);
      const before = customerUserDetail.parse(
        (await call('read_only', { method: 'GET', url: pathOf(e.getCustomerUser, { userId }) })).json(),
      );
      expect(before.lockedOut).toBe(true);
      const res = await act('customer_service', 'unlockCustomerUser', userId);
      expect(res.statusCode, res.body).toBe(200);
      expect(customerUserActionResponse.parse(res.json()).user.lockedOut).toBe(false);
      await login(app, `locky-${n}`);
      const [row] = await auditOf(handle, 'customer_user.unlock');
      expect(row).toMatchObject({ before: { lockedOut: true }, after: { lockedOut: false } });
    });

    it('sends a password reset email and ends every session', async () => {
      const userId = await insertUser(handle.db, accountId, `reset-${n}`);
      const session = await login(app, `reset-${n}`);
      expect((await act('customer_service', 'sendCustomerUserPasswordReset', userId)).statusCode).toBe(200);
      const mail = await handle.db.selectFrom('mail_outbox').select('kind').where('user_id', '=', userId).execute();
      expect(mail.map((m) => m.kind)).toEqual(['password.reset']);
      const ended = customerUserActionResponse.parse((await act('admin', 'endCustomerUserSessions', userId)).json());
      expect(ended.message).toBe(BACK_OFFICE_MSG.sessionsEnded(`reset-${n}`, 1));
      const refreshed = await app.inject({
        method: 'GET',
        url: pathOf(routes.refreshSession),
        headers: bearer(session.refreshToken),
      });
      expect(refreshed.statusCode).toBe(401);
      expect((await act('customer_service', 'endCustomerUserSessions', 2_000_000_000)).statusCode).toBe(404);
    });
  });

  // ---- orders ----

  describe('orders', () => {
    const list = (q: Record<string, string>) =>
      call('read_only', { method: 'GET', url: `${pathOf(e.listStaffOrders)}?${new URLSearchParams(q).toString()}` });
    const detail = async (orderNumber: string) =>
      staffOrderDetail.parse(
        (await call('read_only', { method: 'GET', url: pathOf(e.getStaffOrder, { orderNumber }) })).json(),
      );

    it('filters every account’s orders by status, account and date, paged and sorted', async () => {
      const open = listStaffOrdersResponse.parse((await list({ customerNumber: acc, status: 'Open' })).json());
      expect(open.rows.map((r) => r.orderNumber)).toEqual([`SO-${n}-1`]);
      const sorted = listStaffOrdersResponse.parse(
        (await list({ customerNumber: acc, sort: 'orderedDate', direction: 'desc' })).json(),
      );
      expect(sorted.rows.map((r) => r.orderNumber)).toEqual([`SO-${n}-2`, `SO-${n}-1`, `SO-${n}-3`]);
      const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
      const recent = listStaffOrdersResponse.parse((await list({ customerNumber: acc, from })).json());
      expect(recent.total).toBe(2);
      const reversed = await list({ from: '2026-02-01', to: '2026-01-01' });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toContain(BACK_OFFICE_MSG.dateRangeReversed);
      const badDate = await list({ from: '2026-02-30' });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().message).toContain(BACK_OFFICE_MSG.badDate);
    });

    it('shows an order with its lines, tracking, history and where its status may go', async () => {
      await handle.db
        .updateTable('orders')
        .set({ placed_on_behalf: 'placed by ada for bo.buyer' })
        .where('order_number', '=', `SO-${n}-3`)
        .execute();
      const d = await detail(`SO-${n}-3`);
      expect(d.lines).toHaveLength(1);
      expect(d.trackingNumbers).toEqual(['TRK-1']);
      expect(d.allowedStatuses).toEqual([]);
      expect(d.placedOnBehalf).toBe('placed by ada for bo.buyer');
      expect(d.events.find((x) => x.kind === 'placed')?.detail).toBe('placed by ada for bo.buyer');
      expect(d.events.find((x) => x.kind === 'tracking-added')?.detail).toBe(
        BACK_OFFICE_MSG.orderEvent.tracking('TRK-1'),
      );
      expect((await detail(`SO-${n}-1`)).allowedStatuses).toEqual(['In Progress', 'Shipped', 'Cancelled']);
    });

    it('changes the status with tracking numbers through the ERP’s life cycle, audited', async () => {
      const before = await detail(`SO-${n}-2`);
      const url = pathOf(e.setStaffOrderStatus, { orderNumber: `SO-${n}-2` });
      expect(
        (await call('read_only', { method: 'PUT', url, payload: { status: 'Shipped', updatedAt: before.updatedAt } }))
          .statusCode,
      ).toBe(403);
      const res = await call('customer_service', {
        method: 'PUT',
        url,
        payload: { status: 'Shipped', trackingNumbers: ['DPD-42'], updatedAt: before.updatedAt },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = staffOrderDetail.parse(res.json());
      expect(after).toMatchObject({ status: 'Shipped', trackingNumbers: ['DPD-42'] });
      const [row] = await auditOf(handle, 'order.status.update');
      expect(row).toMatchObject({
        target_id: `SO-${n}-2`,
        before: { status: 'In Progress', trackingNumbers: [] },
        after: { status: 'Shipped', trackingNumbers: ['DPD-42'] },
      });
      // Shipped is final: the life cycle refuses a way back, with the order as it is.
      const back = await call('customer_service', {
        method: 'PUT',
        url,
        payload: { status: 'Open', updatedAt: after.updatedAt },
      });
      expect(back.statusCode).toBe(409);
      expect(staffOrderConflict.parse(back.json()).current.status).toBe('Shipped');
      const badTracking = await call('customer_service', {
        method: 'PUT',
        url,
        payload: { status: 'Shipped', trackingNumbers: ['no spaces'], updatedAt: after.updatedAt },
      });
      expect(badTracking.statusCode).toBe(400);
      expect(badTracking.json().message).toContain(BACK_OFFICE_MSG.trackingFormat);
    });

    it('records a cancellation by staff with their name: the buyer’s Open Orders and the email say who', async () => {
      await insertOrder(handle.db, { accountId, orderNumber: `SO-${n}-X`, status: 'Open', orderedDaysAgo: 1 });
      const seen = await detail(`SO-${n}-X`);
      const res = await call('customer_service', {
        method: 'PUT',
        url: pathOf(e.setStaffOrderStatus, { orderNumber: `SO-${n}-X` }),
        payload: { status: 'Cancelled', updatedAt: seen.updatedAt },
      });
      expect(res.statusCode, res.body).toBe(200);
      const staffName = `customer-service-${n}`.toLowerCase();
      expect(staffOrderDetail.parse(res.json()).cancellation).toMatchObject({ by: 'admin', name: staffName });
      const open = await app.inject({
        method: 'GET',
        url: pathOf(routes.listOpenOrders),
        headers: bearer(customerToken),
      });
      expect(open.statusCode, open.body).toBe(200);
      const mine = listOpenOrdersResponse.parse(open.json()).find((o) => o.orderNumber === `SO-${n}-X`);
      expect(mine?.cancellation).toMatchObject({ by: 'admin', name: staffName });
      expect(ORDER_MSG.cancelledBy(mine!.cancellation!)).toBe(`by ${staffName} of our team`);
      const mail = await handle.db
        .selectFrom('mail_outbox')
        .select('payload')
        .where('kind', '=', 'order.cancelled')
        .where('account_id', '=', accountId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(mail.payload)).toMatchObject({ orderNumber: `SO-${n}-X`, cancelledByStaff: staffName });
    });

    it('answers 409 with the current state when the ERP changed the order while staff edited it', async () => {
      const seen = await detail(`SO-${n}-1`);
      // The ERP moves it on (the same service its PUT /orders/{n}/status uses).
      await new Promise((r) => setTimeout(r, 5));
      await composeStore(handle.db).orderStatus.setOrderStatus({
        orderNumber: `SO-${n}-1`,
        status: 'In Progress',
        tracking: [],
        by: { kind: 'erp', name: 'erp' },
      });
      const res = await call('customer_service', {
        method: 'PUT',
        url: pathOf(e.setStaffOrderStatus, { orderNumber: `SO-${n}-1` }),
        payload: { status: 'Cancelled', updatedAt: seen.updatedAt },
      });
      expect(res.statusCode, res.body).toBe(409);
      const conflict = staffOrderConflict.parse(res.json());
      expect(conflict.message).toBe(BACK_OFFICE_MSG.orderChangedMeanwhile(`SO-${n}-1`));
      expect(conflict.current.status).toBe('In Progress');
      expect((await detail(`SO-${n}-1`)).status).toBe('In Progress');
    });

    it('sends the acknowledgement again, and says so when there is no address to send it to', async () => {
      const resend = () =>
        call('customer_service', {
          method: 'POST',
          url: pathOf(e.resendOrderAcknowledgement, { orderNumber: `SO-${n}-1` }),
        });
      // The order came from the ERP (no user) and the account has no email address.
      await handle.db.updateTable('accounts').set({ email: '' }).where('id', '=', accountId).execute();
      const none = await resend();
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toEqual({ queued: false, message: BACK_OFFICE_MSG.acknowledgementNoAddress });
      await handle.db
        .updateTable('accounts')
        .set({ email: 'office@test.example' })
        .where('id', '=', accountId)
        .execute();
      const res = await resend();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ queued: true, message: BACK_OFFICE_MSG.acknowledgementQueued(`SO-${n}-1`) });
      const mails = await handle.db
        .selectFrom('mail_outbox')
        .select(['status', 'recipients'])
        .where('account_id', '=', accountId)
        .where('kind', '=', 'order.acknowledgement')
        .orderBy('id')
        .execute();
      expect(mails.map((m) => m.status)).toEqual(['unsendable', 'pending']);
      expect(JSON.parse(mails[1]!.recipients)).toEqual(['office@test.example']);
      const [row] = await auditOf(handle, 'order.acknowledgement.resend');
      expect(row).toMatchObject({ target_id: `SO-${n}-1`, after: { queued: true } });
      const missing = await call('customer_service', {
        method: 'POST',
        url: pathOf(e.resendOrderAcknowledgement, { orderNumber: 'SO-NONE' }),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(BACK_OFFICE_MSG.orderNotFound('SO-NONE'));
    });
  });

  // ---- settings ----

  describe('settings', () => {
    const patch = (role: StaffRole, payload: object) =>
      call(role, { method: 'PATCH', url: pathOf(e.updateStaffSettings), payload });

    it('changes the banner and cut-off (admin only), audited with before and after', async () => {
      expect((await call('customer_service', { method: 'GET', url: pathOf(e.getStaffSettings) })).statusCode).toBe(403);
      expect((await patch('customer_service', { orderCutOff: '15:00' })).statusCode).toBe(403);
      const res = await patch('admin', { bannerShow: true, bannerText: 'Closed on Monday', orderCutOff: '15:30' });
      expect(res.statusCode, res.body).toBe(200);
      expect(staffSettings.parse(res.json())).toMatchObject({
        bannerShow: true,
        bannerText: 'Closed on Monday',
        orderCutOff: '15:30',
      });
      // The customers' portal shows it.
      const banner = await app.inject({
        method: 'GET',
        url: pathOf(routes.getNotification),
        headers: bearer(customerToken),
      });
      expect(banner.json()).toEqual({ showNotification: true, notificationText: 'Closed on Monday' });
      const [row] = await auditOf(handle, 'settings.update');
      expect(row).toMatchObject({
        before: { bannerShow: false, bannerText: '', orderCutOff: '14:00' },
        after: { bannerShow: true, bannerText: 'Closed on Monday', orderCutOff: '15:30' },
      });
    });

    it('answers each bad value with its message, and stores nothing of a bad request', async () => {
      const cases: [object, string][] = [
        [{ orderCutOff: '25:00' }, BACK_OFFICE_MSG.cutOffFormat],
        [{ supportEmail: 'not-an-address' }, BACK_OFFICE_MSG.supportEmailFormat],
        [{ trackingUrlTemplate: 'https://track.example/?p=' }, BACK_OFFICE_MSG.trackingTemplateFormat],
        [{ companySiteUrl: 'ftp://x' }, BACK_OFFICE_MSG.urlFormat],
        [{ bannerText: 'x'.repeat(501) }, MSG.maxCharacters(500)],
        [{ bannerShow: true, bannerText: '' }, BACK_OFFICE_MSG.bannerTextRequired],
      ];
      for (const [payload, message] of cases) {
        const res = await patch('admin', {
          ...payload,
          orderCutOff: (payload as { orderCutOff?: string }).orderCutOff ?? '16:00',
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toContain(message);
      }
      const now = staffSettings.parse((await call('admin', { method: 'GET', url: pathOf(e.getStaffSettings) })).json());
      expect(now.orderCutOff).toBe('15:30');
    });

    it('holds the admin CLI to the same rules', async () => {
      await expect(setSetting(handle.db, { key: 'support.email', value: 'nope' })).rejects.toThrow(
        BACK_OFFICE_MSG.supportEmailFormat,
      );
      await expect(setSetting(handle.db, { key: 'tracking.urlTemplate', value: 'https://t.example/' })).rejects.toThrow(
        BACK_OFFICE_MSG.trackingTemplateFormat,
      );
    });
  });

  // ---- integration ----

  describe('integration', () => {
    it('creates an API client with its key shown once, rotates, revokes a key and the client', async () => {
      expect(
        (
          await call('customer_service', {
            method: 'POST',
            url: pathOf(e.createStaffApiClient),
            payload: { name: `x-${n}`, scopes: ['orders:read'] },
          })
        ).statusCode,
      ).toBe(403);
      const res = await call('admin', {
        method: 'POST',
        url: pathOf(e.createStaffApiClient),
        payload: { name: `erp-${n}`, scopes: ['orders:read', 'events:read'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const made = issuedApiKey.parse(res.json());
      expect(made.key).toMatch(/^wpk_/);
      const listed = listStaffApiClientsResponse.parse(
        (await call('admin', { method: 'GET', url: pathOf(e.listStaffApiClients) })).json(),
      );
      expect(JSON.stringify(listed)).not.toContain(made.key);
      expect(listed.find((c) => c.id === made.client.id)?.keys.map((k) => k.keyId)).toEqual([made.keyId]);
      const dup = await call('admin', {
        method: 'POST',
        url: pathOf(e.createStaffApiClient),
        payload: { name: `erp-${n}`, scopes: ['orders:read'] },
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(BACK_OFFICE_MSG.clientNameTaken(`erp-${n}`));
      const bad = await call('admin', {
        method: 'POST',
        url: pathOf(e.createStaffApiClient),
        payload: { name: 'x/y', scopes: [] },
      });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { issues: { message: string }[] }).issues.map((i) => i.message)).toEqual([
        BACK_OFFICE_MSG.clientNameFormat,
        BACK_OFFICE_MSG.scopesRequired,
      ]);

      const rotated = issuedApiKey.parse(
        (
          await call('admin', { method: 'POST', url: pathOf(e.rotateStaffApiClientKey, { clientId: made.client.id }) })
        ).json(),
      );
      expect(rotated.client.keys).toHaveLength(2);
      const afterRevoke = staffApiClient.parse(
        (
          await call('admin', {
            method: 'DELETE',
            url: pathOf(e.revokeStaffApiKey, { clientId: made.client.id, keyId: made.keyId }),
          })
        ).json(),
      );
      expect(afterRevoke.keys.map((k) => k.keyId)).toEqual([rotated.keyId]);
      const revoked = staffApiClient.parse(
        (
          await call('admin', { method: 'POST', url: pathOf(e.revokeStaffApiClient, { clientId: made.client.id }) })
        ).json(),
      );
      expect(revoked.revokedAt).not.toBeNull();
      const rows = await auditOf(handle, 'api_client.create');
      expect(rows.map((r) => r.target_id)).toContain(`erp-${n}`);
      // Keys are never written to the audit log.
      const all = await handle.db.selectFrom('staff_audit').select(['before_json', 'after_json']).execute();
      expect(JSON.stringify(all)).not.toContain(made.key);
      expect(JSON.stringify(all)).not.toContain(rotated.key);
    });

    it('shows an endpoint’s delivery log and redelivers a failed delivery', async () => {
      const client = await composeStore(handle.db).apiKeys.createClient(`hooks-${n}`, 'webhooks:manage');
      const now = new Date().toISOString();
      const endpoint = await handle.db
        .insertInto('webhook_endpoints')
        .values({
          client_id: client.clientId,
          url: 'https://erp.example/hook',
          event_types: JSON.stringify(['order.placed']),
          secret_enc: 'sealed',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const event = await handle.db
        .insertInto('outbox_events')
        .values({ event_id: `evt-${n}`, type: 'order.placed', account_id: accountId, payload: '{}', created_at: now })
        .returning('seq')
        .executeTakeFirstOrThrow();
      const delivery = await handle.db
        .insertInto('webhook_deliveries')
        .values({
          event_seq: Number(event.seq),
          endpoint_id: endpoint.id,
          status: 'failed',
          attempts: 8,
          next_attempt_at: now,
          last_status: 500,
          last_error: 'HTTP 500',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const log = listStaffWebhookDeliveriesResponse.parse(
        (
          await call('admin', {
            method: 'GET',
            url: `${pathOf(e.listStaffWebhookDeliveries, { endpointId: endpoint.id })}?status=failed`,
          })
        ).json(),
      );
      expect(log.rows).toEqual([
        expect.objectContaining({
          id: delivery.id,
          status: 'failed',
          attempts: 8,
          lastStatus: 500,
          nextAttemptAt: null,
        }),
      ]);
      const res = await call('admin', {
        method: 'POST',
        url: pathOf(e.redeliverStaffWebhookDelivery, { endpointId: endpoint.id, deliveryId: delivery.id }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(staffWebhookDelivery.parse(res.json())).toMatchObject({ status: 'pending', attempts: 0 });
      const [row] = await auditOf(handle, 'webhook.redeliver');
      expect(row).toMatchObject({
        before: { status: 'failed', attempts: 8 },
        after: { status: 'pending', attempts: 0 },
      });
      const missing = await call('admin', {
        method: 'POST',
        url: pathOf(e.redeliverStaffWebhookDelivery, { endpointId: endpoint.id, deliveryId: 2_000_000_000 }),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(BACK_OFFICE_MSG.deliveryNotFound);
    });
  });

  it('refuses a customer token on every back-office endpoint', async () => {
    const res = await call('customer', { method: 'GET', url: pathOf(e.searchCustomers) });
    expect([401, 403]).toContain(res.statusCode);
  });
});
