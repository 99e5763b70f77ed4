// Accessibility of every screen: axe's full rule set (helpers.ts, AXE_RULES: every WCAG 2.x A and AA
// rule and the best practices, those off by default included, not the AAA ones) finds nothing on
// each screen below, at both widths (the desktop project at 1280, the phone project at 390).
// SCREENS is the one list of what is covered; a screen added to web/src/app/router.tsx must be added
// here too (the first test fails until it is).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MAIL_MSG, MSG, pathOf, QUICK_MSG, RESET_MSG, TEAM_MSG, routes } from '@wholesale/contract';
import { api, atPath, demoUsers, expectNoA11yViolations, login, type BasketLine } from './helpers';
import { enrolStaffByApi, staffSession, useStaffSession, type StaffSession } from './staff-helpers';

interface ScreenCheck {
  /** The route, as in web/src/app/router.tsx (or a path no route has). */
  path: string;
  /** The screen's h1 once it is shown. */
  heading: string;
  /** Signed in (as the credit demo user) or not. */
  session: boolean;
  /** Signed in to the back office (as an admin) instead. */
  staff?: boolean;
  /** A basket with lines first (the basket and checkout screens show them). */
  basket?: boolean;
  /** How to reach the screen with something on it; page.goto(path) when absent. */
  open?: (page: Page) => Promise<void>;
}

export const SCREENS: readonly ScreenCheck[] = [
  { path: '/login', heading: 'Wholesale Portal', session: false },
  {
    // A refused one-time link ends on /login, saying so.
    path: '/redirect',
    heading: 'Wholesale Portal',
    session: false,
    open: async (page) => {
      await page.goto(`/redirect?rt=${'x'.repeat(43)}`);
      await expect(page).toHaveURL(atPath('/login'));
    },
  },
  {
    path: '/set-password',
    heading: MSG.setPasswordTitle,
    session: false,
    open: (page) => page.goto(`/set-password?token=${'x'.repeat(43)}`).then(() => undefined),
  },
  { path: '/forgot-password', heading: RESET_MSG.title, session: false },
  {
    // The one-click unsubscribe page is the server's own HTML (outside the web app); a refused link.
    path: '/mail/unsubscribe',
    heading: MAIL_MSG.unsubscribe.pageTitle,
    session: false,
    open: (page) => page.goto(`${pathOf(routes.showUnsubscribePage)}?token=${'x'.repeat(40)}`).then(() => undefined),
  },
  { path: '/', heading: 'Wholesale Portal', session: true },
  { path: '/account', heading: 'My Account', session: true },
  {
    path: '/view-transaction',
    heading: 'View Transaction',
    session: true,
    open: async (page) => {
      const { invoices } = await api<{ invoices: { documentNumber: string }[] }>(
        page,
        'GET',
        pathOf(routes.getInvoices),
      );
      expect(invoices.length).toBeGreaterThan(0);
      await page.goto(`/view-transaction?invoice=${invoices[0]!.documentNumber}`);
    },
  },
  { path: '/open-orders', heading: 'Open Orders', session: true },
  {
    path: '/open-order-enquiry',
    heading: 'Open Order Enquiry',
    session: true,
    open: async (page) => {
      const orders = await api<{ orderNumber: string }[]>(page, 'GET', pathOf(routes.listOpenOrders));
      expect(orders.length).toBeGreaterThan(0);
      await page.goto(`/open-order-enquiry?order=${orders[0]!.orderNumber}`);
      await expect(page.getByText(orders[0]!.orderNumber).first()).toBeVisible();
    },
  },
  { path: '/details', heading: 'My Details', session: true },
  { path: '/change-password', heading: 'Change Password', session: true },
  {
    path: '/basket',
    heading: 'Shopping Basket',
    session: true,
    basket: true,
    open: async (page) => {
      await page.goto('/basket');
      await expect(page.getByRole('region', { name: 'Order Summary' })).toBeVisible();
    },
  },
  { path: '/checkout/deliveryinformation', heading: 'Delivery Information', session: true, basket: true },
  {
    path: '/checkout/review-order',
    heading: 'Review Order',
    session: true,
    basket: true,
    open: async (page) => {
      await page.goto('/checkout/deliveryinformation');
      await page.getByLabel('Purchase Order').fill('A11Y-CHECK');
      await page.getByRole('button', { name: 'Proceed', exact: true }).click();
      await expect(page).toHaveURL(atPath('/checkout/review-order'));
      await expect(
        page.getByRole('table', { name: 'Order lines' }).or(page.getByRole('list', { name: 'Order lines' })),
      ).toBeVisible();
    },
  },
  {
    // With a page of results (the table on wide screens, the cards on phones).
    path: '/products/search',
    heading: 'Create Orders',
    session: true,
    open: async (page) => {
      await page.goto('/products/search');
      await page.getByLabel('Look up product').fill('blind');
      await page.getByLabel('Look up product').press('Enter');
      await expect(page.getByText(/^Displaying \d+ results for /)).toBeVisible();
    },
  },
  { path: '/quick-order', heading: QUICK_MSG.heading, session: true },
  // Team accounts: the demo user is an account admin, who manages the team and approves.
  {
    path: '/account/team',
    heading: TEAM_MSG.teamHeading,
    session: true,
    open: async (page) => {
      await page.goto('/account/team');
      await expect(page.getByRole('list', { name: 'Users' })).toBeVisible();
    },
  },
  { path: '/approvals', heading: TEAM_MSG.approvalsHeading, session: true },
  { path: '/no-such-page', heading: 'Page not found', session: true },
  {
    // Opened without a view-as session: says so.
    path: '/view-as',
    heading: 'View as customer',
    session: false,
    open: async (page) => {
      await page.goto('/view-as');
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  // The back office (features/staff/staff-app.tsx's table).
  { path: '/staff/login', heading: 'Staff sign in', session: false },
  {
    path: '/staff/set-up',
    heading: 'Set your back-office password',
    session: false,
    open: async (page) => {
      await page.goto(`/staff/set-up?token=${'x'.repeat(43)}`);
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  { path: '/staff', heading: 'Today', session: false, staff: true },
  { path: '/staff/customers', heading: 'Customers', session: false, staff: true },
  {
    path: '/staff/customer',
    heading: 'Kingfisher Blinds & Interiors Ltd (C10001)',
    session: false,
    staff: true,
    open: (page) => page.goto('/staff/customer?customer=C10001').then(() => undefined),
  },
  { path: '/staff/users', heading: 'Users', session: false, staff: true },
  {
    path: '/staff/user',
    heading: 'Sarah Whitfield (demo)',
    session: false,
    staff: true,
    open: async (page) => {
      await page.goto('/staff/customer?customer=C10001');
      await page.getByRole('region', { name: 'Users' }).getByRole('link', { name: 'Sarah Whitfield' }).click();
    },
  },
  { path: '/staff/orders', heading: 'Orders', session: false, staff: true },
  {
    path: '/staff/order',
    heading: 'Order SO-',
    session: false,
    staff: true,
    open: async (page) => {
      await page.goto('/staff/orders');
      await page.getByRole('table', { name: 'Orders' }).getByRole('link').first().click();
    },
  },
  { path: '/staff/settings', heading: 'Settings', session: false, staff: true },
  { path: '/staff/integration', heading: 'Integration', session: false, staff: true },
  { path: '/staff/audit', heading: 'Audit log', session: false, staff: true },
  {
    // With a staff member just added: their row's controls and the set-up link shown once.
    path: '/staff/staff-users',
    heading: 'Staff',
    session: false,
    staff: true,
    open: async (page) => {
      await page.goto('/staff/staff-users');
      const form = page.getByRole('region', { name: 'Add a staff member' });
      await form.getByLabel('Username').fill(`a11y-new-${Date.now().toString(36)}`);
      await form.getByLabel('Email').fill('a11y-new@staff.example');
      await form.getByRole('button', { name: 'Create staff member' }).click();
      await expect(form.getByTestId('setup-link')).toBeVisible();
    },
  },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('every screen of the router is in the accessibility list', () => {
  // The buyer's route table, and the back office's (one '/staff' row in the first loads it).
  const table = ['web/src/app/router.tsx', 'web/src/features/staff/staff-app.tsx']
    .map((file) => fs.readFileSync(path.join(root, file), 'utf8'))
    .join('\n');
  const routed = [...table.matchAll(/^\s*'(\/[^']*)':\s*screen\(/gm)].map((m) => m[1]);
  expect(routed.length).toBeGreaterThan(20);
  expect(routed.filter((route) => !SCREENS.some((s) => s.path === route))).toEqual([]);
});

/**
 * An admin of the back office for this run and project, enrolled and signed in once: each screen
 * reuses the session (a second sign-in within 30 s would wait for the next TOTP step).
 */
const staffSessions = new Map<string, StaffSession>();
const STAFF_RUN = Date.now().toString(36);
async function staffSignedIn(page: Page, project: string): Promise<void> {
  const username = `a11y-${project}-${STAFF_RUN}`;
  let session = staffSessions.get(username);
  if (!session) {
    const secret = await enrolStaffByApi(page.request, username, 'admin');
    session = await staffSession(page.request, username, secret);
    staffSessions.set(username, session);
  }
  await useStaffSession(page, session);
}

/** Puts two lines in the basket when it is empty; answers the line numbers it added. */
async function basketWithLines(page: Page): Promise<number[]> {
  const lines = async () =>
    (await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket))).basketLines.map(
      (l) => l.lineNumber,
    );
  const before = await lines();
  if (before.length > 0) return [];
  const products = await api<{ itemNumber: string; stock: number }[]>(
    page,
    'GET',
    `${pathOf(routes.searchProducts)}?searchValue=blind`,
  );
  const inStock = products.filter((p) => p.stock > 10).slice(0, 2);
  expect(inStock).toHaveLength(2);
  for (const p of inStock)
    await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: p.itemNumber, quantity: 1 });
  return (await lines()).filter((n) => !before.includes(n));
}

test.describe("axe's full rule set on every screen", () => {
  // A login, the screen's data and a full axe pass: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 60_000 });
  for (const screen of SCREENS) {
    test(`${screen.path} has no axe violations`, async ({ page }, testInfo) => {
      if (screen.session) await login(page, demoUsers.credit);
      if (screen.staff) await staffSignedIn(page, testInfo.project.name);
      const added = screen.basket ? await basketWithLines(page) : [];
      try {
        if (screen.open) await screen.open(page);
        else await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        // What loads after the heading (lists, the footer's settings) is in before axe reads the page.
        await page.waitForLoadState('networkidle');
        await expectNoA11yViolations(page, screen.path);
      } finally {
        // The other journeys set up their own baskets: take out what this one added.
        for (const id of added) await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id }));
      }
    });
  }
});
