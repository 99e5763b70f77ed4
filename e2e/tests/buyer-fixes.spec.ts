// Issue 24: what a buyer trips over. Each journey runs at both widths (desktop 1280x800, phone 390x844).
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { atPath, DEMO_PASSWORD, isPhone, login, navLink, openMenu, submitLogin } from './helpers';

/** Every axe violation of any impact fails (the bar: 0 violations on every screen). */
async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = results.violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
  expect(found, `axe on ${label}`).toEqual([]);
}

const API = '/api';

/** With SHOTS=1, a full-page screenshot in e2e/.output/shots/ to look at (both widths). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.SHOTS) return;
  await page.screenshot({ path: `e2e/.output/shots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

test.describe('1: a session ended elsewhere', () => {
  test('says why on /login and returns to the page after logging in again', async ({ page, playwright }, testInfo) => {
    const user = 'demo2';
    await login(page, user);
    await page.goto('/open-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Open Orders' })).toBeVisible();

    // Another session of the same user changes the password (ending this one), then changes it back.
    const other = await playwright.request.newContext({ baseURL: page.url() });
    try {
      const res = await other.post(`${API}/auth/login`, { data: { username: user, password: DEMO_PASSWORD } });
      expect(res.ok()).toBe(true);
      const { accessToken } = (await res.json()) as { accessToken: string };
      const headers = { Authorization: `Bearer ${accessToken}` };
      const changeTo = async (from: string, to: string) => {
        const r = await other.post(`${API}/auth/changepassword`, {
          headers,
          data: { oldPassword: from, newPassword: to, confirmPassword: to },
        });
        expect(r.ok(), await r.text()).toBe(true);
      };
      await changeTo(DEMO_PASSWORD, 'Changed-elsewhere-2');
      await changeTo('Changed-elsewhere-2', DEMO_PASSWORD);
    } finally {
      await other.dispose();
    }

    // The next click needs the server: the session is refused.
    if (isPhone(testInfo)) await openMenu(page);
    await navLink(page, 'My Account').click();
    await expect(page).toHaveURL(atPath('/login'));
    await expect(
      page.getByRole('status').filter({ hasText: 'Your session has ended. Please log in again.' }),
    ).toBeVisible();
    await expectNoA11yViolations(page, 'login after the session ended');
    await shot(page, testInfo, '01-session-ended');

    await submitLogin(page, user, DEMO_PASSWORD);
    await expect(page).toHaveURL(atPath('/account'));
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended' })).toHaveCount(0);
  });

  test('a refused one-time /redirect link says it has expired or was used', async ({ page }) => {
    await page.goto(`/redirect?rt=${'x'.repeat(43)}`);
    await expect(page).toHaveURL(atPath('/login'));
    await expect(
      page.getByRole('status').filter({ hasText: 'This login link has expired or has already been used.' }),
    ).toBeVisible();
    await expectNoA11yViolations(page, 'login after a refused link');
  });
});
