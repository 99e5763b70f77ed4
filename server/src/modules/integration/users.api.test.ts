import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  INTEGRATION_MSG,
  MSG,
  PASSWORD_RULE_MESSAGE,
  listEventsResponse,
  problemDetails,
  upsertResponse,
  type ApiScope,
  pathOf,
  integrationRoutes,
  routes,
} from '@wholesale/contract';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { bearer, login, openApiPath, testApp } from '../../test/app.js';
import { composeStore } from '../../compose.js';

describe.each(testEngines())('integration API: users of an account, set-password links on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let erp: string; // accounts:write + events:read
  let noAccounts: string; // catalogue:write only
  let customerNumber: string;
  let otherCustomerNumber: string;

  const key = async (name: string, scopes: readonly ApiScope[]) =>
    (await composeStore(handle.db).apiKeys.createClient(name, scopes.join(','))).key;
  const call = (k: string, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { authorization: `Bearer ${k}`, ...opts.headers } });
  const putUsers = (items: unknown[], cn = customerNumber, k = erp, query = '') =>
    call(k, {
      method: 'PUT',
      url: `${pathOf(integrationRoutes.upsertAccountUsers, { customerNumber: cn })}${query}`,
      payload: { items },
    });
  const ok = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return upsertResponse.parse(res.json());
  };
  const problem = (
    res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
    status: number,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return problemDetails.parse(res.json());
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
  const events = async (type: string) => {
    const res = await call(erp, { method: 'GET', url: `${pathOf(integrationRoutes.listEvents)}?limit=500` });
    expect(res.statusCode, res.body).toBe(200);
    return listEventsResponse
      .parse(res.json())
      .events.filter((e) => e.type === type)
      .map((e) => e.data);
  };
  const tryLogin = (username: string, password: string) =>
    app.inject({ method: 'POST', url: pathOf(routes.login), payload: { username, password } });

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle, { PUBLIC_URL: 'https://portal.test.example' });
    const account = await insertAccount(handle.db);
    customerNumber = (await handle.db
      .selectFrom('accounts')
      .select('customer_number')
      .where('id', '=', account)
      .executeTakeFirstOrThrow())!.customer_number;
    const other = await insertAccount(handle.db);
    await insertUser(handle.db, other, `taken-${engine.name}`);
    otherCustomerNumber = (await handle.db
      .selectFrom('accounts')
      .select('customer_number')
      .where('id', '=', other)
      .executeTakeFirstOrThrow())!.customer_number;
    erp = await key('erp-users', ['accounts:write', 'events:read']);
    noAccounts = await key('erp-catalogue', ['catalogue:write']);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('creates users with a one-time set-password link; unchanged, updated, stale, bad rows fail beside good', async () => {
    const u1 = { username: 'erp.ann', name: 'Ann Erp', email: 'ann@erp.example', jobTitle: 'Buyer', sourceVersion: 5 };
    const first = ok(
      await putUsers([
        u1,
        { username: 'erp bad', name: 'x' },
        { username: 'erp.bob', name: 'Bob', email: 'not-an-email' },
        { username: `taken-${engine.name}`, name: 'Thief' },
        { username: 'erp.cy', name: 'Cy', enabled: false },
      ]),
    );
    expect(first.results.map((r) => r.status)).toEqual(['created', 'failed', 'failed', 'failed', 'created']);
    expect(first.results[1]!.errors?.[0]?.pointer).toBe('/items/1/username');
    expect(first.results[2]!.errors?.[0]?.pointer).toBe('/items/2/email');
    expect(first.results[3]!.errors).toEqual([
      { pointer: '/items/3/username', detail: INTEGRATION_MSG.usernameOfOtherAccount },
    ]);
    const link = first.results[0]!.setPasswordLink;
    expect(link?.url).toMatch(/^https:\/\/portal\.test\.example\/set-password\?token=[\w-]{20,}$/);
    expect(Date.parse(link!.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    // A disabled new user gets no link (it could not be used).
    expect(first.results[4]!.setPasswordLink).toBeUndefined();
    // The link is stored hashed only.
    const stored = await handle.db.selectFrom('password_links').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(tokenOf(link!.url));

    const again = ok(await putUsers([u1]));
    expect(again.results[0]).toEqual({ index: 0, key: 'erp.ann', status: 'unchanged' });
    const older = ok(await putUsers([{ ...u1, name: 'Old Name', sourceVersion: 4 }]));
    expect(older.results[0]!.status).toBe('stale');
    const changed = ok(await putUsers([{ ...u1, jobTitle: 'Head Buyer', sourceVersion: 6 }]));
    expect(changed.results[0]!.status).toBe('updated');
    expect(changed.results[0]!.setPasswordLink).toBeUndefined();
    const row = await handle.db
      .selectFrom('users')
      .select(['job_title', 'name', 'email'])
      .where('username', '=', 'erp.ann')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ job_title: 'Head Buyer', name: 'Ann Erp', email: 'ann@erp.example' });
  });

  it('refuses a missing scope (403), an unknown account (404), and says so in the OpenAPI', async () => {
    problem(await putUsers([{ username: 'x1', name: 'X' }], customerNumber, noAccounts), 403);
    const p = problem(await putUsers([{ username: 'x1', name: 'X' }], 'NO-SUCH-ACCOUNT'), 404);
    expect(p.detail).toBe(INTEGRATION_MSG.unknownAccount('NO-SUCH-ACCOUNT'));
    problem(
      await call(erp, {
        method: 'PUT',
        url: pathOf(integrationRoutes.upsertAccountUsers, { customerNumber }),
        payload: {},
      }),
      400,
    );

    // The OpenAPI document is @fastify/swagger's, not a route of the contract.
    // eslint-disable-next-line no-restricted-syntax
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string }[] }>>;
    };
    const op = doc.paths[openApiPath(integrationRoutes.upsertAccountUsers)]?.put;
    expect(op?.security).toEqual([{ apiKeyBearer: [] }, { apiKeyHeader: [] }]);
    expect(op?.parameters?.map((x) => x.name)).toEqual(expect.arrayContaining(['customerNumber', 'atomic']));
    expect(doc.paths[openApiPath(routes.describeSetPasswordLink)]?.get).toBeDefined();
    expect(doc.paths[openApiPath(routes.setPassword)]?.post).toBeDefined();
  });

  it('a new user sets a password through the link (spec rules and messages), then logs in; the link works once', async () => {
    const res = ok(await putUsers([{ username: 'erp.dee', name: 'Dee' }]));
    const token = tokenOf(res.results[0]!.setPasswordLink!.url);
    // No password until the link is used.
    expect((await tryLogin('erp.dee', '!unset')).statusCode).toBe(401);

    const about = await app.inject({ method: 'GET', url: pathOf(routes.describeSetPasswordLink, { token }) });
    expect(about.statusCode, about.body).toBe(200);
    expect(about.json()).toMatchObject({ username: 'erp.dee' });

    const set = (body: Record<string, string>) =>
      app.inject({ method: 'POST', url: pathOf(routes.setPassword), payload: { token, ...body } });
    const weak = await set({ newPassword: 'short', confirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain(PASSWORD_RULE_MESSAGE);
    const mismatch = await set({ newPassword: 'Good-pass-123', confirmPassword: 'Good-pass-124' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain(MSG.passwordsMustMatch);

    const done = await set({ newPassword: 'Good-pass-123', confirmPassword: 'Good-pass-123' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true, username: 'erp.dee' });
    expect((await tryLogin('erp.dee', 'Good-pass-123')).statusCode).toBe(200);

    const twice = await set({ newPassword: 'Other-pass-456', confirmPassword: 'Other-pass-456' });
    expect(twice.statusCode).toBe(410);
    expect((twice.json() as { message: string }).message).toBe(MSG.setPasswordLinkExpired);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.describeSetPasswordLink, { token }) })).statusCode,
    ).toBe(410);
    expect((await tryLogin('erp.dee', 'Other-pass-456')).statusCode).toBe(401);
  });

  it('an expired link, a superseded link and a disabled user’s link are refused (410); a new one can be asked for', async () => {
    const created = ok(await putUsers([{ username: 'erp.eve', name: 'Eve' }]));
    const firstToken = tokenOf(created.results[0]!.setPasswordLink!.url);
    const fresh = ok(await putUsers([{ username: 'erp.eve', name: 'Eve', newSetPasswordLink: true }]));
    expect(fresh.results[0]!.status).toBe('updated');
    const secondToken = tokenOf(fresh.results[0]!.setPasswordLink!.url);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.describeSetPasswordLink, { token: firstToken }) }))
        .statusCode,
    ).toBe(410);
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.describeSetPasswordLink, { token: secondToken }) }))
        .statusCode,
    ).toBe(200);

    await handle.db
      .updateTable('password_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const expired = await app.inject({
      method: 'POST',
      url: pathOf(routes.setPassword),
      payload: { token: secondToken, newPassword: 'Good-pass-123', confirmPassword: 'Good-pass-123' },
    });
    expect(expired.statusCode).toBe(410);

    const third = ok(await putUsers([{ username: 'erp.eve', name: 'Eve', newSetPasswordLink: true }]));
    const thirdToken = tokenOf(third.results[0]!.setPasswordLink!.url);
    ok(await putUsers([{ username: 'erp.eve', name: 'Eve', enabled: false }]));
    expect(
      (await app.inject({ method: 'GET', url: pathOf(routes.describeSetPasswordLink, { token: thirdToken }) }))
        .statusCode,
    ).toBe(410);
    const refused = ok(
      await putUsers([{ username: 'erp.eve', name: 'Eve', enabled: false, newSetPasswordLink: true }]),
    );
    expect(refused.results[0]!.errors).toEqual([
      { pointer: '/items/0/newSetPasswordLink', detail: INTEGRATION_MSG.linkForDisabledUser },
    ]);
  });

  it("disabling a user ends the user's sessions at once (access and refresh tokens)", async () => {
    const accountId = (await handle.db
      .selectFrom('accounts')
      .select('id')
      .where('customer_number', '=', customerNumber)
      .executeTakeFirstOrThrow())!.id;
    await insertUser(handle.db, accountId, `erp.fay-${engine.name}`);
    const session = await login(app, `erp.fay-${engine.name}`);
    const me = () =>
      app.inject({ method: 'GET', url: pathOf(routes.getCurrentUser), headers: bearer(session.accessToken) });
    expect((await me()).statusCode).toBe(200); // now trusted from the session cache for a while
    ok(await putUsers([{ username: `erp.fay-${engine.name}`, name: 'Fay', enabled: false }]));
    expect((await me()).statusCode).toBe(401);
    const refresh = await app.inject({
      method: 'GET',
      url: pathOf(routes.refreshSession),
      headers: bearer(session.refreshToken),
    });
    expect(refresh.statusCode).toBe(401);
    expect((await tryLogin(`erp.fay-${engine.name}`, 'Portal-test-1')).statusCode).toBe(401);
    ok(await putUsers([{ username: `erp.fay-${engine.name}`, name: 'Fay', enabled: true }]));
    expect((await tryLogin(`erp.fay-${engine.name}`, 'Portal-test-1')).statusCode).toBe(200);
  });

  it('sends user.updated in the same transaction: created and changed users, none for unchanged or refused rows', async () => {
    ok(await putUsers([{ username: 'erp.gus', name: 'Gus', email: 'gus@erp.example' }]));
    ok(await putUsers([{ username: 'erp.gus', name: 'Gus', email: 'gus@erp.example' }])); // unchanged
    ok(await putUsers([{ username: 'erp.gus', name: 'Gus', email: 'gus@erp.example', newSetPasswordLink: true }]));
    ok(await putUsers([{ username: 'erp.gus', name: 'Gus Two', email: 'gus@erp.example', enabled: false }]));
    // atomic=true with a bad row: nothing written, so no event either.
    problem(
      await putUsers(
        [
          { username: 'erp.hal', name: 'Hal' },
          { username: 'erp.ivy', name: 'Ivy', email: 'nope' },
        ],
        customerNumber,
        erp,
        '?atomic=true',
      ),
      422,
    );
    const gus = (await events('user.updated')).filter((d) => d.username === 'erp.gus');
    expect(gus).toEqual([
      {
        customerNumber,
        username: 'erp.gus',
        name: 'Gus',
        email: 'gus@erp.example',
        jobTitle: '',
        enabled: true,
        change: 'created',
        source: 'integration-api',
      },
      {
        customerNumber,
        username: 'erp.gus',
        name: 'Gus Two',
        email: 'gus@erp.example',
        jobTitle: '',
        enabled: false,
        change: 'updated',
        source: 'integration-api',
      },
    ]);
    expect((await events('user.updated')).some((d) => d.username === 'erp.hal')).toBe(false);
    expect(
      await handle.db.selectFrom('users').select('id').where('username', '=', 'erp.hal').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a row the database refuses fails alone (a savepoint per row), never a 500; atomic=true names it in a 422', async () => {
    const account = (n: string, refs: string[]) => ({
      customerNumber: n,
      name: `Savepoint ${n}`,
      currency: 'GBP',
      paymentTerms: 'credit',
      invoiceAddress: { country: 'United Kingdom (Mainland)' },
      deliveryAddresses: refs.map((reference) => ({
        reference,
        name: 'Depot',
        address1: '1 Road',
        city: 'Leeds',
        country: 'United Kingdom (Mainland)',
        postcode: 'LS1 1AA',
      })),
    });
    const put = (items: unknown[], query = '') =>
      call(erp, { method: 'PUT', url: `${pathOf(integrationRoutes.upsertAccounts)}${query}`, payload: { items } });
    // Two delivery addresses with one reference: the database's unique key refuses the row.
    const res = ok(await put([account('SP-1', ['A']), account('SP-2', ['DUP', 'DUP']), account('SP-3', ['B'])]));
    expect(res.results.map((r) => r.status)).toEqual(['created', 'failed', 'created']);
    expect(res.results[1]!.errors).toEqual([{ pointer: '/items/1', detail: INTEGRATION_MSG.rowConflict }]);
    const written = await handle.db
      .selectFrom('accounts')
      .select('customer_number')
      .where('customer_number', 'in', ['SP-1', 'SP-2', 'SP-3'])
      .orderBy('customer_number')
      .execute();
    expect(written.map((a) => a.customer_number)).toEqual(['SP-1', 'SP-3']);

    const atomic = problem(await put([account('SP-4', ['C']), account('SP-5', ['D', 'D'])], '?atomic=true'), 422);
    expect(atomic.errors).toEqual([{ pointer: '/items/1', detail: INTEGRATION_MSG.rowConflict }]);
    expect(
      await handle.db.selectFrom('accounts').select('id').where('customer_number', '=', 'SP-4').executeTakeFirst(),
    ).toBeUndefined();

    // Users of another account's number in the path still work after a refused row elsewhere.
    const other = ok(await putUsers([{ username: 'erp.jo', name: 'Jo' }], otherCustomerNumber));
    expect(other.results[0]!.status).toBe('created');
  });
});
