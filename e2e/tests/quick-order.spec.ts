// Quick Order (paste or upload lines, fix them in place, add them at once) and
// the basket's price-break nudges. Each journey runs at both widths (desktop 1280x800, phone 390x844).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { integrationRoutes, pathOf, routes } from '@wholesale/contract';
import { api, type BasketLine, expectNoA11yViolations, isPhone, login, navLink, openMenu } from './helpers';

async function emptyBasket(page: Page): Promise<void> {
  const basket = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
  for (const l of basket.basketLines) await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
}

const basketLines = async (page: Page) =>
  (await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket))).basketLines.map((l) => [
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
    await page.getByLabel('Upload a CSV or Excel file').setInputFiles({
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
    await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: 'RB-BAR-0004', quantity: 20 });
    await page.goto('/basket');
    const offers = page.getByRole('region', { name: 'Multi-buy offers' });
    // 100 at £3.08 against the account's £3.1875: 100 x 0.1075 = £10.75 saved, for
    // 100 x 3.08 - 20 x 3.1875 = £244.25 more on the line.
    await expect(
      offers.getByText('Add 80 more for £3.08 each: £244.25 more on this line, saving £10.75'),
    ).toBeVisible();
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

/**
 * An ERP price change, as the ERP makes it: an API client created with the admin CLI on the e2e
 * server's database (e2e/playwright.config.ts: a SQLite file under the temp dir, per port), then
 * PUT /api/integration/v1/prices over HTTP.
 */
function erpKey(baseURL: string, name: string): string {
  const dataDir = path.join(os.tmpdir(), `wholesale-e2e-${new URL(baseURL).port}`);
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/admin.ts', 'api-client', 'create', '--name', name, '--scopes', 'prices:write'],
    { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  const key = /wpk_\S+/.exec(out)?.[0];
  expect(key, out).toBeTruthy();
  return key!;
}

test.describe('Copied order, price changed since', () => {
  test('the basket marks a copied line whose price changed since that order, with both prices', async ({
    page,
    baseURL,
  }, testInfo) => {
    await login(page, user(testInfo));
    const orders = await api<
      { orderNumber: string; status: string; openOrderLine: { itemNo: string; type: string }[] }[]
    >(page, 'GET', pathOf(routes.listOpenOrders));
    const order = orders.find((o) => o.status === 'Open' && o.openOrderLine.some((l) => l.type === 'Item'))!;
    const item = order.openOrderLine.find((l) => l.type === 'Item')!.itemNo;
    const [product] = await api<{ itemNumber: string; price: number }[]>(
      page,
      'GET',
      `${pathOf(routes.searchProducts)}?searchValue=${encodeURIComponent(item)}&isSearching=true`,
    );
    expect(product?.itemNumber).toBe(item);
    // A name of this attempt's own: a retry or a repeat must not trip over the client an earlier one made.
    const key = erpKey(baseURL!, `e2e-prices-${testInfo.project.name}-${Date.now()}`);
    const setPrice = async (listPrice: string, sourceVersion: number) => {
      const res = await page.request.put(pathOf(integrationRoutes.upsertPrices), {
        headers: { authorization: `Bearer ${key}` },
        data: { items: [{ itemNumber: item, currency: 'GBP', listPrice, sourceVersion }] },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    const version = Date.now();
    await setPrice(((Math.round(product!.price * 100) + 100) / 100).toFixed(2), version);
    try {
      await page.goto(`/open-order-enquiry?order=${order.orderNumber}`);
      await page.getByRole('button', { name: 'Copy Order' }).click();
      // Confirm with an empty basket, Replace basket with lines in it: the same copy.
      await page
        .getByRole('dialog', { name: 'Copy Order' })
        .getByRole('button', { name: /^(Confirm|Replace basket)$/ })
        .click();
      await expect(page.getByText(`Order ${order.orderNumber} copied`)).toBeVisible();
      const breaks = await api<{
        lines: { itemNumber: string; priceChange: { oldUnitPrice: number; newUnitPrice: number } | null }[];
      }>(page, 'GET', pathOf(routes.getBasketPriceBreaks));
      const changed = breaks.lines.find((l) => l.itemNumber === item)?.priceChange;
      expect(changed, 'the server marks the line').toBeTruthy();
      expect(changed!.newUnitPrice).toBeGreaterThan(changed!.oldUnitPrice);
      const offers = page.getByRole('region', { name: 'Multi-buy offers' });
      await expect(offers.getByText(item, { exact: true })).toBeVisible();
      await expect(
        offers.getByText(new RegExp(`^Price changed since order ${order.orderNumber}: was £[\\d.,]+, now £[\\d.,]+$`)),
      ).toBeVisible();
      await expectNoA11yViolations(page, 'basket with a price changed since the copied order');
    } finally {
      await setPrice(String(product!.price), version + 1);
      await emptyBasket(page);
    }
  });
});
