// Credit exposure counts the orders not yet invoiced; a buyer over credit or on stop is stopped at
// the basket with the reason and the ways out
// (and Place Order is disabled with the reason when the credit changes underneath); a declined and
// a cancelled invoice payment are said apart and keep the choice, with Pay again; the basket link
// counts the lines; an account on stop that has paid is acknowledged and offered no shipping promise
// or upsell; a reused purchase order is warned of; Place Order comes after every choice; the ship
// choice is hidden when everything ships today; the multi-buy nudge says the spend beside the saving.
// Both widths, axe.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, request, test, type Page, type TestInfo } from '@playwright/test';
import {
  CHECKOUT_MSG,
  CREDIT_MSG,
  DELIVERY_MSG,
  INVOICE_PAY_MSG,
  MSG,
  QUICK_MSG,
  formatMoney,
  formatUnitPrice,
  integrationRoutes,
  pathOf,
  routes,
  type BasketPriceBreaks,
  type BasketSummary,
  type CreditSummary,
  type OpenOrder,
  type Product,
} from '@wholesale/contract';
import {
  DEMO_PASSWORD,
  api,
  atPath,
  demoUsers,
  expectNoA11yViolations,
  isPhone,
  login,
  type BasketLine,
} from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = process.env.E2E_PORT ?? '3199';
const DECLINING_CARD = '4000 0000 0000 0002';
const APPROVING_CARD = '4242 4242 4242 4242';

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync('e2e/.output/shots', { recursive: true });
  await page.screenshot({ path: `e2e/.output/shots/${name}-${testInfo.project.name}.png`, fullPage });
}

const creditSummary = (page: Page) => api<CreditSummary>(page, 'GET', pathOf(routes.getCreditSummary));
const basketOf = (page: Page) => api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
const amountOf = async (page: Page) =>
  (await api<BasketSummary>(page, 'GET', pathOf(routes.getBasketAmount))).totalAmount;

/** Empties the basket; answers a function that puts the old lines back. */
async function emptyBasket(page: Page): Promise<() => Promise<void>> {
  const before = await basketOf(page);
  const clear = async () => {
    for (const l of (await basketOf(page)).basketLines)
      await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
  };
  await clear();
  return async () => {
    await clear();
    for (const l of before.basketLines)
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: l.itemNumber, quantity: l.quantity });
  };
}

const search = (page: Page, text: string) =>
  api<Product[]>(
    page,
    'GET',
    `${pathOf(routes.searchProducts)}?searchValue=${encodeURIComponent(text)}&isSearching=true`,
  );

/** The admin command line on the run's database (e2e/playwright.config.ts: DATA_DIR). */
async function admin(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/admin.ts', ...args],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: path.join(os.tmpdir(), `wholesale-e2e-${PORT}`) } },
  );
  return stdout;
}

/** Goes through Delivery Information with `po` to Review Order. */
async function toReview(page: Page, po: string): Promise<void> {
  await page.goto('/checkout/deliveryinformation');
  await page.getByLabel('Purchase Order').fill(po);
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page).toHaveURL(atPath('/checkout/review-order'));
}

const demoUser = (testInfo: TestInfo) => (isPhone(testInfo) ? 'demo2' : demoUsers.credit);

test.describe('credit, the basket and payments', () => {
  test('credit exposure: My Account and the basket count the orders not yet invoiced', async ({ page }, testInfo) => {
    await login(page, demoUser(testInfo));
    const s = await creditSummary(page);
    const minor = (n: number) => Math.round(n * 100);
    // The demo account has open and in-progress orders: they are in the exposure, and out of the available credit.
    expect(s.uninvoicedOrders).toBeGreaterThan(0);
    expect(minor(s.exposure)).toBe(minor(s.balance) + minor(s.uninvoicedOrders));
    expect(minor(s.availableCredit!)).toBe(Math.max(0, minor(s.creditLimit) - minor(s.exposure)));
    const gbp = (n: number) => formatMoney(n, '£');

    await page.goto('/account');
    const panel = page.getByRole('region', { name: CREDIT_MSG.panelHeading });
    await expect(panel.getByText(CREDIT_MSG.uninvoicedOrders).locator('+ dd')).toHaveText(gbp(s.uninvoicedOrders));
    await expect(panel.getByText(CREDIT_MSG.exposure).locator('+ dd')).toHaveText(gbp(s.exposure));
    await expect(panel.getByText(CREDIT_MSG.availableCredit).locator('+ dd')).toHaveText(gbp(s.availableCredit!));
    await expect(panel.getByText(CREDIT_MSG.availableExplained)).toBeVisible();
    await shot(page, testInfo, 'i37-credit-account');
    await expectNoA11yViolations(page, 'My Account with the credit exposure');

    const restore = await emptyBasket(page);
    try {
      const [product] = await search(page, 'blind');
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: product!.itemNumber, quantity: 1 });
      await page.goto('/basket');
      await expect(page.getByTestId('credit-exposure')).toHaveText(
        CREDIT_MSG.exposureNote(gbp(s.balance), gbp(s.uninvoicedOrders)),
      );
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: CREDIT_MSG.creditUsage(gbp(await amountOf(page)), gbp(s.availableCredit!)) }),
      ).toBeVisible();
    } finally {
      await restore();
    }
  });

  test('over credit: stopped at the basket with the ways out; Place Order disabled when the credit changes underneath', async ({
    page,
  }, testInfo) => {
    await login(page, demoUser(testInfo));
    const restore = await emptyBasket(page);
    try {
      const product = (await search(page, 'blind')).find((p) => p.discountPrice >= 5)!;
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: product.itemNumber, quantity: 1 });
      // Within the credit: on to Review Order.
      await toReview(page, 'PO-I37-CREDIT');
      const place = page.getByRole('button', { name: 'Place Order' });
      await expect(place).toBeEnabled();

      // Underneath (another tab, a colleague): the basket grows past the available credit.
      const { availableCredit } = await creditSummary(page);
      const more = Math.ceil(availableCredit! / product.discountPrice) + 1;
      const [line] = (await basketOf(page)).basketLines;
      await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: line!.lineNumber }));
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: product.itemNumber, quantity: more });
      await page.reload();
      const reason = page.getByTestId('place-order-blocked');
      await expect(reason).toHaveText(CREDIT_MSG.placeOrderBlocked.overCredit);
      await expect(place).toBeDisabled();
      await expect(place).toHaveAccessibleDescription(CREDIT_MSG.placeOrderBlocked.overCredit);
      await shot(page, testInfo, 'i37-review-over-credit');
      await expectNoA11yViolations(page, 'Review Order over credit');

      // The basket stops the buyer with the reason and the ways out; no way on to checkout.
      await page.goto('/basket');
      const gbp = (n: number) => formatMoney(n, '£');
      const alert = page
        .getByRole('alert')
        .filter({ hasText: CREDIT_MSG.overCredit(gbp(await amountOf(page)), gbp(availableCredit!)) });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('link', { name: CREDIT_MSG.wayPayInvoices })).toHaveAttribute('href', '/account');
      await expect(alert.getByRole('link', { name: CREDIT_MSG.wayRemoveLines })).toBeVisible();
      await expect(alert.getByRole('link', { name: /^Contact .+@/ })).toHaveAttribute('href', /^mailto:/);
      await expect(page.getByTestId('checkout-blocked')).toHaveText(CREDIT_MSG.checkoutBlocked.overCredit);
      await expect(page.getByRole('link', { name: MSG.proceedToCheckout })).toHaveCount(0);
      await shot(page, testInfo, 'i37-basket-over-credit');
      await expectNoA11yViolations(page, 'Basket over credit');
      // Remove lines: by keyboard, to the lines.
      await alert.getByRole('link', { name: CREDIT_MSG.wayRemoveLines }).focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('#basket-lines')).toBeFocused();
    } finally {
      await restore();
    }
  });

  test('the basket link counts the lines and says so; none when empty', async ({ page }, testInfo) => {
    await login(page, demoUser(testInfo));
    const restore = await emptyBasket(page);
    try {
      await page.goto('/');
      const link = (name: string) =>
        page.getByRole('banner').getByRole('link', { name, exact: true }).filter({ visible: true });
      await expect(link('My Basket')).toBeVisible();
      await expect(page.getByTestId('basket-marker').filter({ visible: true })).toHaveCount(0);
      const products = (await search(page, 'blind')).slice(0, 3);
      for (const p of products)
        await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: p.itemNumber, quantity: 1 });
      await page.reload();
      await expect(link('My Basket, 3 lines')).toBeVisible();
      await expect(page.getByTestId('basket-marker').filter({ visible: true })).toHaveText('3');
      await shot(page, testInfo, 'i37-basket-count', false);
      await expectNoA11yViolations(page, 'Home with the basket count');
    } finally {
      await restore();
    }
  });

  test('invoice payment: declined and cancelled said apart, the choice kept, Pay again', async ({ page }, testInfo) => {
    await login(page, demoUser(testInfo));
    await page.goto('/account');
    const boxes = page.getByRole('checkbox', { name: /^Select Invoice / }).filter({ visible: true });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect(page.getByText('2 invoices selected')).toBeVisible();
    const total = await page.getByTestId('selected-total').textContent();
    const reference = `I37-${testInfo.project.name}`;
    await page.getByLabel('Reference').fill(reference);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await page.getByLabel('Card number').fill(DECLINING_CARD);
    await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Sarah Whitfield');
    await page.getByRole('button', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(atPath('/account'));
    const declined = page.getByRole('dialog', { name: INVOICE_PAY_MSG.declinedTitle });
    await expect(declined).toContainText(INVOICE_PAY_MSG.declined);
    await expect(page).toHaveURL((url) => url.search === '');
    await expect(page.getByTestId('selected-total')).toHaveText(total!);
    await expect(page.getByLabel('Reference')).toHaveValue(reference);
    await shot(page, testInfo, 'i37-invoice-declined', false);
    await expectNoA11yViolations(page, 'invoice payment declined');

    // Pay again: to the hosted page with the same choice; there, Cancel and return.
    await declined.getByRole('button', { name: INVOICE_PAY_MSG.payAgain }).click();
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: /^Cancel and return/ }).click();
    await expect(page).toHaveURL(atPath('/account'));
    const cancelled = page.getByRole('dialog', { name: INVOICE_PAY_MSG.cancelledTitle });
    await expect(cancelled).toContainText(INVOICE_PAY_MSG.cancelled);
    await expect(page.getByTestId('selected-total')).toHaveText(total!);
    await expect(page.getByLabel('Reference')).toHaveValue(reference);
    await expect(cancelled.getByRole('button', { name: INVOICE_PAY_MSG.payAgain })).toBeVisible();
    await expectNoA11yViolations(page, 'invoice payment cancelled');
  });

  test('on stop: no promise or upsell at the basket; once the overdue invoices are paid, the payment is acknowledged', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    // An account of its own, on stop with one overdue invoice (the admin command line and the ERP API).
    const n = isPhone(testInfo) ? '2' : '1';
    const customer = `C37${n}${Date.now() % 100000}`;
    const username = `stop37.${testInfo.project.name}.${Date.now() % 100000}`;
    await admin(
      'create-account',
      '--customer-number',
      customer,
      '--name',
      'Stopped Blinds Ltd',
      '--currency',
      'GBP',
      '--country',
      'United Kingdom (Mainland)',
      '--on-stop',
      '--credit-limit',
      '5000.00',
      '--email',
      'accounts@stopped.example',
    );
    await admin(
      'create-user',
      '--customer-number',
      customer,
      '--username',
      username,
      '--name',
      'Sam Stop',
      '--password',
      DEMO_PASSWORD,
    );
    const key = /\b(wpk_\S+)/.exec(
      await admin('api-client', 'create', '--name', `i37-${username}`, '--scopes', 'invoices:write'),
    )?.[1];
    const erp = await request.newContext({
      baseURL: `http://127.0.0.1:${PORT}`,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    const due = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const put = await erp.put(pathOf(integrationRoutes.upsertInvoices), {
      data: {
        items: [
          {
            documentNumber: `SI-${customer}`,
            customerNumber: customer,
            documentType: 'Invoice',
            postingDate: due,
            dueDate: due,
            currency: 'GBP',
            amount: '100.00',
            vat: '20.00',
            total: '120.00',
            remaining: '120.00',
            lines: [
              {
                itemNumber: 'RB-1',
                description: 'Blind',
                quantity: 1,
                unit: 'EACH',
                unitPrice: '100',
                total: '100.00',
              },
            ],
          },
        ],
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    await erp.dispose();

    await login(page, username);
    const products = await search(page, 'blind');
    const breaks = products.find((p) => p.hasMultiBuyDiscount) ?? products[0]!;
    await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: breaks.itemNumber, quantity: 1 });
    await page.goto('/basket');
    await expect(page.getByTestId('on-stop-reason')).toBeVisible();
    await expect(page.getByTestId('checkout-blocked')).toHaveText(CREDIT_MSG.checkoutBlocked.onStop);
    await expect(page.getByRole('link', { name: MSG.proceedToCheckout })).toHaveCount(0);
    await expect(page.getByText(/to ship (today|Monday|on)/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Multi-buy offers' })).toHaveCount(0);
    await expect(page.getByText(/^Delivery: /)).toHaveCount(0);
    await shot(page, testInfo, 'i37-basket-on-stop');
    await expectNoA11yViolations(page, 'Basket on stop');

    // Pay the overdue invoice from the notice.
    await page.getByRole('link', { name: CREDIT_MSG.payOverdue }).click();
    await expect(page.getByTestId('selected-total')).toHaveText('£120.00');
    await page.getByLabel('Reference').fill('I37-STOP');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await page.getByLabel('Card number').fill(APPROVING_CARD);
    await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Sam Stop');
    await page.getByRole('button', { name: 'Pay now' }).click();
    const thanks = page.getByRole('dialog', { name: MSG.thankYou });
    await expect(thanks).toContainText(MSG.invoicePaid);
    await thanks.getByRole('button', { name: 'Close' }).click();

    await page.goto('/');
    const banner = page.getByTestId('on-stop-banner');
    await expect(banner.getByText(CREDIT_MSG.onStopPaid)).toBeVisible();
    await expect(banner.getByTestId('on-stop-reason')).toHaveCount(0);
    await shot(page, testInfo, 'i37-home-on-stop-paid');
    await expectNoA11yViolations(page, 'Home on stop, paid');
    await page.goto('/basket');
    await expect(page.getByText(CREDIT_MSG.onStopPaid)).toBeVisible();
    await expect(page.getByRole('link', { name: MSG.proceedToCheckout })).toHaveCount(0);
  });

  test('Review Order: a reused PO is warned of; Place Order after every choice; no ship choice when all ships today', async ({
    page,
  }, testInfo) => {
    await login(page, demoUser(testInfo));
    const [used] = await api<OpenOrder[]>(page, 'GET', pathOf(routes.listOpenOrders));
    expect(used).toBeDefined();
    const restore = await emptyBasket(page);
    try {
      // One line well in stock: everything ships on the same day, so there is nothing to choose.
      const inStock = (await search(page, 'blind')).find((p) => Number(String(p.stock).replace(/,/g, '')) > 50)!;
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: inStock.itemNumber, quantity: 1 });
      await toReview(page, used!.reference);
      await expect(page.getByTestId('po-reused')).toHaveText(
        CHECKOUT_MSG.purchaseOrderReused(used!.reference, used!.orderNumber),
      );
      const place = page.getByRole('button', { name: 'Place Order' });
      await expect(place).toBeEnabled();
      const section = page.getByRole('region', { name: DELIVERY_MSG.heading });
      await expect(section).toBeVisible();
      await expect(page.getByRole('radio')).toHaveCount(0);
      // After every choice, also on the screen's layout (at 1280 the summary sits beside them).
      const terms = await page.getByRole('button', { name: 'Terms and Conditions' }).boundingBox();
      const placeBox = await place.boundingBox();
      expect(placeBox!.y).toBeGreaterThan(terms!.y + terms!.height);
      await shot(page, testInfo, 'i37-review-po-reused');
      await expectNoA11yViolations(page, 'Review Order with a reused PO');
    } finally {
      await restore();
    }
  });

  test('the multi-buy nudge says the spend beside the saving; a proforma account sees no credit panel', async ({
    page,
  }, testInfo) => {
    await login(page, demoUser(testInfo));
    const restore = await emptyBasket(page);
    try {
      const offer = (await search(page, 'blind')).find((p) => p.hasMultiBuyDiscount)!;
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: offer.itemNumber, quantity: 1 });
      const { lines } = await api<BasketPriceBreaks>(page, 'GET', pathOf(routes.getBasketPriceBreaks));
      const next = lines.find((l) => l.itemNumber === offer.itemNumber)!.nextBreak!;
      await page.goto('/basket');
      const gbp = (n: number) => formatMoney(n, '£');
      await expect(
        page.getByText(
          QUICK_MSG.nextBreak(
            next.addQuantity,
            formatUnitPrice(next.unitPrice, '£'),
            gbp(next.saving),
            gbp(next.extraCost),
          ),
        ),
      ).toBeVisible();
      await shot(page, testInfo, 'i37-basket-nudge');
    } finally {
      await restore();
    }

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await login(page, demoUsers.proforma);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Pay Invoices' })).toBeVisible();
    await expect(page.getByRole('region', { name: CREDIT_MSG.panelHeading })).toHaveCount(0);
    await expectNoA11yViolations(page, 'My Account, proforma');
  });

  test('Create Orders explains a pack quantity and offers to round up, never refusing', async ({ page }, testInfo) => {
    await login(page, demoUser(testInfo));
    let packed: Product | undefined;
    for (const word of ['chain', 'bracket', 'cord', 'blind', 'pack']) {
      packed = (await search(page, word)).find((p) => p.packQuantity > 1);
      if (packed) break;
    }
    expect(packed, 'a product sold in packs').toBeDefined();
    const pack = packed!.packQuantity;
    await page.goto('/products/search');
    await page.getByLabel('Look up product').fill(packed!.itemNumber);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const qty = page
      .getByRole('textbox', { name: `Quantity of ${packed!.itemNumber}`, exact: true })
      .filter({ visible: true });
    await qty.fill(String(pack + 1));
    const hint = page.getByTestId('pack-hint').filter({ visible: true });
    await expect(hint).toContainText(QUICK_MSG.soldInPacks(pack));
    await expect(
      page.getByRole('button', { name: `Add ${packed!.itemNumber} to basket` }).filter({ visible: true }),
    ).toBeEnabled();
    await shot(page, testInfo, 'i37-pack-hint', false);
    await expectNoA11yViolations(page, 'Create Orders with the pack hint');
    const roundUp = hint.getByRole('button', { name: QUICK_MSG.roundUpToPackLabel(pack * 2, packed!.itemNumber) });
    await roundUp.focus();
    await page.keyboard.press('Enter');
    await expect(qty).toHaveValue(String(pack * 2));
    await expect(hint).toHaveCount(0);
  });
});
