import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pathOf } from '@wholesale/contract';
import { STAFF_MSG, staffEndpoints as S, type StaffUserRow } from '@wholesale/contract/staff';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { bearer, testApp } from '../../test/app.js';
import { cliActor, type AuditActor } from './audit.service.js';
import { STAFF_PASSWORD, createStaff, post, signedInStaff, staffServices, totpCode } from './staff.test-support.js';

/**
 * The admins' Staff screen's API: the list (with the last sign-in), create, change a role, disable
 * and enable again; never one's own account, and never the last active admin, even when two admins
 * disable each other at the same moment. Each engine starts from an empty back office.
 */
describe.each(testEngines())('staff users on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let olga: string;
  let olgaId: number;

  const act = (method: 'POST' | 'PUT', path: string, token: string, payload: object = {}) =>
    app.inject({ method, url: path, payload, headers: bearer(token) });
  const list = async (token: string) => {
    const res = await app.inject({ method: 'GET', url: pathOf(S.listStaffUsers), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as StaffUserRow[];
  };
  const actorOf = async (username: string): Promise<AuditActor> => ({
    staffId: (await staffServices(handle).staff.findStaff(username))!.id,
    username,
    address: '127.0.0.1',
  });
  const activeAdmins = async () =>
    (await staffServices(handle).staff.listStaff())
      .filter((m) => m.role === 'admin' && !m.disabled)
      .map((m) => m.username);

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    const session = await signedInStaff(app, handle, 'olga', 'admin');
    olga = session.token;
    olgaId = (await staffServices(handle).staff.findStaff('olga'))!.id;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('lists every staff member with role, enrolment, status and last sign-in', async () => {
    await createStaff(app, handle, 'nina', 'read_only');
    const rows = await list(olga);
    expect(rows.map((r) => r.username)).toEqual(['nina', 'olga']);
    const [nina, self] = rows;
    expect(nina).toMatchObject({ role: 'read_only', enrolled: false, disabled: false, lastSignInAt: null });
    expect(self).toMatchObject({ id: olgaId, role: 'admin', enrolled: true, disabled: false });
    expect(Date.now() - Date.parse(self!.lastSignInAt!)).toBeLessThan(60_000);
  });

  it('answers bad values with the contract message', async () => {
    const created = (body: object) => act('POST', pathOf(S.createStaffUser), olga, body);
    const role = await created({ username: 'rita', email: 'rita@staff.example', role: 'boss' });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain(STAFF_MSG.roleFormat);
    const email = await created({ username: 'rita', email: 'rita', role: 'finance' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toContain(STAFF_MSG.emailFormat);
    const name = await created({ username: 'r', email: 'rita@staff.example', role: 'finance' });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toContain(STAFF_MSG.usernameFormat);
    const setRole = await act('PUT', pathOf(S.setStaffUserRole, { username: 'nina' }), olga, { role: 'owner' });
    expect(setRole.statusCode).toBe(400);
    expect(setRole.json().message).toContain(STAFF_MSG.roleFormat);
    const empty = await created({});
    expect(empty.json().issues).toEqual([
      { path: 'username', message: STAFF_MSG.usernameFormat },
      { path: 'email', message: STAFF_MSG.emailFormat },
      { path: 'role', message: STAFF_MSG.roleFormat },
    ]);
    const flag = await created({
      username: 'rita',
      email: 'rita@staff.example',
      role: 'finance',
      canOrderOnBehalf: 'y',
    });
    expect(flag.json().message).toContain(STAFF_MSG.orderOnBehalfFormat);
    const ghost = await act('POST', pathOf(S.disableStaffUser, { username: 'ghost' }), olga);
    expect([ghost.statusCode, ghost.json().message]).toEqual([404, STAFF_MSG.unknownStaff('ghost')]);
  });

  it('disables and enables a staff member again: sessions end, the sign-in comes back, both audited', async () => {
    const { token, secret } = await signedInStaff(app, handle, 'pete', 'finance');
    const off = await act('POST', pathOf(S.disableStaffUser, { username: 'pete' }), olga);
    expect([off.statusCode, off.json().disabled]).toEqual([200, true]);
    const me = await app.inject({ method: 'GET', url: pathOf(S.getStaffMe), headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const again = await act('POST', pathOf(S.disableStaffUser, { username: 'pete' }), olga);
    expect([again.statusCode, again.json().message]).toEqual([409, STAFF_MSG.alreadyDisabled('pete')]);
    expect((await post(app, S.staffLogin, { username: 'pete', password: STAFF_PASSWORD })).statusCode).toBe(401);

    const on = await act('POST', pathOf(S.enableStaffUser, { username: 'pete' }), olga);
    expect([on.statusCode, on.json().disabled]).toEqual([200, false]);
    const twice = await act('POST', pathOf(S.enableStaffUser, { username: 'pete' }), olga);
    expect([twice.statusCode, twice.json().message]).toEqual([409, STAFF_MSG.alreadyEnabled('pete')]);
    // The password and the authenticator they had.
    const login = await post(app, S.staffLogin, { username: 'pete', password: STAFF_PASSWORD });
    expect(login.json()).toMatchObject({ step: 'code' });
    const code = await post(app, S.verifyStaffFactor, {
      challenge: login.json().challenge,
      code: await totpCode(secret, 1),
    });
    expect(code.statusCode).toBe(200);

    const audit = await handle.db
      .selectFrom('staff_audit')
      .select(['action', 'before_json', 'after_json'])
      .where('staff_username', '=', 'olga')
      .where('action', 'in', ['staff.disabled', 'staff.enabled'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'staff.disabled', before_json: '{"disabled":false}', after_json: '{"disabled":true}' },
      { action: 'staff.enabled', before_json: '{"disabled":true}', after_json: '{"disabled":false}' },
    ]);
  });

  it('never changes your own role or status', async () => {
    for (const [method, path, body] of [
      ['POST', pathOf(S.disableStaffUser, { username: 'olga' }), {}],
      ['POST', pathOf(S.enableStaffUser, { username: 'OLGA' }), {}],
      ['PUT', pathOf(S.setStaffUserRole, { username: 'olga' }), { role: 'read_only' }],
    ] as const) {
      const res = await act(method, path, olga, body);
      expect([res.statusCode, res.json().message]).toEqual([409, STAFF_MSG.notYourself]);
    }
    expect(await activeAdmins()).toEqual(['olga']);
  });

  it('keeps the last active admin: the CLI cannot disable or demote them either', async () => {
    const { staff } = staffServices(handle);
    await expect(staff.disableStaff(cliActor(), 'olga')).rejects.toMatchObject({
      statusCode: 409,
      message: STAFF_MSG.lastAdmin,
    });
    await expect(staff.setStaffRole(cliActor(), 'olga', 'customer_service')).rejects.toMatchObject({
      statusCode: 409,
      message: STAFF_MSG.lastAdmin,
    });
    // A disabled admin is no admin to keep: with one, the active one is still the last.
    await createStaff(app, handle, 'dora', 'admin');
    await staff.disableStaff(cliActor(), 'dora');
    await expect(staff.disableStaff(cliActor(), 'olga')).rejects.toMatchObject({ message: STAFF_MSG.lastAdmin });
    // With a second active admin, either may go.
    await staff.enableStaff(cliActor(), 'dora');
    await staff.setStaffRole(cliActor(), 'dora', 'finance');
    expect(await activeAdmins()).toEqual(['olga']);
  });

  it('lets only one of two admins disabling each other at once win', async () => {
    await signedInStaff(app, handle, 'max', 'admin');
    const { staff } = staffServices(handle);
    const [olgaActor, maxActor] = [await actorOf('olga'), await actorOf('max')];
    const results = await Promise.allSettled([
      staff.disableStaff(olgaActor, 'max'),
      staff.disableStaff(maxActor, 'olga'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({ statusCode: 409, message: STAFF_MSG.lastAdmin });
    expect(await activeAdmins()).toHaveLength(1);
    // Demoting at once, the same.
    const [winner] = await activeAdmins();
    const loser = winner === 'olga' ? 'max' : 'olga';
    await staff.enableStaff(cliActor(), loser);
    const demotions = await Promise.allSettled([
      staff.setStaffRole(olgaActor, 'max', 'read_only'),
      staff.setStaffRole(maxActor, 'olga', 'read_only'),
    ]);
    expect(demotions.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await activeAdmins()).toHaveLength(1);
  });
});
