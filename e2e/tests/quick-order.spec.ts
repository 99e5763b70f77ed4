// Issue 27 items 1 and 4: Quick Order (paste or upload lines, fix them in place, add them at once) and
// the basket's price-break nudges. Each journey runs at both widths (desktop 1280x800, phone 390x844).
import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { isPhone, login, navLink, openMenu } from './helpers';

/** Every axe violation of any impact fails (0 violations on every screen). */
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

/** Calls the API with the page's session token (to set up a known basket quickly). */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('wholesale-portal.session') ?? '{}') as { token?: string }).token ?? '',
  );
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}

interface BasketLine {
  lineNumber: number;
  itemNumber: string;
  quantity: number;
}

async function emptyBasket(page: Page): Promise<void> {
  const basket = await api<{ basketLines: BasketLine[] }>(page, 'GET', '/api/basket');
  for (const l of basket.basketLines) await api(page, 'DELETE', `/api/basket/${l.lineNumber}`);
}

const basketLines = async (page: Page) =>
  (await api<{ basketLines: BasketLine[] }>(page, 'GET', '/api/basket')).basketLines.map((l) => [
    l.itemNumber,
    l.quantity,
  ]);

/** Phones use the second login of the credit account (its own basket). */
const user = (testInfo: TestInfo) => (isPhone(testInfo) ? 'demo2' : 'demo');

test.describe('Quick Order', () => {
  test('paste, fix in place, add every valid line at once, download the lines still wrong', async ({
    page,
  }, testInfo) => {
    await login(page, user(testInfo));
    await emptyBasket(page);
    // Reached from the header (the menu on phones).
    if (isPhone(testInfo)) await openMenu(page);
    await navLink(page, 'Quick Order').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();
    await expectNoA11yViolations(page, 'Quick Order, empty');

    await page
      .getByLabel('Paste lines')
      .fill(
        [
          'Item\tQty',
          'RB-BAR-0004\t20',
          '',
          'RB-BAR-0002, 3',
          'rb-bar-0002;2',
          'RB-BAR-0008 40',
          'RB-BAR-0001 2.5',
          'RB-BAR-9999 3',
          'NOTHING-LIKE-IT 1',
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ready,' })).toHaveText(
      '2 ready, 1 short of stock, 3 to fix',
    );
    const toLook = page.getByRole('list', { name: 'Lines to look at' });
    await expect(toLook.getByText('None in stock; the rest is covered by the delivery due')).toBeVisible();
    await expect(toLook.getByText('Quantity must be a whole number above 0')).toBeVisible();
    await expect(toLook.getByText('No product RB-BAR-9999')).toBeVisible();
    await expectNoA11yViolations(page, 'Quick Order, checked');

    // Fix two lines in place by keyboard: a nearest code, and a whole quantity.
    const use = toLook.getByRole('button', { name: 'Use RB-BAR-0009' });
    await use.focus();
    await page.keyboard.press('Enter');
    const codes = toLook.getByLabel(/^Item code, line/);
    await expect(codes.nth(2)).toHaveValue('RB-BAR-0009');
    const qty = toLook.getByLabel(/^Qty, line/).nth(1);
    await qty.fill('2');
    await expect(toLook.getByText('Changed: check again')).toHaveCount(2);
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ready,' })).toHaveText(
      '4 ready, 1 short of stock, 1 to fix',
    );

    await page.getByRole('button', { name: 'Add ready lines to basket' }).click();
    await expect(page.getByText('Added 5 lines to basket; 1 line still needs fixing')).toBeVisible();
    expect(await basketLines(page)).toEqual([
      ['RB-BAR-0004', 20],
      ['RB-BAR-0002', 5],
      ['RB-BAR-0008', 40],
      ['RB-BAR-0001', 2],
      ['RB-BAR-0009', 3],
    ]);
    // What is left is the line still wrong, ready to download.
    await expect(page.getByRole('status').filter({ hasText: 'ready,' })).toHaveText(
      '0 ready, 0 short of stock, 1 to fix',
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download lines to fix' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('quick-order-to-fix.csv');
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.split(/\r?\n/)).toEqual([
      'Item,Qty,Problem,Nearest codes',
      'NOTHING-LIKE-IT,1,No product NOTHING-LIKE-IT,',
    ]);
  });

  test('uploads a CSV file from Create Orders', async ({ page }, testInfo) => {
    await login(page, user(testInfo));
    await emptyBasket(page);
    await page.goto('/products/search');
    await page.getByRole('link', { name: 'Quick Order: paste or upload a list' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();
    await page.getByLabel('Upload a CSV file').setInputFiles({
      name: 'order.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Description,Item No,Qty\r\n"Bar, anthracite",RB-BAR-0004,7\r\nBar,RB-BAR-0002,1\r\n'),
    });
    await expect(page.getByRole('status').filter({ hasText: 'ready,' })).toHaveText(
      '2 ready, 0 short of stock, 0 to fix',
    );
    await page.getByText('2 lines ready').click();
    await expect(page.getByText('Flat roller bottom bar Anthracite 5.8m')).toBeVisible();
    await expectNoA11yViolations(page, 'Quick Order, uploaded');
    await page.getByRole('button', { name: 'Add ready lines to basket' }).click();
    await expect(page.getByText('Added 2 lines to basket')).toBeVisible();
    expect(await basketLines(page)).toEqual([
      ['RB-BAR-0004', 7],
      ['RB-BAR-0002', 1],
    ]);
  });
});

test.describe('Price-break nudges', () => {
  test('the basket offers the next break, moves to it in one action and shows the savings won', async ({
    page,
  }, testInfo) => {
    await login(page, user(testInfo));
    await emptyBasket(page);
    await api(page, 'POST', '/api/basket', { itemNumber: 'RB-BAR-0004', quantity: 20 });
    await page.goto('/basket');
    const offers = page.getByRole('region', { name: 'Multi-buy offers' });
    // 100 at £3.08 against the account's £3.1875: 100 x 0.1075 = £10.75.
    await expect(offers.getByText('Add 80 more for £3.08 each, save £10.75')).toBeVisible();
    await expectNoA11yViolations(page, 'basket with an offer');
    const move = offers.getByRole('button', { name: 'Make it 100 of RB-BAR-0004' });
    await move.focus();
    await page.keyboard.press('Enter');
    await expect(offers.getByText('Multi-buy savings on this basket')).toBeVisible();
    await expect(offers.getByText('£10.75')).toBeVisible();
    await expect(offers.getByRole('button')).toHaveCount(0);
    expect(await basketLines(page)).toEqual([['RB-BAR-0004', 100]]);
    await expectNoA11yViolations(page, 'basket with savings won');
    await emptyBasket(page);
  });
});
