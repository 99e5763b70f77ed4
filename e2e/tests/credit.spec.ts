// Credit and ageing journeys: My Account's credit position and ageing buckets,
// each selecting its invoices for payment; the credit an order uses, and the warning beyond it, at
// the basket and Review Order; the on-stop notice naming the overdue invoices, whose one action
// opens the invoice payment with them selected. Both widths, keyboard, axe.
import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  CREDIT_MSG,
  formatMoney,
  pathOf,
  routes,
  type BasketSummary,
  type CreditSummary,
  type Product,
} from '@wholesale/contract';
import { api, atPath, demoUsers, expectNoA11yViolations, isPhone, login, type BasketLine } from './helpers';

/** A full-page screenshot in e2e/.output/shots/ to look at (both widths). */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync('e2e/.output/shots', { recursive: true });
  await page.screenshot({ path: `e2e/.output/shots/${name}-${testInfo.project.name}.png`, fullPage });
}

const creditSummary = (page: Page) => api<CreditSummary>(page, 'GET', pathOf(routes.getCreditSummary));
const selectedTotal = (page: Page) => page.getByTestId('selected-total');

test.describe('Credit and ageing', () => {
  test('My Account shows the credit position and ageing; a bucket selects its invoices for payment', async ({
    page,
  }, testInfo) => {
    await login(page, demoUsers.credit);
    await page.goto('/account');
    const panel = page.getByRole('region', { name: CREDIT_MSG.panelHeading });
    await expect(panel).toBeVisible();
    const summary = await creditSummary(page);
    const gbp = (n: number) => formatMoney(n, '£');
    await expect(panel.getByText(CREDIT_MSG.creditLimit).locator('+ dd')).toHaveText(gbp(summary.creditLimit));
    await expect(panel.getByText(CREDIT_MSG.balance, { exact: true }).locator('+ dd')).toHaveText(gbp(summary.balance));
    await expect(panel.getByText(CREDIT_MSG.availableCredit).locator('+ dd')).toHaveText(gbp(summary.availableCredit!));
    await expect(panel.getByRole('list', { name: 'Ageing' }).getByRole('listitem')).toHaveCount(5);
    await expect(
      page
        .getByRole('table', { name: 'Open invoices' })
        .or(page.getByRole('list', { name: 'Open invoices' }))
        .first(),
    ).toBeVisible();
    await shot(page, testInfo, 'credit-account');
    await expectNoA11yViolations(page, 'My Account with credit and ageing');

    // Each bucket with invoices selects exactly them; by keyboard (focus, Enter).
    const withInvoices = summary.buckets.filter((b) => b.documentNumbers.length > 0);
    expect(withInvoices.length).toBeGreaterThan(0);
    for (const bucket of withInvoices) {
      const label = CREDIT_MSG.bucketLabel[bucket.key];
      const button = panel.getByRole('button', { name: new RegExp(`^Select for payment: ${label},`) });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(selectedTotal(page)).toHaveText(gbp(bucket.total));
      const n = bucket.documentNumbers.length;
      await expect(page.getByText(`${n} ${n === 1 ? 'invoice' : 'invoices'} selected`, { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Reference' })).toBeFocused();
      const checked = page.getByRole('checkbox', { name: /^Select Invoice /, checked: true }).filter({ visible: true });
      await expect(checked).toHaveCount(n);
      for (const doc of bucket.documentNumbers)
        await expect(
          page.getByRole('checkbox', { name: `Select Invoice ${doc}` }).filter({ visible: true }),
        ).toBeChecked();
    }
    await expect(page.getByRole('textbox', { name: 'Reference' })).toBeInViewport();
    await shot(page, testInfo, 'credit-account-selected-screen', false);
    await shot(page, testInfo, 'credit-account-selected');
  });

  test('the basket and Review Order say how much available credit the order uses, and warn beyond it', async ({
    page,
  }, testInfo) => {
    test.slow(); // three passes of axe's full rule set besides the journey
    // Same account; each project its own user, so its own basket.
    await login(page, isPhone(testInfo) ? 'demo2' : demoUsers.credit);
    const before = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
    const clear = async () => {
      const now = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
      for (const l of now.basketLines) await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
    };
    try {
      await clear();
      const products = await api<Product[]>(page, 'GET', `${pathOf(routes.searchProducts)}?searchValue=blind`);
      const product = products.find((p) => p.discountPrice >= 5)!;
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: product.itemNumber, quantity: 1 });
      const { availableCredit } = await creditSummary(page);
      const available = formatMoney(availableCredit!, '£');
      const amount = async () =>
        formatMoney((await api<BasketSummary>(page, 'GET', pathOf(routes.getBasketAmount))).totalAmount, '£');

      await page.goto('/basket');
      const uses = page.getByRole('status').filter({ hasText: CREDIT_MSG.creditUsage(await amount(), available) });
      await expect(uses).toBeVisible();
      await shot(page, testInfo, 'credit-basket');
      await expectNoA11yViolations(page, 'Basket with credit usage');

      // Beyond the available credit: the warning, as an alert, at the basket and at Review Order.
      const more = Math.ceil(availableCredit! / product.discountPrice) + 1;
      const now = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
      await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: now.basketLines[0]!.lineNumber }));
      await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: product.itemNumber, quantity: more });
      const warning = CREDIT_MSG.overCredit(await amount(), available);
      await page.goto('/basket');
      await expect(page.getByRole('alert').filter({ hasText: warning })).toBeVisible();
      await shot(page, testInfo, 'credit-basket-over');
      await expectNoA11yViolations(page, 'Basket beyond the available credit');

      await page.goto('/checkout/deliveryinformation');
      await page.getByLabel('Purchase Order').fill('PO-CREDIT-E2E');
      await page.getByRole('button', { name: 'Proceed', exact: true }).click();
      await expect(page).toHaveURL(atPath('/checkout/review-order'));
      await expect(page.getByRole('alert').filter({ hasText: warning })).toBeVisible();
      await shot(page, testInfo, 'credit-review-over');
      await expectNoA11yViolations(page, 'Review Order beyond the available credit');

      // Place Order is held back by the same rule, with the reason (the server's
      // refusal is checkout.api.test.ts's).
      await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
      await expect(page.getByTestId('place-order-blocked')).toHaveText(CREDIT_MSG.placeOrderBlocked.overCredit);
    } finally {
      await clear();
      for (const l of before.basketLines)
        await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: l.itemNumber, quantity: l.quantity });
    }
  });

  test('an account on stop sees why on Home, and pays the overdue invoices in one action', async ({
    page,
  }, testInfo) => {
    test.slow(); // three passes of axe's full rule set besides the journey
    await login(page, demoUsers.euro);
    const summary = await creditSummary(page);
    expect(summary.onStop).toBe(true);
    const overdue = summary.overdue;
    expect(overdue.documentNumbers.length).toBeGreaterThan(0);
    const euro = (n: number) => formatMoney(n, '€');

    await page.goto('/');
    const banner = page.getByTestId('on-stop-banner');
    await expect(
      banner.getByText(CREDIT_MSG.onStopReason(overdue.documentNumbers.length, euro(overdue.total))),
    ).toBeVisible();
    await expect(banner.getByText(overdue.documentNumbers.join(', '))).toBeVisible();
    await shot(page, testInfo, 'credit-on-stop-home');
    await expectNoA11yViolations(page, 'Home on stop with the overdue invoices');

    // The basket says the same before checkout, and Review Order where the stop holds Place Order back.
    await page.goto('/basket');
    await expect(page.getByTestId('on-stop-reason')).toBeVisible();
    const [product] = await api<{ itemNumber: string }[]>(
      page,
      'GET',
      `${pathOf(routes.searchProducts)}?searchValue=blind&isSearching=true`,
    );
    const added = await api<{ basketLines: BasketLine[] }>(page, 'POST', pathOf(routes.addBasketLine), {
      itemNumber: product!.itemNumber,
      quantity: 1,
    });
    try {
      await page.goto('/checkout/deliveryinformation');
      await page.getByLabel('Purchase Order').fill('PO-STOP-E2E');
      await page.getByRole('button', { name: 'Proceed', exact: true }).click();
      await expect(page).toHaveURL(atPath('/checkout/review-order'));
      const stop = page.getByRole('alert').filter({ has: page.getByTestId('on-stop-reason') });
      await expect(
        stop.getByText(CREDIT_MSG.onStopReason(overdue.documentNumbers.length, euro(overdue.total))),
      ).toBeVisible();
      await expect(stop.getByRole('link', { name: CREDIT_MSG.payOverdue })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
      await shot(page, testInfo, 'credit-on-stop-review');
      await expectNoA11yViolations(page, 'Review Order on stop with the overdue invoices');
    } finally {
      const line = added.basketLines.find((l) => l.itemNumber === product!.itemNumber);
      if (line) await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: line.lineNumber }));
    }

    await page.goto('/');
    const pay = banner.getByRole('link', { name: CREDIT_MSG.payOverdue });
    await pay.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(atPath('/account'));
    await expect(page).not.toHaveURL(/pay=overdue/);
    await expect(selectedTotal(page)).toHaveText(euro(overdue.total));
    const n = overdue.documentNumbers.length;
    await expect(page.getByText(`${n} ${n === 1 ? 'invoice' : 'invoices'} selected`, { exact: true })).toBeVisible();
    for (const doc of overdue.documentNumbers)
      await expect(
        page.getByRole('checkbox', { name: `Select Invoice ${doc}` }).filter({ visible: true }),
      ).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Reference' })).toBeFocused();
    await shot(page, testInfo, 'credit-on-stop-pay');
    await expectNoA11yViolations(page, 'My Account with the overdue invoices selected');
  });
});
