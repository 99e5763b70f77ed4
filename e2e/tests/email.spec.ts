// Email: the invitation and forgotten-password journeys, read from the emails the server
// writes. The e2e server has no SMTP_URL, so each email is an .eml file under DATA_DIR/mail/
// (e2e/playwright.config.ts); the user is created the way the ERP does it (PUT .../users with a key
// made by the admin CLI on the run's database).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { FORGOT_PASSWORD_LINK, MSG, PREFS_MSG, RESET_MSG, integrationRoutes, pathOf } from '@wholesale/contract';
import { demoUsers, expectNoA11yViolations, login, submitLogin } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.E2E_PORT ?? 3199);
const DATA_DIR = path.join(os.tmpdir(), `wholesale-e2e-${PORT}`);
const MAIL_DIR = path.join(DATA_DIR, 'mail');

async function createApiClient(name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/admin.ts',
      'api-client',
      'create',
      '--name',
      name,
      '--scopes',
      'accounts:write',
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR } },
  );
  const key = /\b(wpk_\S+)/.exec(stdout)?.[1];
  if (!key) throw new Error(`no key in: ${stdout}`);
  return key;
}

/** The path and query of the set-password link in the newest email to `to` whose subject is `subject`. */
async function emailedLink(to: string, subject: string, after: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR) : [];
        for (const f of files.sort().reverse()) {
          const file = path.join(MAIL_DIR, f);
          if (fs.statSync(file).mtimeMs < after) continue;
          const eml = fs.readFileSync(file, 'utf8');
          if (!eml.includes(`To: ${to}`) || !eml.includes(`Subject: ${subject}`)) continue;
          // The parts are quoted-printable: soft line breaks and =XX escapes undone.
          const text = eml
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
          const m = /https?:\/\/[^\s"<>]+(\/set-password\?token=[A-Za-z0-9_-]+)/.exec(text);
          found = m?.[1];
          if (found) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function setPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: MSG.setPasswordButton }).click();
  await expect(page.getByRole('status')).toHaveText(MSG.passwordSet, { timeout: 30_000 });
}

test('invitation, then forgotten password: emailed links, set the password, log in; old password and used link refused', async ({
  page,
  request,
}, testInfo: TestInfo) => {
  // Three password hashes (slow by design) and two logins: on a loaded machine this takes a while.
  test.slow();
  const username = `erp.mail.${testInfo.project.name}`;
  const email = `${username}@kingfisherblinds.example`;
  const key = await createApiClient(`mail-${testInfo.project.name}-${Date.now()}`);

  // The ERP creates the user without a password: the invitation goes by email.
  const started = Date.now() - 1000;
  const res = await request.put(pathOf(integrationRoutes.upsertAccountUsers, { customerNumber: 'C10001' }), {
    headers: { authorization: `Bearer ${key}` },
    data: { items: [{ username, name: 'Mia Mail', email }] },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).results[0]).toMatchObject({ status: 'created', invitationEmail: 'sent' });
  const invitation = await emailedLink(email, 'Your Harbour Home Trade Wholesale Portal login', started);
  await setPassword(page, invitation, 'First-pass-123');

  // Forgot your password? from the login screen.
  await page.goto('/login');
  await page.getByRole('link', { name: FORGOT_PASSWORD_LINK }).click();
  await expect(page.getByRole('heading', { name: RESET_MSG.title })).toBeVisible();
  await expectNoA11yViolations(page, 'forgot password');
  const asked = Date.now() - 1000;
  await page.getByLabel(RESET_MSG.label).fill(email);
  await page.getByRole('button', { name: RESET_MSG.button }).click();
  await expect(page.getByRole('status')).toHaveText(RESET_MSG.answer);
  await expectNoA11yViolations(page, 'forgot password answer');
  await page.screenshot({ path: testInfo.outputPath('forgot-password.png'), fullPage: true });

  const reset = await emailedLink(email, 'Choose a new password', asked);
  // Opening the link alone (a mail scanner's GET) leaves it usable.
  const scanner = await request.get(reset);
  expect(scanner.status()).toBe(200);
  await page.goto(reset);
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expectNoA11yViolations(page, 'choose a new password');
  await setPassword(page, reset, 'Second-pass-456');

  // The old password is refused, the new one works, the link is refused a second time.
  await page.goto('/login');
  await submitLogin(page, username, 'First-pass-123');
  await expect(page.getByRole('form', { name: 'Log in' }).getByText(MSG.loginFailed)).toBeVisible({ timeout: 30_000 });
  await submitLogin(page, username, 'Second-pass-456');
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 30_000 });
  await page.goto(reset);
  await expect(page.getByRole('alert')).toHaveText(MSG.setPasswordLinkExpired);
});

test('My Details: email preferences are checkboxes, saved at once, keyboard and axe clean', async ({
  page,
}, testInfo) => {
  await login(page, demoUsers.euro);
  await page.goto('/details');
  const card = page.getByRole('region', { name: PREFS_MSG.title });
  const despatch = card.getByRole('checkbox', { name: PREFS_MSG.despatch });
  await expect(despatch).toBeChecked();
  await despatch.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(PREFS_MSG.saved)).toBeVisible();
  await expect(despatch).not.toBeChecked();
  await expectNoA11yViolations(page, 'my details with email preferences');
  await card.screenshot({ path: testInfo.outputPath('email-preferences.png') });
  await page.reload();
  await expect(card.getByRole('checkbox', { name: PREFS_MSG.despatch })).not.toBeChecked();
  await card.getByRole('checkbox', { name: PREFS_MSG.despatch }).check();
  await expect(card.getByRole('checkbox', { name: PREFS_MSG.despatch })).toBeChecked();
});
