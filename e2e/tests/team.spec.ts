// Team accounts: a buyer over their limit submits an order for approval, an approver approves or
// declines it from the queue, and an account admin invites a user who sets a password from the
// email. The demo account's users: demo (account admin), demo3 (buyer: £250 an order, £1,000 a
// month), demo4 (approver); a viewer is invited by a test. On the card-paying (proforma) account:
// proforma (account admin) and proforma2 (buyer: £250 an order). The e2e server writes each email
// as an .eml file under DATA_DIR/mail/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  APPROVED_AWAITING_PAYMENT,
  HOME_MSG,
  MAIL_MSG,
  MSG,
  TEAM_MSG,
  TEAM_PERMISSIONS,
  pathOf,
  routes,
} from '@wholesale/contract';
import { api, atPath, expectNoA11yViolations, login, onlyOnProject, submitLogin, type BasketLine } from './helpers';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const MAIL_DIR = path.join(os.tmpdir(), `wholesale-e2e-${PORT}`, 'mail');

/** The newest .eml written since `after` to `to` with `subject`, its quoted-printable undone. */
async function emailTo(to: string, subject: string, after: number): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR) : [];
        for (const f of files.sort().reverse()) {
          const file = path.join(MAIL_DIR, f);
          if (fs.statSync(file).mtimeMs < after) continue;
          const eml = fs.readFileSync(file, 'utf8');
          if (!eml.includes(`To: ${to}`) || !eml.includes(`Subject: ${subject}`)) continue;
          found = eml
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
          return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

/** Signs out by forgetting the stored session, then signs in as `username`. */
async function switchUser(page: Page, username: string) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await login(page, username);
}

/**
 * As demo3 (or proforma2): a basket over £250 (one line of an in-stock product), then checkout to
 * Review Order, which says the order is over the per-order limit; Submit for approval. Answers the
 * order number.
 */
async function submitOverLimit(page: Page, purchaseOrder: string, { budget = true } = {}): Promise<string> {
  const basket = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
  for (const l of basket.basketLines) await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
  const products = await api<{ itemNumber: string; stock: number; discountPrice: number }[]>(
    page,
    'GET',
    `${pathOf(routes.searchProducts)}?searchValue=blind`,
  );
  const product = products.find((p) => p.stock > 0 && p.discountPrice > 5);
  expect(product).toBeDefined();
  const quantity = Math.ceil(300 / product!.discountPrice);
  await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: product!.itemNumber, quantity });
  await page.goto('/checkout/deliveryinformation');
  await page.getByLabel('Purchase Order').fill(purchaseOrder);
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page).toHaveURL(atPath('/checkout/review-order'));
  await expect(page.getByTestId('order-limits')).toContainText(TEAM_MSG.overOrderLimit('£250.00'));
  if (budget) await expect(page.getByTestId('order-limits')).toContainText('Monthly budget remaining:');
  await page.getByRole('button', { name: TEAM_MSG.submitForApproval }).click();
  await expect(page).toHaveURL(atPath('/open-order-enquiry'));
  await expect(page.getByText(TEAM_MSG.awaitingNote)).toBeVisible();
  const orderNumber = new URL(page.url()).searchParams.get('order') ?? '';
  expect(orderNumber).toMatch(/^SO-\d+$/);
  return orderNumber;
}

/** As demo4: the header's count leads to the queue; the order's review opens. */
async function openInQueue(page: Page, orderNumber: string, testInfo: TestInfo) {
  const link = page.getByRole('link', { name: /^Approvals\s*, [1-9]\d* awaiting$/ });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: TEAM_MSG.approvalsHeading })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) });
  await item.getByRole('button', { name: `Review order ${orderNumber}` }).click();
  await expect(item.getByRole('list', { name: `Lines of ${orderNumber}` })).toBeVisible();
  await expectNoA11yViolations(page, 'approvals queue with a review open');
  await page.screenshot({ path: testInfo.outputPath('approvals.png'), fullPage: true });
  return item;
}

/** The invited user opens the set-password link of their invitation email, sets a password and logs in. */
async function acceptInvitation(
  page: Page,
  { username, email, password, sentAfter }: { username: string; email: string; password: string; sentAfter: number },
): Promise<void> {
  const eml = await emailTo(email, MAIL_MSG.invitation.subject('Harbour Home Trade'), sentAfter);
  const link = /https?:\/\/[^\s"<>]+(\/set-password\?token=[A-Za-z0-9_-]+)/.exec(eml)?.[1];
  expect(link).toBeDefined();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link!);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: MSG.setPasswordButton }).click();
  await expect(page.getByRole('status')).toHaveText(MSG.passwordSet, { timeout: 30_000 });
  await page.goto('/login');
  await submitLogin(page, username, password);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

test.describe('team accounts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('demo3 submits an order over £250; demo4 approves it from the queue; it is placed with both names', async ({
    page,
  }, testInfo) => {
    await login(page, 'demo3');
    const orderNumber = await submitOverLimit(page, `APR-${testInfo.project.name.slice(0, 3)}-${Date.now() % 100_000}`);

    await switchUser(page, 'demo4');
    const item = await openInQueue(page, orderNumber, testInfo);
    await item.getByRole('button', { name: `${TEAM_MSG.approve} ${orderNumber}` }).click();
    await expect(page.getByText(TEAM_MSG.approvedToast(orderNumber))).toBeVisible();

    await page.goto(`/open-order-enquiry?order=${orderNumber}`);
    const who = page.getByRole('definition');
    await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
    await expect(who.filter({ hasText: 'Priya Shah' })).toBeVisible();
    await expect(who.filter({ hasText: 'Mark Jones' })).toBeVisible();
    await page.goto('/open-orders');
    const row = page
      .getByRole('row')
      .or(page.getByRole('listitem'))
      .filter({ hasText: orderNumber })
      .filter({ visible: true });
    await expect(row).toContainText('Priya Shah');
    await expect(row).toContainText(`${TEAM_MSG.approvedBy}`);
    await expect(row).toContainText('Mark Jones');
  });

  test('on a card-paying account: proforma2 submits over £250, proforma approves, proforma2 pays from Open Orders', async ({
    page,
  }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'proforma2 has one login and one basket; the phone project would share it');
    await login(page, 'proforma2');
    const purchaseOrder = `PAY-${Date.now() % 100_000}`;
    const orderNumber = await submitOverLimit(page, purchaseOrder, { budget: false });
    // No card is taken before approval: the Payment step's button is not offered over the limit.

    await switchUser(page, 'proforma');
    const item = await openInQueue(page, orderNumber, testInfo);
    await item.getByRole('button', { name: `${TEAM_MSG.approve} ${orderNumber}` }).click();
    await expect(page.getByText(TEAM_MSG.approvedToPayToast(orderNumber))).toBeVisible();

    await switchUser(page, 'proforma2');
    await page.goto('/open-orders');
    const row = () => page.getByRole('row').filter({ hasText: orderNumber });
    await expect(row()).toContainText(APPROVED_AWAITING_PAYMENT);
    const payNow = () => row().getByRole('button', { name: TEAM_MSG.payNowFor(orderNumber) });
    await expect(payNow()).toBeVisible();
    await expectNoA11yViolations(page, 'open orders with Pay now');
    await page.screenshot({ path: testInfo.outputPath('open-orders-pay-now-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(card.getByRole('button', { name: TEAM_MSG.payNowFor(orderNumber) })).toBeVisible();
    await expectNoA11yViolations(page, 'open orders with Pay now, phone');
    await page.screenshot({ path: testInfo.outputPath('open-orders-pay-now-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    const payWith = async (cardNumber: string) => {
      await payNow().click();
      await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
      await expect(page.getByText(orderNumber).filter({ visible: true }).first()).toBeVisible();
      await page.getByLabel('Card number').fill(cardNumber);
      await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
      await page.getByLabel('Security code (CVC)').fill('123');
      await page.getByLabel('Name on card').fill('Niamh Kelly');
      await page.getByRole('button', { name: 'Pay now' }).click();
      await expect(page).toHaveURL(atPath('/open-orders'));
    };
    // Declined: back on Open Orders, told so, still payable.
    await payWith('4000 0000 0000 0002');
    await expect(page.getByRole('alert').filter({ hasText: TEAM_MSG.orderPaymentDeclined(orderNumber) })).toBeVisible();
    await expect(row()).toContainText(APPROVED_AWAITING_PAYMENT);
    // Approved: the order is placed.
    await payWith('4242 4242 4242 4242');
    await expect(page.getByText(TEAM_MSG.orderPaid(orderNumber))).toBeVisible();
    await expect(row()).toContainText('Open');
    await expect(row().getByRole('button', { name: TEAM_MSG.payNowFor(orderNumber) })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('open-orders-paid-1280.png'), fullPage: true });
  });

  test('a decline reaches demo3 with the reason: on the order and by email', async ({ page }, testInfo) => {
    await login(page, 'demo3');
    const started = Date.now();
    const orderNumber = await submitOverLimit(page, `DEC-${testInfo.project.name.slice(0, 3)}-${Date.now() % 100_000}`);
    const reason = `Use the framework agreement (${testInfo.project.name})`;

    await switchUser(page, 'demo4');
    const item = await openInQueue(page, orderNumber, testInfo);
    await item.getByLabel(TEAM_MSG.declineReason).fill(reason);
    await item.getByRole('button', { name: `${TEAM_MSG.decline} ${orderNumber}` }).click();
    await expect(page.getByText(TEAM_MSG.declinedToast(orderNumber))).toBeVisible();

    await switchUser(page, 'demo3');
    await page.goto(`/open-order-enquiry?order=${orderNumber}`);
    await expect(page.getByTestId('decline-reason')).toContainText(reason);
    await expect(page.getByTestId('decline-reason')).toContainText('Mark Jones');
    const eml = await emailTo('priya.shah@kingfisherblinds.example', `Order ${orderNumber}`, started - 1000);
    expect(eml).toContain(MAIL_MSG.approval.declinedHeading(orderNumber));
    expect(eml).toContain(reason);
  });

  test('demo invites a user, who sets a password from the email and signs in as a buyer', async ({
    page,
  }, testInfo) => {
    const username = `team.new.${testInfo.project.name}.${Date.now() % 100_000}`;
    const email = `${username}@kingfisherblinds.example`;
    await login(page, 'demo');
    await page.goto('/account');
    await page.getByRole('link', { name: TEAM_MSG.teamLink, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: TEAM_MSG.teamHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Priya Shah/ })).toBeVisible();
    await expectNoA11yViolations(page, 'team screen');
    await page.screenshot({ path: testInfo.outputPath('team.png'), fullPage: true });

    const started = Date.now();
    const form = page.getByRole('form', { name: TEAM_MSG.inviteHeading });
    await form.getByLabel('Username', { exact: true }).fill(username);
    await form.getByLabel('Name', { exact: true }).fill('Nia New');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Role').selectOption('buyer');
    await form.getByLabel(/Per-order limit/).fill('100');
    await form.getByRole('button', { name: TEAM_MSG.invite }).click();
    await expect(page.getByText(TEAM_MSG.invited(email))).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: username })).toContainText(TEAM_MSG.statusInvited);

    await acceptInvitation(page, { username, email, password: 'Team-new-pass-1', sentAfter: started - 1000 });
    const me = await api<{ role: string; name: string }>(page, 'GET', pathOf(routes.getCurrentUser));
    expect(me).toMatchObject({ role: 'buyer', name: 'Nia New' });
    // A buyer neither manages the team nor approves.
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: TEAM_MSG.teamLink, exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Approvals/ })).toHaveCount(0);
  });

  test('a viewer sees no ordering or payment controls, and a screen of their address says their role does not allow it', async ({
    page,
  }, testInfo) => {
    const username = `team.viewer.${testInfo.project.name}.${Date.now() % 100_000}`;
    const email = `${username}@kingfisherblinds.example`;
    await login(page, 'demo');
    const started = Date.now();
    await api(
      page,
      'POST',
      pathOf(routes.inviteTeamUser),
      { username, name: 'Vic Viewer', email, role: 'viewer' },
      201,
    );
    await acceptInvitation(page, { username, email, password: 'Team-viewer-pass-1', sentAfter: started - 1000 });

    // Home: no basket in the header, no basket tile; the menu (desktop bar or phone panel) has no Quick Order.
    await expect(page.getByRole('heading', { level: 1, name: 'Wholesale Portal' })).toBeVisible();
    const areas = page.getByRole('navigation', { name: 'Portal areas' });
    await expect(areas.getByRole('link', { name: 'Open Orders' })).toBeVisible();
    await expect(areas.getByRole('link', { name: 'View Basket' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: /My Basket/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: HOME_MSG.payOverdue })).toHaveCount(0);
    if (testInfo.project.name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu.getByRole('link', { name: 'Order Products' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Quick Order' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: /My Basket/ })).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath('viewer-menu.png') });
      await page.getByRole('button', { name: 'Close menu' }).click();
    } else {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Order Products' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Quick Order' })).toHaveCount(0);
    }
    await page.screenshot({ path: testInfo.outputPath('viewer-home.png'), fullPage: true });

    // The range without Add; an order without Copy or Cancel; invoices without paying.
    await page.goto('/products/search');
    await page.getByLabel('Look up product').fill('blind');
    await page.getByLabel('Look up product').press('Enter');
    await expect(page.getByText(/^Displaying \d+ results? for blind$/)).toBeVisible();
    await expect(page.getByRole('button', { name: /to basket$/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Quick Order/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('viewer-products.png') });
    const orders = await api<{ orderNumber: string }[]>(page, 'GET', pathOf(routes.listOpenOrders));
    expect(orders.length).toBeGreaterThan(0);
    await page.goto(`/open-order-enquiry?order=${encodeURIComponent(orders[0]!.orderNumber)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Open Order Enquiry' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order Summary' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Copy|Cancel) Order$/ })).toHaveCount(0);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Payment' })).toHaveCount(0);

    // Typed addresses: the clear page, not the screen and its refused requests.
    for (const [address, what] of [
      ['/quick-order', 'order'],
      ['/basket', 'order'],
      ['/checkout/deliveryinformation', 'order'],
      ['/account/team', 'manageTeam'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: TEAM_MSG.screenNotAllowedHeading })).toBeVisible();
      await expect(page.getByText(TEAM_MSG.screenNotAllowed('viewer', what, TEAM_PERMISSIONS[what]))).toBeVisible();
    }
    await page.goto('/quick-order');
    await expect(page.getByRole('heading', { level: 1, name: TEAM_MSG.screenNotAllowedHeading })).toBeVisible();
    await expectNoA11yViolations(page, 'screen not allowed');
    await page.screenshot({ path: testInfo.outputPath('viewer-not-allowed.png'), fullPage: true });
    await page.getByRole('link', { name: TEAM_MSG.screenNotAllowedHome }).click();
    await expect(page).toHaveURL(atPath('/'));
  });
});
