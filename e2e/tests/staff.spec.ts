// The supplier's back office (issue 35) in Chromium against the real server: an admin made by the
// CLI sets a password, enrols an authenticator (codes computed here with otplib) and signs in; finds
// a customer and views the portal as one of its users in a separate tab (the banner on every
// screen, a card payment refused), ends it, and the audit log shows the session; a webhook
// delivery that failed is redelivered from the endpoint's log in the Integration screen; customer
// service unlocks a buyer locked out by failed logins, who then logs in; and an admin adds a staff
// member on the Staff screen (the set-up link shown once), changes their role, disables and enables them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request, test } from '@playwright/test';
import { integrationRoutes, pathOf, routes, SERVER_MSG } from '@wholesale/contract';
import { BACK_OFFICE_MSG, STAFF_MSG, staffCustomerUsersRoutes } from '@wholesale/contract/staff';
import { atPath, logOutControl, onlyOnProject, submitLogin } from './helpers';
import {
  STAFF_PASSWORD,
  STAFF_SESSION_KEY,
  createStaff,
  enrolStaffByApi,
  signInStaff,
  totpCode,
} from './staff-helpers';

const RUN = Date.now().toString(36);

test.describe('the back office', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin enrols and signs in with TOTP, views as a customer (banner, card payment refused), ends it, and the audit shows it', async ({
    page,
    context,
  }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'one sign-in journey; the screens at 390 px are in the accessibility list');
    const admin = `admin-${RUN}`;
    await page.goto(await createStaff(admin, 'admin'));
    await expect(page.getByRole('heading', { level: 1, name: 'Set your back-office password' })).toBeVisible();
    await page.getByLabel('New Password').fill(STAFF_PASSWORD);
    await page.getByLabel('Confirm Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();

    // First sign-in: the QR code and the secret once, a code to confirm, then the recovery codes once.
    await page.getByLabel('Username').fill(admin);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from your authenticator').fill('000000');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(STAFF_MSG.codeFailed);
    await page.getByLabel('Code from your authenticator').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: /I have kept them/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

    // Sign out, and in again with a code from the app.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(atPath('/staff/login'));
    await page.getByLabel('Username').fill(admin);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Authenticator code').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

    // Find the customer, open its user.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByLabel('Search customers').fill('Kingfisher');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'C10001' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Kingfisher Blinds/ })).toBeVisible();
    await page.getByRole('region', { name: 'Users' }).getByRole('link', { name: 'Sarah Whitfield' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Sarah Whitfield/ })).toBeVisible();

    // View as: a reason, then the buyer's portal in a tab of its own.
    await page.getByRole('button', { name: 'View as customer' }).click();
    await expect(page.getByRole('alert')).toContainText(STAFF_MSG.reasonRequired);
    await page.getByLabel('Reason').fill('Customer asked why an invoice shows overdue');
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'View as customer' }).click();
    const buyer = await opened;
    const banner = buyer.getByRole('region', { name: 'Viewing as a customer' });
    await expect(banner).toContainText(new RegExp(`^Viewing as Sarah Whitfield \\(.+\\) for ${admin}`));
    await expect(buyer.getByRole('heading', { level: 1, name: 'Wholesale Portal' })).toBeVisible();
    // The staff tab kept its own session; the buyer's tab has none of it.
    expect(await buyer.evaluate(() => sessionStorage.getItem('wholesale-portal.staff-session'))).toBeNull();
    expect(await buyer.evaluate(() => localStorage.getItem('wholesale-portal.session'))).toBeNull();

    // On every screen; a card payment is refused with the server's reason.
    await buyer.goto('/account');
    await expect(banner).toBeVisible();
    await buyer
      .getByRole('checkbox', { name: /^Select Invoice / })
      .filter({ visible: true })
      .first()
      .check();
    await buyer.getByLabel('Reference').fill('VIEW-AS');
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await expect(banner.getByRole('alert')).toHaveText(`Refused: ${STAFF_MSG.viewAsNeverAllowed}`);
    await expect(buyer).toHaveURL(atPath('/account'));

    // End: the session ends on the server, and then the view-as tab closes itself.
    const closed = buyer.waitForEvent('close');
    await banner.getByRole('button', { name: 'End' }).click();
    await closed;

    // The audit log shows the session, started and ended, by this admin.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByLabel('Staff username').fill(admin);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log.getByRole('row').filter({ hasText: 'view_as.started' })).toHaveCount(1);
    await expect(log.getByRole('row').filter({ hasText: 'view_as.ended' })).toHaveCount(1);
    await expect(log.getByRole('row').filter({ hasText: 'view_as.write_refused' })).toHaveCount(1);
  });

  test('a failed webhook delivery is redelivered from its log', async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'one redelivery journey; the screens at 390 px are in the accessibility list');
    const admin = `hooks-${RUN}`;
    const secret = await enrolStaffByApi(page.request, admin, 'admin');
    await signInStaff(page, admin, secret);

    // The ERP's client, created on the Integration screen: its key is shown once.
    await page.goto('/staff/integration');
    await page.getByLabel('Client name').fill(`e2e-hooks-${RUN}`);
    await page.getByRole('checkbox', { name: 'accounts:write' }).check();
    await page.getByRole('checkbox', { name: 'webhooks:manage' }).check();
    await page.getByRole('button', { name: 'Create client' }).click();
    const key = (await page.getByTestId('issued-key').textContent())!.trim();
    expect(key).toMatch(/^wpk_/);

    // A receiver that fails until told otherwise.
    let failing = true;
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(failing ? 'failed' : 'delivered');
        res.writeHead(failing ? 500 : 204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const erp = await request.newContext({
      baseURL: new URL(page.url()).origin,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks-${RUN}`;
      const created = await erp.post(pathOf(integrationRoutes.createWebhookEndpoint), {
        data: { url, eventTypes: ['user.updated'] },
      });
      expect(created.status(), await created.text()).toBe(201);
      // An event for it: the ERP adds a user to an account.
      const users = await erp.put(pathOf(integrationRoutes.upsertAccountUsers, { customerNumber: 'C10002' }), {
        data: { items: [{ username: `hooks.${RUN}`, name: 'Hook Test', email: `hooks.${RUN}@example.com` }] },
      });
      expect(users.status(), await users.text()).toBe(200);
      await expect.poll(() => hits.length, { timeout: 20_000 }).toBeGreaterThan(0);

      // The endpoint's log shows the failed attempt; redeliver it once the receiver works.
      await page.reload();
      await page.getByRole('button', { name: `Delivery log of ${url}` }).click();
      const log = page.getByRole('table', { name: `Deliveries to ${url}` });
      const row = log.getByRole('row').filter({ hasText: 'user.updated' });
      await expect(row).toContainText('500');
      failing = false;
      await row.getByRole('button', { name: /^Redeliver / }).click();
      await expect(page.getByText('Queued for delivery again.')).toBeVisible();
      await expect.poll(() => hits.includes('delivered'), { timeout: 20_000 }).toBe(true);
      // The log, read again (the endpoint stays chosen in the address), says so.
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await row.textContent()) ?? '';
          },
          { timeout: 20_000 },
        )
        .toContain('delivered');
    } finally {
      await erp.dispose();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('customer service unlocks a buyer locked out by failed logins, who then logs in', async ({
    page,
    browser,
    request: api,
  }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'one lock-out journey: the lock is per username for the whole run');
    // Customer service signs in with a code from the authenticator.
    const cs = `cs-${RUN}`;
    const secret = await enrolStaffByApi(page.request, cs, 'customer_service');
    await page.goto('/staff/login');
    await page.getByLabel('Username').fill(cs);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Authenticator code').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

    // A buyer of the journey's own (the lock is per username: never a shared demo login), made with
    // customer service's session through the staff API, their password set through the link.
    const username = `locked.${RUN}`;
    const name = `Locked Buyer ${RUN}`;
    const password = 'Unlock-pass-2026';
    const { token } = JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), STAFF_SESSION_KEY))!) as {
      token: string;
    };
    const created = await page.request.post(
      pathOf(staffCustomerUsersRoutes.createCustomerUser, { customerNumber: 'C10001' }),
      { headers: { authorization: `Bearer ${token}` }, data: { username, name, email: '' } },
    );
    expect(created.status(), await created.text()).toBe(200);
    const link = ((await created.json()) as { invitation: { link: string | null } }).invitation.link;
    const set = await api.post(pathOf(routes.setPassword), {
      data: { token: new URL(link!).searchParams.get('token'), newPassword: password, confirmPassword: password },
    });
    expect(set.status(), await set.text()).toBe(200);

    // Wrong passwords until the username locks (LOGIN_USER_LIMIT_PER_MINUTE, e2e/playwright.config.ts).
    // The lock would lift by itself a minute after the first of them: the journey must finish sooner
    // to show that Unlock, not the clock, let the buyer in.
    const lockedAt = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 25 && !statuses.includes(429); i++) {
      const res = await api.post(pathOf(routes.login), { data: { username, password: 'Not-the-password-1' } });
      statuses.push(res.status());
    }
    expect(statuses.at(-1), statuses.join(' ')).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));

    // The buyer's real password, in their own browser, is refused with the server's words.
    const buyerContext = await browser.newContext();
    try {
      const buyer = await buyerContext.newPage();
      await buyer.goto('/login');
      await submitLogin(buyer, username, password);
      const said = buyer.getByRole('form', { name: 'Log in' }).getByRole('alert');
      await expect(said).toHaveText(SERVER_MSG.tooManyRequests);
      await expect(buyer).toHaveURL(atPath('/login'));

      // Customer service finds the buyer: the account, its users, the user's page says locked out.
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click();
      await page.getByLabel('Search customers').fill('Kingfisher');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'C10001' }).click();
      await page.getByRole('region', { name: 'Users' }).getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name: `${name} (${username})` })).toBeVisible();
      await expect(page.getByText('Yes: too many failed log-ins')).toBeVisible();

      // Unlock: said on the page, and the user is no longer locked out.
      const actions = page.getByRole('region', { name: 'Actions' });
      await actions.getByRole('button', { name: 'Unlock', exact: true }).click();
      await expect(actions.getByRole('status')).toHaveText(BACK_OFFICE_MSG.userUnlocked(username));
      await expect(page.getByText('Yes: too many failed log-ins')).toHaveCount(0);
      await expect(actions.getByRole('button', { name: 'Unlock', exact: true })).toHaveCount(0);

      // The buyer logs in at once.
      expect(Date.now() - lockedAt, 'the lock would have lifted by itself').toBeLessThan(55_000);
      await submitLogin(buyer, username, password);
      await expect(buyer).not.toHaveURL(/\/login(\?|$)/);
      await expect(logOutControl(buyer)).toBeVisible();
    } finally {
      await buyerContext.close();
    }
  });

  test('an admin adds a staff member, changes their role, disables and enables them again', async ({
    page,
  }, testInfo) => {
    const admin = `staffadmin-${testInfo.project.name}-${RUN}`;
    const secret = await enrolStaffByApi(page.request, admin, 'admin');
    await signInStaff(page, admin, secret);
    await page.goto('/staff');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

    // Bad values are refused with the contract's words; then a good one.
    const form = page.getByRole('region', { name: 'Add a staff member' });
    const member = `newbie-${testInfo.project.name}-${RUN}`;
    await form.getByLabel('Username').fill('x');
    await form.getByLabel('Email').fill(`${member}@staff.example`);
    await form.getByRole('button', { name: 'Create staff member' }).click();
    await expect(form.getByRole('alert')).toContainText(STAFF_MSG.usernameFormat);
    await form.getByLabel('Username').fill(member);
    await form.getByLabel('Role').selectOption({ label: 'Finance' });
    await form.getByRole('button', { name: 'Create staff member' }).click();

    // The set-up link, shown this once, as `staff create` prints it; it opens the set-up screen.
    const created = form.getByRole('status');
    await expect(created).toContainText(`Created ${member} (Finance).`);
    const link = (await created.getByTestId('setup-link').textContent())!.trim();
    expect(link).toMatch(/\/staff\/set-up\?token=[\w-]{40,}$/);

    // The list: not set up yet, never signed in, active; the admin's own row has no controls.
    const list = page.getByRole('table', { name: 'Staff members' });
    const row = list.getByRole('row').filter({ hasText: member });
    await expect(row).toContainText('Not set up yet');
    await expect(row).toContainText('Never');
    await expect(row).toContainText('Active');
    const own = list.getByRole('row').filter({ hasText: `${admin} (you)` });
    await expect(own.getByRole('button')).toHaveCount(0);

    // A new role, with its own button (keyboard: choose, Tab, Enter).
    const outcome = page.getByRole('region', { name: 'Staff members' }).getByRole('status');
    await row.getByLabel(`Role of ${member}`, { exact: true }).selectOption({ label: 'Customer service' });
    await row.getByLabel(`Role of ${member}`, { exact: true }).press('Tab');
    await expect(row.getByRole('button', { name: `Change the role of ${member}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(outcome).toContainText(`${member} is now Customer service`);

    // Disable (after a confirmation), then enable again.
    await row.getByRole('button', { name: `Disable ${member}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expect(outcome).toContainText(`${member} is disabled`);
    await expect(row).toContainText('Disabled');
    await row.getByRole('button', { name: `Enable ${member} again` }).click();
    await expect(outcome).toContainText(`${member} is enabled again`);
    await expect(row).toContainText('Active');

    // The link works for the new member.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Set your back-office password' })).toBeVisible();
    await expect(page.getByText(`Username: ${member}`)).toBeVisible();
  });
});
