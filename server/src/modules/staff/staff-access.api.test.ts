import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_SCOPES, type Endpoint } from '@wholesale/contract';
import { STAFF_MSG, STAFF_ROLES, staffEndpoints, staffRoleAllows, type StaffRole } from '@wholesale/contract/staff';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { bearer, login, testApp } from '../../test/app.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { composeStore } from '../../compose.js';
import { signedInStaff } from './staff.test-support.js';

/**
 * The probe: every staff endpoint (whoever adds one to `staffEndpoints` is probed too), called by a
 * staff member of every role, by a customer session and by an API key. Allowed means the guard let
 * it through (any answer but 401/403: a probe's bogus input may well be a 400); refused means the
 * contract's message for that caller.
 */
const isLogout = (e: Endpoint) => e.name === 'staffLogout';
// Logging out ends the probing session: last.
const guarded = (Object.values(staffEndpoints) as Endpoint[])
  .filter((e) => e.access.kind !== 'public')
  .sort((a, b) => Number(isLogout(a)) - Number(isLogout(b)));

describe.each(testEngines())('every staff endpoint and role on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  const tokens = new Map<StaffRole, string>();
  let customer: string;
  let apiKey: string;

  const probe = (e: Endpoint, token: string) =>
    app.inject({
      method: e.method,
      url: `${e.path.replace(/:[A-Za-z0-9_]+/g, '1')}?bogus=1`,
      headers: bearer(token),
      ...(e.method === 'GET' ? {} : { payload: { bogus: true } }),
    });

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    for (const role of STAFF_ROLES)
      tokens.set(role, (await signedInStaff(app, handle, `probe-${role}`.replace('_', '-'), role)).token);
    const account = await insertAccount(handle.db);
    await insertUser(handle.db, account, 'probe-buyer');
    customer = (await login(app, 'probe-buyer')).accessToken;
    apiKey = (await composeStore(handle.db).apiKeys.createClient('probe', API_SCOPES.join(','))).key;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('has endpoints for every role to probe', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(6);
    expect(new Set(guarded.map((e) => (e.access.kind === 'staff' ? e.access.role : '')))).toEqual(
      new Set(['read_only', 'customer_service', 'finance', 'admin']),
    );
  });

  it('lets each role call what its access names, and refuses it the rest with 403', async () => {
    const wrong: string[] = [];
    for (const e of guarded) {
      if (e.access.kind !== 'staff') {
        wrong.push(`${e.name}: access ${e.access.kind} on a staff endpoint`);
        continue;
      }
      for (const role of STAFF_ROLES) {
        const res = await probe(e, tokens.get(role)!);
        const allowed = staffRoleAllows(role, e.access.role);
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === 403 && res.json().message === STAFF_MSG.roleRequired(e.access.role);
        if (!ok)
          wrong.push(
            `${e.name} as ${role} (${allowed ? 'allowed' : 'refused'}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a customer session and an API key on every staff endpoint, before reading its input', async () => {
    const wrong: string[] = [];
    for (const e of guarded)
      for (const [token, message] of [
        [customer, STAFF_MSG.customerTokenOnStaffRoute],
        [apiKey, STAFF_MSG.apiKeyOnStaffRoute],
      ] as const) {
        const res = await probe(e, token);
        if (res.statusCode !== 401 || res.json().message !== message)
          wrong.push(`${e.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    expect(wrong).toEqual([]);
  });
});
