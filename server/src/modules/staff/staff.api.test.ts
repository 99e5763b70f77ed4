import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { decodeJwt } from 'jose';
import {
  API_SCOPES,
  INTEGRATION_MSG,
  STAFF_FACTOR_MAX_FAILURES,
  VIEW_AS_MAX_MINUTES,
  SERVER_MSG,
  endpoints,
  integrationEndpoints,
  pathOf,
} from '@wholesale/contract';
import { STAFF_MSG, staffEndpoints as S } from '@wholesale/contract/staff';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { bearer, login, openApiPath, testApp, testConfig } from '../../test/app.js';
import { insertAccount, insertProduct, insertUser } from '../../test/fixtures.js';
import { cliActor } from './audit.service.js';
import { composeStore } from '../../compose.js';
import { secretBox } from '../../lib/secret-box.js';
import { renderMail, type RenderDeps } from '../mail/mail-render.js';
import {
  STAFF_PASSWORD,
  createStaff,
  enrolStaff,
  post,
  signedInStaff,
  staffServices,
  totpCode,
} from './staff.test-support.js';

describe.each(testEngines())('staff back office on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let accountId: number;
  let customerNumber: string;
  let rosaId: number;
  let customer: string;
  let apiKey: string;

  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const auditActions = async (staffUsername?: string) =>
    (
      await handle.db
        .selectFrom('staff_audit')
        .select(['action', 'staff_username', 'view_as_id', 'after_json', 'account_id'])
        .$if(staffUsername !== undefined, (q) => q.where('staff_username', '=', staffUsername!))
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  beforeAll(async () => {
    handle = await engine.open();
    app = await testApp(handle);
    accountId = await insertAccount(handle.db);
    customerNumber = (await handle.db
      .selectFrom('accounts')
      .select('customer_number')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow())!.customer_number;
    rosaId = await insertUser(handle.db, accountId, 'rosa', undefined, { name: 'Rosa Buyer' });
    await insertProduct(handle.db, { itemNumber: 'RB-100', gbpE5: 1_000_000 });
    customer = (await login(app, 'rosa')).accessToken;
    apiKey = (await composeStore(handle.db).apiKeys.createClient('every-scope', API_SCOPES.join(','))).key;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  describe('sign-in', () => {
    it('enrols TOTP on the first sign-in, then takes a code or a recovery code, each once', async () => {
      const made = await createStaff(app, handle, 'ada', 'admin');
      // The set-up link worked once.
      const again = await post(app, S.setUpStaffPassword, {
        token: made.setupToken,
        newPassword: 'Another-pass-2',
        confirmPassword: 'Another-pass-2',
      });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(STAFF_MSG.setupLinkInvalid);

      expect((await post(app, S.staffLogin, { username: 'ada', password: 'wrong-password-1' })).json().message).toBe(
        STAFF_MSG.loginFailed,
      );
      const first = await post(app, S.staffLogin, { username: 'ADA', password: STAFF_PASSWORD });
      expect(first.statusCode).toBe(200);
      const enrol = first.json() as {
        step: string;
        challenge: string;
        secret: string;
        qrCode: string;
        otpauthUrl: string;
      };
      expect(enrol.step).toBe('enrol');
      expect(enrol.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(enrol.otpauthUrl).toContain(`secret=${enrol.secret}`);
      // The secret is sealed at rest.
      const stored = await handle.db
        .selectFrom('staff_users')
        .select('totp_secret')
        .where('username', '=', 'ada')
        .executeTakeFirstOrThrow();
      expect(stored.totp_secret).not.toContain(enrol.secret);

      const wrong = await post(app, S.enrolStaffFactor, { challenge: enrol.challenge, code: '000000' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(STAFF_MSG.codeFailed);
      const code = await totpCode(enrol.secret);
      const ok = await post(app, S.enrolStaffFactor, { challenge: enrol.challenge, code });
      expect(ok.statusCode).toBe(200);
      const session = ok.json() as {
        token: string;
        recoveryCodes: string[];
        staff: { role: string; enrolled: boolean };
      };
      expect(session.recoveryCodes).toHaveLength(10);
      expect(session.staff).toMatchObject({ role: 'admin', enrolled: true });
      expect((await get(pathOf(S.getStaffMe), session.token)).json().username).toBe('ada');

      // Next sign-in asks for a code; the code just used does not work again.
      const next = (await post(app, S.staffLogin, { username: 'ada', password: STAFF_PASSWORD })).json();
      expect(next).toEqual({ step: 'code', challenge: expect.any(String) });
      expect((await post(app, S.verifyStaffFactor, { challenge: next.challenge, code })).statusCode).toBe(401);
      const byCode = await post(app, S.verifyStaffFactor, {
        challenge: next.challenge,
        code: await totpCode(enrol.secret, 1),
      });
      expect(byCode.statusCode).toBe(200);
      // A recovery code works once, with or without its dash and in any case.
      const recovery = session.recoveryCodes[0]!;
      const byRecovery = await post(app, S.verifyStaffFactor, {
        challenge: next.challenge,
        code: recovery.toUpperCase(),
      });
      expect(byRecovery.statusCode).toBe(200);
      const reused = await post(app, S.verifyStaffFactor, {
        challenge: next.challenge,
        code: recovery.replace('-', ''),
      });
      expect(reused.statusCode).toBe(401);

      // Logout ends that session only.
      const token = byRecovery.json().token as string;
      expect((await post(app, S.staffLogout, {}, bearer(token))).statusCode).toBe(200);
      const after = await get(pathOf(S.getStaffMe), token);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(STAFF_MSG.sessionEnded);
      expect((await get(pathOf(S.getStaffMe), session.token)).statusCode).toBe(200);
      expect(await auditActions('ada')).toEqual(
        expect.arrayContaining([
          'staff.password_set',
          'staff.enrolled',
          'staff.signed_in',
          'staff.recovery_code_used',
          'staff.signed_out',
        ]),
      );
    });

    it(`locks the login after ${STAFF_FACTOR_MAX_FAILURES} wrong second factors, even for a right code`, async () => {
      const { secret } = await signedInStaff(app, handle, 'bob', 'read_only');
      const { challenge } = (await post(app, S.staffLogin, { username: 'bob', password: STAFF_PASSWORD })).json();
      const answers: number[] = [];
      for (let i = 0; i < STAFF_FACTOR_MAX_FAILURES; i++)
        answers.push((await post(app, S.verifyStaffFactor, { challenge, code: 'nope-nope' })).statusCode);
      expect(answers).toEqual([401, 401, 401, 401, 423]);
      const right = await post(app, S.verifyStaffFactor, { challenge, code: await totpCode(secret, 1) });
      expect(right.statusCode).toBe(423);
      expect(right.json().message).toMatch(/^Too many wrong codes: this login is locked until /);
      // The password step says so too, once the password is right.
      expect((await post(app, S.staffLogin, { username: 'bob', password: STAFF_PASSWORD })).statusCode).toBe(423);
      expect(await auditActions('bob')).toContain('staff.locked');
      const row = await handle.db
        .selectFrom('staff_users')
        .select('locked_until')
        .where('username', '=', 'bob')
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.locked_until!) - Date.now()).toBeGreaterThan(14 * 60_000);
    });

    it('ends every session on a role change and when disabled', async () => {
      const { token } = await signedInStaff(app, handle, 'cleo', 'finance');
      expect((await get(pathOf(S.getStaffMe), token)).statusCode).toBe(200);
      await staffServices(handle).staff.setStaffRole(cliActor(), 'cleo', 'read_only');
      expect((await get(pathOf(S.getStaffMe), token)).statusCode).toBe(401);

      const second = (await post(app, S.staffLogin, { username: 'cleo', password: STAFF_PASSWORD })).json();
      const { secret } = await handle.db
        .selectFrom('staff_users')
        .select('totp_secret as secret')
        .where('username', '=', 'cleo')
        .executeTakeFirstOrThrow();
      expect(secret).toBeTruthy();
      const services = staffServices(handle);
      void second;
      await services.staff.disableStaff(cliActor(), 'cleo');
      expect((await post(app, S.staffLogin, { username: 'cleo', password: STAFF_PASSWORD })).statusCode).toBe(401);
    });

    it('emails the set-up link through the mail outbox, sealed at rest', async () => {
      const made = await staffServices(handle).staff.createStaff(cliActor(), {
        username: 'lena',
        email: 'lena@staff.example',
        role: 'read_only',
      });
      expect(made.emailed).toBe(true);
      const row = await handle.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'staff.setup')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.recipients)).toEqual(['lena@staff.example']);
      expect(row.payload).not.toContain(new URL(made.setupLink).searchParams.get('token')!);
      const deps = { settings: composeStore(handle.db).settings, box: secretBox(testConfig().paymentSecret) };
      const mail = await renderMail('staff.setup', JSON.parse(row.payload), deps as unknown as RenderDeps);
      expect(mail.subject).toMatch(/back-office login$/);
      expect(mail.text).toContain(made.setupLink);
      expect(mail.html).toContain('lena');
    });

    it('refuses a username of the wrong form and a taken one, as the CLI does', async () => {
      const { staff } = staffServices(handle);
      await expect(
        staff.createStaff(cliActor(), { username: 'a b', email: 'x@y.example', role: 'admin' }),
      ).rejects.toMatchObject({
        statusCode: 400,
        message: STAFF_MSG.usernameFormat,
      });
      await expect(
        staff.createStaff(cliActor(), { username: 'Ada', email: 'x@y.example', role: 'admin' }),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: STAFF_MSG.usernameTaken,
      });
    });
  });

  it('throttles staff sign-in as the customer login: per username, whatever the password', async () => {
    const strict = await testApp(handle, { LOGIN_RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await post(strict, S.staffLogin, { username: 'nobody', password: `guess-${i}` })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const other = await post(strict, S.staffLogin, { username: 'someone-else', password: 'guess' });
      expect(other.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('lets an admin create staff, change a role (their sessions end) and disable them; never themselves', async () => {
    const admin = (await signedInStaff(app, handle, 'olga', 'admin')).token;
    const made = await post(
      app,
      S.createStaffUser,
      { username: 'pete', email: 'pete@staff.example', role: 'finance' },
      bearer(admin),
    );
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ staff: { username: 'pete', role: 'finance', enrolled: false }, emailed: true });
    const taken = await post(
      app,
      S.createStaffUser,
      { username: 'PETE', email: 'p@staff.example', role: 'finance' },
      bearer(admin),
    );
    expect([taken.statusCode, taken.json().message]).toEqual([409, STAFF_MSG.usernameTaken]);
    const badName = await post(
      app,
      S.createStaffUser,
      { username: 'p', email: 'p@staff.example', role: 'finance' },
      bearer(admin),
    );
    expect(badName.statusCode).toBe(400);
    expect(badName.body).toContain(STAFF_MSG.usernameFormat);

    // pete sets a password from the link the API answered, and signs in.
    const setupToken = new URL(made.json().setupLink as string).searchParams.get('token')!;
    await post(app, S.setUpStaffPassword, {
      token: setupToken,
      newPassword: STAFF_PASSWORD,
      confirmPassword: STAFF_PASSWORD,
    });
    const { token: peteToken } = await enrolStaff(app, 'pete');
    const role = await app.inject({
      method: 'PUT',
      url: pathOf(S.setStaffUserRole, { username: 'pete' }),
      payload: { role: 'customer_service' },
      headers: bearer(admin),
    });
    expect(role.json()).toMatchObject({ role: 'customer_service' });
    expect((await get(pathOf(S.getStaffMe), peteToken)).statusCode).toBe(401);
    const disabled = await post(app, { path: pathOf(S.disableStaffUser, { username: 'pete' }) }, {}, bearer(admin));
    expect(disabled.json()).toMatchObject({ disabled: true });
    const self = await post(app, { path: pathOf(S.disableStaffUser, { username: 'olga' }) }, {}, bearer(admin));
    expect([self.statusCode, self.json().message]).toEqual([409, STAFF_MSG.notYourself]);
    const rows = await handle.db
      .selectFrom('staff_audit')
      .select(['action', 'before_json', 'after_json'])
      .where('staff_username', '=', 'olga')
      .where('action', 'like', 'staff.%')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual([
      'staff.password_set',
      'staff.enrolled',
      'staff.signed_in',
      'staff.created',
      'staff.role_changed',
      'staff.disabled',
    ]);
    expect(rows[4]).toMatchObject({ before_json: '{"role":"finance"}', after_json: '{"role":"customer_service"}' });
  });

  describe('one kind of token per surface', () => {
    let staffToken: string;
    beforeAll(async () => {
      staffToken = (await signedInStaff(app, handle, 'dora', 'admin')).token;
    });

    it('refuses a staff token on customer routes and on integration routes', async () => {
      const onCustomer = await get(pathOf(endpoints.getBasket), staffToken);
      expect(onCustomer.statusCode).toBe(403);
      expect(onCustomer.json().message).toBe(STAFF_MSG.staffTokenOnCustomerRoute);
      const onIntegration = await get(pathOf(integrationEndpoints.listOrdersOut), staffToken);
      expect(onIntegration.statusCode).toBe(401);
      expect(onIntegration.json().detail).toBe(STAFF_MSG.staffTokenOnIntegrationRoute);
      expect(INTEGRATION_MSG.notAKey).not.toBe(STAFF_MSG.staffTokenOnIntegrationRoute);
    });

    it('refuses a customer token and an API key on staff routes', async () => {
      const byCustomer = await get(pathOf(S.getStaffToday), customer);
      expect(byCustomer.statusCode).toBe(401);
      expect(byCustomer.json().message).toBe(STAFF_MSG.customerTokenOnStaffRoute);
      const byKey = await get(pathOf(S.getStaffToday), apiKey);
      expect(byKey.statusCode).toBe(401);
      expect(byKey.json().message).toBe(STAFF_MSG.apiKeyOnStaffRoute);
      expect((await get(pathOf(S.getStaffToday))).json().message).toBe(STAFF_MSG.signInRequired);
      expect((await get(pathOf(S.getStaffToday), staffToken)).statusCode).toBe(200);
    });

    it('lists the staff API in the OpenAPI document with its own security scheme', async () => {
      // The OpenAPI document is @fastify/swagger's, not a route of the contract.
      // eslint-disable-next-line no-restricted-syntax
      const doc = (await get('/api/docs/json')).json() as {
        paths: Record<string, Record<string, { security?: unknown[] }>>;
        components: { securitySchemes: Record<string, unknown> };
      };
      expect(doc.components.securitySchemes).toHaveProperty('staffBearer');
      expect(doc.paths[openApiPath(S.getStaffToday)]?.get?.security).toEqual([{ staffBearer: [] }]);
      const listed = Object.values(S).filter((e) => doc.paths[openApiPath(e)]?.[e.method.toLowerCase()]);
      expect(listed.map((e) => e.name)).toEqual(Object.keys(S));
    });
  });

  describe('view as customer', () => {
    let cs: string;
    let orderer: string;

    const start = (token: string, userId: number, reason = 'Customer phoned about an order') =>
      post(app, S.startViewAs, { userId, reason }, bearer(token));

    beforeAll(async () => {
      cs = (await signedInStaff(app, handle, 'erin', 'customer_service')).token;
      orderer = (await signedInStaff(app, handle, 'fred', 'customer_service', { canOrderOnBehalf: true })).token;
    });

    it('starts a read-only session of at most 30 minutes, named for the banner, and audits it', async () => {
      const res = await start(cs, rosaId);
      expect(res.statusCode).toBe(201);
      const session = res.json() as {
        id: string;
        accessToken: string;
        expiresAt: string;
        banner: string;
        canOrder: boolean;
      };
      expect(session.banner).toBe(`Viewing as Rosa Buyer (${customerNumber}) for erin`);
      expect(session.canOrder).toBe(false);
      expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(VIEW_AS_MAX_MINUTES * 60_000);
      expect(decodeJwt(session.accessToken).exp! * 1000 - Date.now()).toBeLessThanOrEqual(VIEW_AS_MAX_MINUTES * 60_000);

      const token = session.accessToken;
      expect((await get(pathOf(endpoints.getBasket), token)).statusCode).toBe(200);
      expect((await get(pathOf(endpoints.getCurrentUser), token)).json().username).toBe('rosa');
      const write = await post(app, endpoints.addBasketLine, { itemNumber: 'RB-100', quantity: 1 }, bearer(token));
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe(STAFF_MSG.viewAsReadOnly);
      for (const e of [endpoints.requestOrderPayment, endpoints.requestInvoicePayment, endpoints.changePassword]) {
        const r = await post(app, e, {}, bearer(token));
        expect([e.name, r.statusCode, r.json().message]).toEqual([e.name, 403, STAFF_MSG.viewAsNeverAllowed]);
      }
      const details = await app.inject({
        method: 'PUT',
        url: pathOf(endpoints.updateMailPreferences),
        payload: { despatch: false, cancellation: false },
        headers: bearer(token),
      });
      expect(details.statusCode).toBe(403);
      expect((await get(pathOf(endpoints.getMailPreferences), token)).statusCode).toBe(403);

      // The customer's own session is untouched by it.
      expect(
        (await post(app, endpoints.addBasketLine, { itemNumber: 'RB-100', quantity: 1 }, bearer(customer))).statusCode,
      ).toBe(200);

      expect((await post(app, { path: pathOf(S.endViewAs, { id: session.id }) }, {}, bearer(cs))).statusCode).toBe(200);
      const ended = await get(pathOf(endpoints.getBasket), token);
      expect(ended.statusCode).toBe(401);

      const rows = await handle.db
        .selectFrom('staff_audit')
        .selectAll()
        .where('view_as_id', '=', session.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.action)).toEqual([
        'view_as.started',
        'view_as.write_refused',
        'view_as.write_refused',
        'view_as.write_refused',
        'view_as.write_refused',
        'view_as.write_refused',
        'view_as.ended',
      ]);
      expect(rows.every((r) => r.staff_username === 'erin' && Number(r.account_id) === accountId)).toBe(true);
      expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ reason: 'Customer phoned about an order' });
    });

    it('lets a staff member with the order-on-behalf permission place an order, recorded on it and audited; never pay by card', async () => {
      const session = (await start(orderer, rosaId)).json() as { id: string; accessToken: string; canOrder: boolean };
      expect(session.canOrder).toBe(true);
      const h = bearer(session.accessToken);
      const add = await post(app, endpoints.addBasketLine, { itemNumber: 'RB-100', quantity: 2 }, h);
      expect(add.statusCode).toBe(200);
      expect((await post(app, endpoints.requestOrderPayment, {}, h)).statusCode).toBe(403);
      const header = await post(
        app,
        endpoints.submitBasketHeader,
        {
          externalDocNo: 'PO-PHONE-1',
          deliveryCode: 'INVOICE',
          name: '',
          address: '',
          address2: '',
          city: '',
          county: '',
          country: 'United Kingdom (Mainland)',
          postCode: '',
          phoneNo: '',
        },
        h,
      );
      expect(header.statusCode, header.body).toBe(200);
      const { revision } = (await get(pathOf(endpoints.getBasket), session.accessToken)).json() as { revision: number };
      const { totalAmount } = (await get(pathOf(endpoints.getBasketAmount), session.accessToken)).json() as {
        totalAmount: number;
      };
      const placed = await post(
        app,
        { path: pathOf(endpoints.submitBasket, { id: revision }) },
        { amount: totalAmount },
        h,
      );
      expect(placed.statusCode, placed.body).toBe(200);
      const orderNumber = placed.json().orderNumber as string;
      const order = await handle.db
        .selectFrom('orders')
        .select(['placed_on_behalf', 'placed_by_staff_id'])
        .where('order_number', '=', orderNumber)
        .executeTakeFirstOrThrow();
      expect(order.placed_on_behalf).toBe('placed by fred for rosa');

      // The End on the buyer's banner (its logout) ends the view-as session.
      expect((await post(app, endpoints.logout, {}, h)).statusCode).toBe(200);
      expect((await get(pathOf(endpoints.getBasket), session.accessToken)).statusCode).toBe(401);
      const rows = await handle.db
        .selectFrom('staff_audit')
        .select(['action', 'target_id', 'after_json'])
        .where('view_as_id', '=', session.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.action, r.target_id])).toEqual([
        ['view_as.started', String(rosaId)],
        ['view_as.write', 'addBasketLine'],
        ['view_as.write_refused', 'requestOrderPayment'],
        ['view_as.write', 'submitBasketHeader'],
        ['view_as.write', 'submitBasket'],
        ['view_as.ended', String(rosaId)],
      ]);
      expect(JSON.parse(rows[4]!.after_json!)).toMatchObject({
        result: { orderNumber, note: 'placed by fred for rosa' },
      });
      const ended = await handle.db
        .selectFrom('view_as_sessions')
        .select('ended_at')
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow();
      expect(ended.ended_at).not.toBeNull();
    });

    it('ends at its expiry even before the token does', async () => {
      const session = (await start(cs, rosaId)).json() as { id: string; accessToken: string };
      await handle.db
        .updateTable('view_as_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', session.id)
        .execute();
      const res = await get(pathOf(endpoints.getBasket), session.accessToken);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(STAFF_MSG.viewAsEnded);
    });

    it('never views as a staff login, nor an unknown user, nor for a role below customer service', async () => {
      const staffAccount = await insertAccount(handle.db);
      // A customer login whose email is a staff member's (erin@staff.example) is that person's own.
      const shadow = await insertUser(handle.db, staffAccount, 'erin-shop');
      await handle.db.updateTable('users').set({ email: 'ERIN@staff.example' }).where('id', '=', shadow).execute();
      const refused = await start(cs, shadow);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(STAFF_MSG.cannotViewStaff);
      const unknown = await start(cs, 999_999);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(STAFF_MSG.unknownCustomerUser);
      const finance = (await signedInStaff(app, handle, 'gina', 'finance')).token;
      const byFinance = await start(finance, rosaId);
      expect(byFinance.statusCode).toBe(403);
      expect(byFinance.json().message).toBe(STAFF_MSG.roleRequired('customer_service'));
      const noReason = await post(app, S.startViewAs, { userId: rosaId, reason: '' }, bearer(cs));
      expect(noReason.statusCode).toBe(400);
      expect(noReason.body).toContain(STAFF_MSG.reasonRequired);
    });
  });

  describe('audit log', () => {
    let admin: string;
    beforeAll(async () => {
      admin = (await signedInStaff(app, handle, 'hana', 'admin')).token;
      // Audit rows of its own: kira signs in, views as rosa and ends it.
      const kira = (await signedInStaff(app, handle, 'kira', 'customer_service')).token;
      const started = await post(app, S.startViewAs, { userId: rosaId, reason: 'Checking the basket' }, bearer(kira));
      await post(app, { path: pathOf(S.endViewAs, { id: started.json().id as string }) }, {}, bearer(kira));
    });

    it('is append-only in the database itself', async () => {
      const before = await handle.db
        .selectFrom('staff_audit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(before.n)).toBeGreaterThan(0);
      await expect(sql`update staff_audit set action = 'nothing happened'`.execute(handle.db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`delete from staff_audit`.execute(handle.db)).rejects.toThrow(/append-only/);
      const after = await handle.db
        .selectFrom('staff_audit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('searches by staff member, customer and date, paged and sorted on the server', async () => {
      const page = await get(`${pathOf(S.searchStaffAudit)}?staff=kira&pageSize=2&sort=at`, admin);
      expect(page.statusCode).toBe(200);
      const body = page.json() as { rows: { staffUsername: string; action: string; at: string }[]; total: number };
      expect(body.rows).toHaveLength(2);
      expect(body.total).toBeGreaterThan(2);
      expect(body.rows.every((r) => r.staffUsername === 'kira')).toBe(true);
      expect(body.rows[0]!.at <= body.rows[1]!.at).toBe(true);
      const byCustomer = (
        await get(`${pathOf(S.searchStaffAudit)}?customer=${customerNumber}&pageSize=100`, admin)
      ).json();
      expect(byCustomer.rows.length).toBeGreaterThan(0);
      expect(byCustomer.rows.every((r: { customerNumber: string }) => r.customerNumber === customerNumber)).toBe(true);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect((await get(`${pathOf(S.searchStaffAudit)}?from=${tomorrow}`, admin)).json().total).toBe(0);
      const badRange = await get(`${pathOf(S.searchStaffAudit)}?from=2026-02-02&to=2026-01-01`, admin);
      expect(badRange.statusCode).toBe(400);
      expect(badRange.body).toContain(STAFF_MSG.badDateRange);
    });

    it('exports CSV with the same filters', async () => {
      const res = await get(`${pathOf(S.exportStaffAudit)}?staff=kira`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body.split('\r\n')[0]).toBe(
        'id,at,staffUsername,address,action,targetKind,targetId,customerNumber,before,after,viewAsId',
      );
      const rows = Papa.parse<Record<string, string>>(res.body.trim(), { header: true }).data;
      expect(rows.length).toBeGreaterThan(2);
      expect(rows.filter((r) => r.staffUsername !== 'kira')).toEqual([]);
      expect(rows.map((r) => r.action)).toContain('view_as.started');
      expect(JSON.parse(rows.find((r) => r.action === 'view_as.started')!.after!)).toMatchObject({ username: 'rosa' });
    });
  });

  it('Today counts what waits and lists the newest', async () => {
    const admin = (await signedInStaff(app, handle, 'ivan', 'read_only')).token;
    await insertAccount(handle.db, { on_stop: 1, name: 'Stopped Trade Ltd' });
    const res = await get(pathOf(S.getStaffToday), admin);
    expect(res.statusCode).toBe(200);
    const today = res.json();
    expect(today.accountsOnStop.count).toBeGreaterThanOrEqual(1);
    expect(today.accountsOnStop.newest.map((a: { name: string }) => a.name)).toContain('Stopped Trade Ltd');
    expect(today).toMatchObject({
      ordersToday: { count: expect.any(Number) },
      failedEmails: { count: expect.any(Number) },
    });
  });

  it('answers a bad staff sign-in body with the contract message', async () => {
    const res = await post(app, S.staffLogin, { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Required');
    expect(SERVER_MSG).toBeDefined();
  });

  void enrolStaff;
});
