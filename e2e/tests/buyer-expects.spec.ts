// What a buyer expects and misses. Each journey runs at both widths (desktop
// 1280x800, phone 390x844).
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { BASKET_MSG, CREDIT_MSG, HOME_MSG, formatMoney, pathOf, routes } from '@wholesale/contract';
import { api, type BasketLine, demoUsers, expectNoA11yViolations, login } from './helpers';

/** With SHOTS=1, a full-page screenshot in e2e/.output/shots/ to look at (both widths). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.SHOTS) return;
  await page.screenshot({ path: `e2e/.output/shots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** The products shown (table rows at 1280, list items at 390). */
function productItems(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Products' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .or(page.getByRole('list', { name: 'Products' }).getByRole('listitem'))
    .filter({ visible: true });
}

type BasketView = {
  basketLines: BasketLine[];
  carriageLine: { totalLinePrice: number } | null;
  totalBasketPrice: number;
  revision: number;
};

/** An empty basket, then one in-stock product found by "blind" at `quantity`; its item code. */
async function oneLineBasket(page: Page, quantity: number): Promise<string> {
  await api(page, 'DELETE', pathOf(routes.clearBasket));
  const found = await api<{ itemNumber: string; stock: number }[]>(
    page,
    'GET',
    `${pathOf(routes.searchProducts)}?searchValue=blind`,
  );
  const code = found.find((p) => p.stock > 100)!.itemNumber;
  await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: code, quantity });
  return code;
}

test.describe('Clear basket, with undo', () => {
  test('asks first, empties the basket in one action, and Undo puts back the same lines', async ({
    page,
  }, testInfo) => {
    await login(page);
    await api(page, 'DELETE', pathOf(routes.clearBasket));
    const found = await api<{ itemNumber: string; stock: number }[]>(
      page,
      'GET',
      `${pathOf(routes.searchProducts)}?searchValue=blind`,
    );
    const codes = found
      .filter((p) => p.stock > 10)
      .slice(0, 3)
      .map((p) => p.itemNumber);
    for (const [i, itemNumber] of codes.entries())
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber, quantity: i + 2 });
    const before = await api<BasketView>(page, 'GET', pathOf(routes.getBasket));
    expect(before.basketLines).toHaveLength(3);

    await page.goto('/basket');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Basket' })).toBeVisible();
    await page.getByRole('button', { name: BASKET_MSG.clearBasket }).click();
    const dialog = page.getByRole('dialog', { name: BASKET_MSG.clearBasketTitle });
    await expect(dialog).toContainText(BASKET_MSG.clearBasketQuestion(3));
    await expectNoA11yViolations(page, 'clear basket dialog');
    await shot(page, testInfo, 'clear-basket-dialog');
    // Cancel (by keyboard) leaves the basket alone.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await api<BasketView>(page, 'GET', pathOf(routes.getBasket))).basketLines).toHaveLength(3);

    await page.getByRole('button', { name: BASKET_MSG.clearBasket }).click();
    await dialog.getByRole('button', { name: BASKET_MSG.clearBasket }).click();
    await expect(page.getByText(BASKET_MSG.basketCleared(3))).toBeVisible();
    await expect(page.getByText('The shopping basket is empty')).toBeVisible();
    const undo = page.getByRole('button', { name: BASKET_MSG.undo });
    await expect(undo).toBeFocused();
    expect((await api<BasketView>(page, 'GET', pathOf(routes.getBasket))).basketLines).toEqual([]);
    await expectNoA11yViolations(page, 'basket cleared, with undo');
    await shot(page, testInfo, 'clear-basket-undo');

    await page.keyboard.press('Enter');
    await expect(page.getByText(BASKET_MSG.basketRestored)).toBeVisible();
    await expect(page.getByText(BASKET_MSG.basketCleared(3))).toBeHidden();
    for (const code of codes) await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
    const after = await api<BasketView>(page, 'GET', pathOf(routes.getBasket));
    expect(after.basketLines).toEqual(before.basketLines);
    expect(after.totalBasketPrice).toBe(before.totalBasketPrice);
  });
});

test.describe('Search tolerant of a typo and of a code without dashes', () => {
  test('"blakout" finds blackout products and "rbblk0001" finds RB-BLK-0001', async ({ page }, testInfo) => {
    await login(page);
    await page.goto('/products/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Orders' })).toBeVisible();
    const lookUp = page.getByLabel('Look up product');

    await lookUp.fill('blakout');
    await lookUp.press('Enter');
    await expect(productItems(page).first()).toBeVisible();
    for (const text of await productItems(page).allInnerTexts()) expect(text.toLowerCase()).toContain('blackout');

    await lookUp.fill('rbblk0001');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(productItems(page).first()).toContainText('RB-BLK-0001');
    await expectNoA11yViolations(page, 'search for a code without dashes');
    await shot(page, testInfo, 'search-code-without-dashes');
  });
});

test.describe('Free-carriage nudge', () => {
  test('says how much more ships free, and goes once carriage is free', async ({ page }, testInfo) => {
    await login(page); // the credit account: carriage £9.95, free from £250.00 of goods
    const code = await oneLineBasket(page, 1);
    const basket = await api<BasketView>(page, 'GET', pathOf(routes.getBasket));
    const goods = basket.totalBasketPrice - basket.carriageLine!.totalLinePrice;
    expect(goods).toBeLessThan(250);
    await page.goto('/basket');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByText(BASKET_MSG.freeCarriageNudge(formatMoney(250 - goods, '£')))).toBeVisible();
    await expectNoA11yViolations(page, 'basket with the free-carriage nudge');
    await shot(page, testInfo, 'free-carriage-nudge');

    // Enough of the same item to pass the threshold: carriage is free and the nudge goes.
    await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: code, quantity: 100 });
    await page.reload();
    await expect(page.getByText('Carriage (free on this order)').first()).toBeVisible();
    await expect(page.getByTestId('free-carriage-nudge')).toHaveCount(0);
    await api(page, 'DELETE', pathOf(routes.clearBasket));
  });

  test('is not shown on stop', async ({ page }) => {
    await login(page, demoUsers.euro); // on stop, with a threshold
    await oneLineBasket(page, 1);
    await page.goto('/basket');
    await expect(page.getByTestId('checkout-blocked')).toHaveText(CREDIT_MSG.checkoutBlocked.onStop);
    await expect(page.getByTestId('free-carriage-nudge')).toHaveCount(0);
    await api(page, 'DELETE', pathOf(routes.clearBasket));
  });
});

test.describe("A credit account's home page", () => {
  test('shows balance, overdue and the newest orders at a glance; a proforma account no credit figures', async ({
    page,
  }, testInfo) => {
    await login(page);
    const credit = await api<{ balance: number; overdue: { total: number } }>(
      page,
      'GET',
      pathOf(routes.getCreditSummary),
    );
    const orders = await api<{ orderNumber: string }[]>(page, 'GET', pathOf(routes.listOpenOrders));
    await page.goto('/');
    const glance = page.getByRole('region', { name: HOME_MSG.glanceTitle });
    await expect(glance.getByText(formatMoney(credit.balance, '£'), { exact: true })).toBeVisible();
    if (credit.overdue.total > 0) {
      await expect(glance.getByText(formatMoney(credit.overdue.total, '£'), { exact: true })).toBeVisible();
      await expect(glance.getByRole('link', { name: HOME_MSG.payOverdue })).toHaveAttribute(
        'href',
        '/account?pay=overdue',
      );
    } else await expect(glance.getByText(HOME_MSG.nothingOverdue)).toBeVisible();
    const recent = glance.getByRole('list', { name: HOME_MSG.recentOrders }).getByRole('listitem');
    await expect(recent).toHaveCount(Math.min(3, orders.length));
    await expect(recent.first().getByRole('link', { name: orders[0]!.orderNumber })).toBeVisible();
    await expectNoA11yViolations(page, 'home with the account at a glance');
    await shot(page, testInfo, 'home-glance');
    await recent.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/open-order-enquiry\\?order=${orders[0]!.orderNumber}`));

    await page.evaluate(() => localStorage.clear());
    await login(page, demoUsers.proforma);
    await page.goto('/');
    const proforma = page.getByRole('region', { name: HOME_MSG.glanceTitle });
    await expect(proforma.getByRole('heading', { name: HOME_MSG.recentOrders })).toBeVisible();
    await expect(proforma.getByText(HOME_MSG.balance)).toHaveCount(0);
    await expect(proforma.getByText(HOME_MSG.overdue)).toHaveCount(0);
    await expectNoA11yViolations(page, 'proforma home');
  });
});
