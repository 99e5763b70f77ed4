import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { RESET_MSG, integrationRoutes, pathOf, routes, upsertResponse } from '@wholesale/contract';
import { buildApp } from '../../app.js';
import type { DbHandle } from '../../db/client.js';
import { testEngines } from '../../db/testing.js';
import { seedDemo } from '../../seed/index.js';
import { bearer, login, testConfig } from '../../test/app.js';
import { createUser } from '../../cli/admin-commands.js';
import { secretBox } from '../../lib/secret-box.js';
import { startSmtp, until, type TestSmtp } from './mail.test-support.js';
import { composeStore } from '../../compose.js';

const OLD = 'Portal-demo-1';

describe.each(testEngines())('forgotten password and invitation emails on $name', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let dataDir: string;

  beforeAll(async () => {
    handle = await engine.open();
    await seedDemo(handle, { products: 20, images: false, accounts: 4, orders: 10 });
    smtp = await startSmtp();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-password-'));
    app = await buildApp({
      config: testConfig({ MAIL_DELIVERY: true, MAIL_POLL_MS: 50, SMTP_URL: smtp.url, DATA_DIR: dataDir }),
      handle,
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const forgot = (usernameOrEmail: string) =>
    app.inject({ method: 'POST', url: pathOf(routes.requestPasswordReset), payload: { usernameOrEmail } });
  const to = (m: ParsedMail) => [m.to].flat().flatMap((t) => t!.value.map((v) => v.address));
  async function mailsTo(address: string, subject: string, n = 1) {
    const find = () => smtp.messages.filter((m) => to(m).includes(address) && m.subject === subject);
    await until(async () => find().length >= n);
    return find();
  }
  const settle = () =>
    until(
      async () =>
        (await handle.db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute()).length === 0,
    );
  const linkIn = (m: ParsedMail) => /http:\/\/portal\.test\/set-password\?token=([A-Za-z0-9_-]+)/.exec(m.text!)!;

  it('the same answer for a match and for nothing; the emailed link works once, only after a POST, within an hour', async () => {
    const unknown = await forgot('nobody-at-all');
    const known = await forgot('demo');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: RESET_MSG.answer });
    expect(known.body).toBe(unknown.body);

    const before = await login(app, 'demo', OLD);
    const [mail] = await mailsTo('sarah.whitfield@kingfisherblinds.example', 'Choose a new password');
    const [url, token] = linkIn(mail!);
    expect(mail!.text).toContain('The link works once, for 60 minutes.');
    const row = await handle.db
      .selectFrom('password_links')
      .select(['expires_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(3600_000);
    // The raw link is not stored: only sealed in the outbox row and hashed in password_links.
    const rows = await handle.db
      .selectFrom('mail_outbox')
      .select('payload')
      .where('kind', '=', 'password.reset')
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token!);

    // Opening the link (GET, as a mail scanner does) twice leaves it usable.
    for (let i = 0; i < 2; i++)
      expect(
        (await app.inject({ method: 'GET', url: pathOf(routes.describeSetPasswordLink, { token: token! }) }))
          .statusCode,
      ).toBe(200);
    expect(url).toContain('/set-password?token=');
    const set = (t: string) =>
      app.inject({
        method: 'POST',
        url: pathOf(routes.setPassword),
        payload: { token: t, newPassword: 'Brand-new-pass-7', confirmPassword: 'Brand-new-pass-7' },
      });
    expect((await set(token!)).statusCode).toBe(200);
    expect((await set(token!)).statusCode).toBe(410);
    expect(
      (await app.inject({ method: 'POST', url: pathOf(routes.login), payload: { username: 'demo', password: OLD } }))
        .statusCode,
    ).toBe(401);
    await login(app, 'demo', 'Brand-new-pass-7');
    // Every session of the user ended.
    const refresh = await app.inject({
      method: 'GET',
      url: pathOf(routes.refreshSession),
      headers: bearer(before.refreshToken),
    });
    expect(refresh.statusCode).toBe(401);
    const [changed] = await mailsTo('sarah.whitfield@kingfisherblinds.example', 'Your password was changed');
    expect(changed!.text).toContain('every device signed in as demo was signed out');
    await settle();
    // One reset email for this user (other cases send theirs to other addresses).
    expect(
      smtp.messages.filter(
        (m) => to(m).includes('sarah.whitfield@kingfisherblinds.example') && m.subject === 'Choose a new password',
      ),
    ).toHaveLength(1);
  });

  it('by email address (any case); throttled per address typed: more requests answer the same and send nothing', async () => {
    const email = 'Ciaran@LaganWindows.example';
    for (let i = 0; i < 5; i++) expect((await forgot(email)).json()).toEqual({ message: RESET_MSG.answer });
    await mailsTo('ciaran@laganwindows.example', 'Choose a new password', 3);
    await settle();
    expect(
      smtp.messages.filter(
        (m) => to(m).includes('ciaran@laganwindows.example') && m.subject === 'Choose a new password',
      ),
    ).toHaveLength(3);
  });

  it('invitation: a user the ERP creates without a password gets the set-password link by email; the answer says so', async () => {
    const erp = (await composeStore(handle.db).apiKeys.createClient('erp-mail', 'accounts:write')).key;
    const account = await handle.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .select('accounts.customer_number')
      .where('users.username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'PUT',
      url: pathOf(integrationRoutes.upsertAccountUsers, { customerNumber: account.customer_number }),
      headers: { authorization: `Bearer ${erp}` },
      payload: {
        items: [
          { username: 'erp.ivy', name: 'Ivy Stone', email: 'ivy@kingfisherblinds.example' },
          { username: 'erp.noemail', name: 'No Email' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ivy, none] = upsertResponse.parse(res.json()).results;
    expect(ivy).toMatchObject({ status: 'created', invitationEmail: 'sent' });
    expect(none).toMatchObject({ status: 'created', invitationEmail: 'not-sendable' });
    const [mail] = await mailsTo('ivy@kingfisherblinds.example', 'Your Harbour Home Trade Wholesale Portal login');
    expect(mail!.text).toContain('your username is erp.ivy');
    const [url] = linkIn(mail!);
    expect(url).toBe(ivy!.setPasswordLink!.url);
  });

  it('invitation: the admin CLI create-user without --password emails a set-password link', async () => {
    const out = await createUser(handle.db, {
      customerNumber: 'C10001',
      username: 'cli.ada',
      name: 'Ada Cli',
      email: 'ada@kingfisherblinds.example',
      invite: { box: secretBox(testConfig().paymentSecret), baseUrl: 'http://portal.test' },
    });
    expect(out).toMatch(
      /^Created user cli\.ada on account C10001, id \d+; invitation emailed to ada@kingfisherblinds\.example/,
    );
    const [mail] = await mailsTo('ada@kingfisherblinds.example', 'Your Harbour Home Trade Wholesale Portal login');
    const [, token] = linkIn(mail!);
    const set = await app.inject({
      method: 'POST',
      url: pathOf(routes.setPassword),
      payload: { token, newPassword: 'Ada-first-pass-1', confirmPassword: 'Ada-first-pass-1' },
    });
    expect(set.statusCode).toBe(200);
    await login(app, 'cli.ada', 'Ada-first-pass-1');
  });
});
