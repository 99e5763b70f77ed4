// What a demanding trade buyer trips over: documents, cancelling, stops and the search's wording.
// Each journey runs at both widths (desktop 1280x800, phone 390x844).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DELIVERY_MSG, QUICK_MSG, pathOf, routes, type DeliveryScheduleEntry, type Product } from '@wholesale/contract';
import { api, type BasketLine, DEMO_PASSWORD, expectNoA11yViolations, isPhone, login, submitLogin } from './helpers';

async function emptyBasket(page: Page): Promise<void> {
  const basket = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
  for (const l of basket.basketLines) await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
}

/** Phones use the second login of the credit account (its own basket). */
const user = (testInfo: TestInfo) => (isPhone(testInfo) ? 'demo2' : 'demo');

const summary = (page: Page) => page.getByRole('status').filter({ hasText: 'ready,' });

/** With SHOTS=1, a full-page screenshot in e2e/.output/shots/ to look at (both widths). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.SHOTS) return;
  await page.screenshot({ path: `e2e/.output/shots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** dd/mm/yy (the API's short date) to yyyy-mm-dd. */
const isoOf = (short: string) => {
  const [d, m, y] = short.split('/');
  return `20${y}-${m}-${d}`;
};

test.describe('what a demanding trade buyer trips over', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Quick Order reads spreadsheet blocks, thousands separators and .xlsx files; numbers lines as pasted; keeps focus', async ({
    page,
  }, testInfo) => {
    await login(page, user(testInfo));
    await page.goto('/quick-order');
    const box = page.getByLabel('Paste lines');

    // A block copied from a spreadsheet: Code / Description / Qty, Excel's formatted "1,000".
    await box.fill(
      ['Code\tDescription\tQty', 'RB-BAR-0004\tBarrel 25 mm, white\t1,000', 'RB-BAR-0002\tBarrel 2\t3'].join('\n'),
    );
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(summary(page)).toHaveText(/, 0 to fix$/);
    await expect(summary(page)).toBeFocused();
    // Read as 1000, not 1 (more than the stock: a line to look at, numbered as its pasted row).
    await expect(page.getByLabel('Qty, line 2')).toHaveValue('1000');

    // Comma-separated, the comma is ambiguous: flagged, never read as 1. Lines numbered as pasted.
    await box.fill(['RB-BAR-0004,1,000', '', 'RB-BAR-9999 2', 'RB-BAR-0002 x'].join('\n'));
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(summary(page)).toHaveText('0 ready, 0 short of stock, 3 to fix');
    await expect(summary(page)).toBeFocused();
    const toLook = page.getByRole('list', { name: 'Lines to look at' });
    await expect(toLook.getByText(QUICK_MSG.thousandsUnclear('1,000'))).toBeVisible();
    await expect(toLook.getByLabel('Item code, line 1')).toHaveValue('RB-BAR-0004');
    await expect(toLook.getByLabel('Item code, line 3')).toHaveValue('RB-BAR-9999');
    await expect(toLook.getByLabel('Item code, line 4')).toHaveValue('RB-BAR-0002');
    await expectNoA11yViolations(page, 'Quick Order, flagged lines');
    await shot(page, testInfo, 'quick-order-flagged');

    // Use a suggestion by keyboard: focus stays on that line (its code box).
    const use = toLook.getByRole('button', { name: /^Use RB-BAR-/ }).first();
    await use.focus();
    await page.keyboard.press('Enter');
    await expect(toLook.getByLabel('Item code, line 3')).toBeFocused();
    // Remove: focus goes to the next line.
    await toLook.getByRole('button', { name: 'Remove line 3' }).click();
    await expect(toLook.getByLabel('Item code, line 4')).toBeFocused();
    await toLook.getByLabel('Qty, line 1').fill('1000');
    await toLook.getByLabel('Qty, line 4').fill('2');
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(summary(page)).toHaveText(/, 0 to fix$/);
    await expect(summary(page)).toBeFocused();

    // An .xlsx file, read in the browser by a worker that starts only now (exceljs), numbers as numbers.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Order');
    const cells: [string, string | number][] = [
      ['A1', 'Item No'],
      ['B1', 'Description'],
      ['C1', 'Qty'],
      ['A2', 'RB-BAR-0002'],
      ['B2', 'Barrel'],
      ['C2', 1500],
      ['A4', 'RB-BAR-9999'],
      ['B4', 'Nothing'],
      ['C4', 2],
    ];
    for (const [at, value] of cells) sheet.getCell(at).value = value;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qo-')), 'order.xlsx');
    await book.xlsx.writeFile(file);
    const chunk = page.waitForRequest((r) => /xlsx-worker/i.test(r.url()));
    await page.getByLabel('Upload a CSV or Excel file').setInputFiles(file);
    await chunk;
    await expect(summary(page)).toHaveText(
      /^0 ready, 1 short of stock, 1 to fix$|^1 ready, 0 short of stock, 1 to fix$/,
    );
    await expect(page.getByRole('list', { name: 'Lines to look at' }).getByLabel('Item code, line 4')).toHaveValue(
      'RB-BAR-9999',
    );

    // The template.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download a template' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('quick-order-template.csv');
    expect(fs.readFileSync(await saved.path(), 'utf8')).toMatch(/^Item,Qty\r\n/);
    await expectNoA11yViolations(page, 'Quick Order, after an upload');
  });

  test('the delivery promise splits across every due delivery: basket and Quick Order', async ({ page }, testInfo) => {
    await login(page, user(testInfo));
    await emptyBasket(page);
    // A product with two or more deliveries due.
    const products = await api<Product[]>(page, 'GET', `${pathOf(routes.searchProducts)}?searchValue=RB-`);
    let found: { product: Product; schedule: DeliveryScheduleEntry[] } | undefined;
    for (const p of products.filter((x) => x.quantityDue > 0)) {
      const schedule = await api<DeliveryScheduleEntry[]>(
        page,
        'GET',
        pathOf(routes.listDeliverySchedule, { itemNumber: p.itemNumber }),
      );
      if (schedule.length >= 2) {
        found = { product: p, schedule };
        break;
      }
    }
    expect(found, 'the demo catalogue has a product with two deliveries due').toBeTruthy();
    const { product, schedule } = found!;
    const stock = Math.max(0, product.stock);
    const due = schedule.reduce((sum, d) => sum + d.quantity, 0);
    const quantity = stock + due + 1;
    const parts = [
      ...schedule.map((d) => ({ quantity: d.quantity, date: isoOf(d.date) })),
      { quantity: 1, date: null },
    ];
    await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: product.itemNumber, quantity });

    await page.goto('/basket');
    await expect(page.getByText(DELIVERY_MSG.split(stock, parts), { exact: true })).toBeVisible();
    await expectNoA11yViolations(page, 'basket, split promise');
    await shot(page, testInfo, 'basket-split-promise');

    await page.goto('/quick-order');
    await page.getByLabel('Paste lines').fill(`${product.itemNumber}\t${quantity}`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(
      page.getByText(QUICK_MSG.stockShortSplit(stock, DELIVERY_MSG.split(0, parts)), { exact: true }),
    ).toBeVisible();
    await emptyBasket(page);
  });

  test('the search stays in the URL: Back, reload and a shared link restore it from the cache', async ({
    page,
  }, testInfo) => {
    await login(page, user(testInfo));
    await page.goto('/products/search');
    await page.getByLabel('Look up product').fill('blind');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByText(/^Displaying \d+ results? for blind$/);
    await expect(results).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Product pages' });
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/products\/search\?q=blind&page=2$/);
    await expect(pager.getByText(/^2 of \d+ pages?$/)).toBeVisible();

    // Away to the basket and Back: the same page at once, from the cache (no request).
    let searches = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === pathOf(routes.searchProducts)) searches++;
    });
    await page.goto('/basket');
    await page.goBack();
    await expect(page).toHaveURL(/\?q=blind&page=2$/);
    await expect(page.getByLabel('Look up product')).toHaveValue('blind');
    await expect(pager.getByText(/^2 of \d+ pages?$/)).toBeVisible();
    await expect(results).toBeVisible();
    expect(searches).toBeLessThanOrEqual(1); // a full reload of the app refetches once
    await expectNoA11yViolations(page, 'search restored');
    await shot(page, testInfo, 'search-restored');

    // A shared link with type and range, and the filter.
    await page.goto('/products/search?filter=favourites');
    await expect(page.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/^Displaying \d+ results? for Favorites$/)).toBeVisible();

    // Usual Orders: no old text left in the box.
    await page.getByLabel('Look up product').fill('chain');
    await page.getByRole('button', { name: 'Usual Orders' }).click();
    await expect(page.getByRole('button', { name: 'Usual Orders' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Look up product')).toHaveValue('');
  });

  test('in-app Back keeps the search without a Searching flash', async ({ page }, testInfo) => {
    await login(page, user(testInfo));
    await page.goto('/products/search');
    await page.getByLabel('Look up product').fill('blind');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(/^Displaying \d+ results? for blind$/)).toBeVisible();
    await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2$/);
    // Into the basket by the header's own link (no reload), then the browser's Back.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^My Basket/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/basket$/);
    let searches = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === pathOf(routes.searchProducts)) searches++;
    });
    await page.goBack();
    await expect(page.getByText(/^Displaying \d+ results? for blind$/)).toBeVisible();
    await expect(page.getByText('Searching')).toHaveCount(0);
    expect(searches).toBe(0);
  });

  test('a failed login is said beside the form and focused; so is a failed password change', async ({
    page,
  }, testInfo) => {
    await page.goto('/login');
    await submitLogin(page, user(testInfo), 'not-the-password');
    const said = page.getByRole('form', { name: 'Log in' }).getByRole('alert');
    await expect(said).toHaveText('Failed to log in');
    await expect(said).toBeFocused();
    await expectNoA11yViolations(page, 'login failed');
    await shot(page, testInfo, 'login-failed');

    await submitLogin(page, user(testInfo), DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/change-password');
    await page.getByLabel('Old Password').fill('not-the-password');
    await page.getByLabel('New Password', { exact: true }).fill('Another-pass-2026');
    await page.getByLabel('Confirm Password').fill('Another-pass-2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const failed = page.getByRole('form', { name: 'Change password' }).getByRole('alert');
    await expect(failed).toContainText('Failed to change password');
    await expect(failed).toBeFocused();
    await expectNoA11yViolations(page, 'password change failed');
    await shot(page, testInfo, 'password-failed');
  });

  test("the basket's Make it N keeps focus on the line's row", async ({ page }, testInfo) => {
    await login(page, user(testInfo));
    await emptyBasket(page);
    await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: 'RB-BAR-0004', quantity: 20 });
    await page.goto('/basket');
    const move = page
      .getByRole('region', { name: 'Multi-buy offers' })
      .getByRole('button', { name: 'Make it 100 of RB-BAR-0004' });
    await move.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(':focus')).toHaveAttribute('data-line-action', 'edit');
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-basket-line]')?.textContent ?? ''),
    ).toContain('RB-BAR-0004');
    await emptyBasket(page);
  });
});
