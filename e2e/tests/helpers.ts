import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Demo logins created by the seed on an empty database. */
export const DEMO_PASSWORD = 'Portal-demo-1';
export const demoUsers = {
  /** credit account, GBP */
  credit: 'demo',
  /** proforma account (pays by card before the order is processed) */
  proforma: 'proforma',
  /** EUR account */
  euro: 'euro',
} as const;

export const HOME_TILES = [
  { name: 'My Account', href: '/account' },
  { name: 'My Details', href: '/details' },
  { name: 'Open Orders', href: '/open-orders' },
  { name: 'Order Products', href: '/products/search' },
  { name: 'View Basket', href: '/basket' },
] as const;

export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

/** Skip a width-specific journey outside its project, saying why in the output. */
export function onlyOnProject(testInfo: TestInfo, project: 'desktop' | 'phone', reason: string): void {
  if (testInfo.project.name === project) return;
  console.log(`skipped on ${testInfo.project.name}: ${reason}`);
  test.skip(true, reason);
}

/** Fill and submit the login form on the current page (the /login screen). */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Log in from /login and wait until the app has left the login screen. */
export async function login(page: Page, username: string = demoUsers.credit, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username, password);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Matches when the page's path is exactly `pathname` (any query string). */
export function atPath(pathname: string): (url: URL) => boolean {
  return (url) => url.pathname === pathname;
}

/**
 * Where the session's navigation is visible: the header (banner) on wide screens, the slide-out
 * menu (a dialog, or a panel inside the header) on phones. Scoping here keeps the footer's copies
 * of the same links and the Home tiles out of the match.
 */
export function siteNavigation(page: Page): Locator {
  return page.getByRole('banner').or(page.getByRole('dialog'));
}

export function navLink(page: Page, name: string): Locator {
  return siteNavigation(page).getByRole('link', { name, exact: true }).filter({ visible: true });
}

/** The Log Out / Sign Out control, a link or a button, wherever it is visible. */
export function logOutControl(page: Page): Locator {
  const name = /log ?out|sign ?out/i;
  return siteNavigation(page)
    .getByRole('button', { name })
    .or(siteNavigation(page).getByRole('link', { name }))
    .filter({ visible: true });
}

/** The phone header's button that opens the slide-out menu. */
export function menuButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Open menu', exact: true }).filter({ visible: true });
}

/** Open the phone slide-out menu and wait for its links to show. */
export async function openMenu(page: Page): Promise<void> {
  await menuButton(page).click();
  await expect(navLink(page, 'Open Orders')).toBeVisible();
}

// The axe that @axe-core/playwright injects into the page (its own copy), read here for its rule list.
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
) as typeof import('axe-core');

/**
 * axe's full rule set: every rule it has, those off by default included (experimental ones, WCAG
 * 2.2's target size, ...), but the AAA ones. No tag subset: a rule missing from a tag list is a rule
 * that never runs (label-content-name-mismatch went unseen that way).
 */
export const AXE_RULES: Record<string, { enabled: boolean }> = Object.fromEntries(
  axeCore
    .getRules()
    .filter((rule) => !rule.tags.some((tag) => /^wcag2\d*aaa$/.test(tag)))
    .map((rule) => [rule.ruleId, { enabled: true }]),
);

/**
 * Run axe's full rule set (AXE_RULES) on the page and fail on serious or critical violations, listing
 * each with its help text and the first offending elements. Lesser ones are attached to the report.
 */
export async function expectNoSeriousA11yViolations(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).options({ rules: AXE_RULES }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length) {
    await testInfo.attach(`axe-minor-${label}`, {
      body: JSON.stringify(
        minor.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target) })),
        null,
        2,
      ),
      contentType: 'application/json',
    });
  }
  const describe = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n'),
  );
  expect(blocking, `axe on ${label}:\n${describe.join('\n')}`).toEqual([]);
}

/**
 * Waits for the short animations under way (a toast sliding in fades its text, which axe reads as
 * low contrast) to finish. Endless ones (a spinner) and long ones (a toast's countdown bar) are left.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const end = a.effect?.getComputedTiming().endTime;
          return typeof end === 'number' && Number.isFinite(end) && end - Number(a.currentTime ?? 0) < 2000;
        })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Every axe violation of any impact, under the full rule set (AXE_RULES), fails (0 violations on every screen). */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).options({ rules: AXE_RULES }).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
  expect(found, `axe on ${label}`).toEqual([]);
}

/** Calls the API with the page's session token (to set up a known basket quickly); `status`: the answer expected. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
  status = 200,
): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('wholesale-portal.session') ?? '{}') as { token?: string }).token ?? '',
  );
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${path}`).toBe(status);
  return (await res.json()) as T;
}

/** A basket line as the API answers it (the fields the journeys read). */
export interface BasketLine {
  lineNumber: number;
  itemNumber: string;
  quantity: number;
}
