// Open orders journeys (spec sections 2, 4, 8): list, sort and search; open an order; its Order
// Summary PDF; copy it into the basket; cancel an Open order; the refusal on a Shipped one; no
// cancelling for proforma; accessibility of both screens and their dialogs.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
// The server's own reader of its PDFs' text (pdf-parse 1.1's pdf.js cannot open pdfkit 0.20 files).
import { isPdf, pdfText } from '../../server/src/test/pdf-text';
import { atPath, demoUsers, expectNoSeriousA11yViolations, isPhone, login, onlyOnProject } from './helpers';
import { routes, pathOf } from '@wholesale/contract';

const ORDER_NUMBER = /^SO-\d+$/;

/** The orders as shown: table rows on wide screens, cards on phones. */
function orderItems(page: Page): Locator {
  return page
    .getByRole('table', { name: /Open orders/ })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .or(page.getByRole('list', { name: 'Open orders' }).getByRole('listitem'))
    .filter({ visible: true });
}

async function openOrders(page: Page): Promise<void> {
  await page.goto('/open-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Open Orders' })).toBeVisible();
  await expect(orderItems(page).first()).toBeVisible();
}

/** Order numbers in display order. */
async function shownOrderNumbers(page: Page): Promise<string[]> {
  const texts = await orderItems(page).allInnerTexts();
  return texts.map((t) => /SO-\d+/.exec(t)?.[0] ?? '');
}

/** The first listed order with this status, opened in the enquiry; returns its number. */
async function openFirstWithStatus(page: Page, status: string): Promise<string> {
  await openOrders(page);
  const item = orderItems(page)
    .filter({ has: page.getByText(status, { exact: true }) })
    .first();
  await expect(item).toBeVisible();
  const orderNumber = /SO-\d+/.exec(await item.innerText())?.[0] ?? '';
  expect(orderNumber).toMatch(ORDER_NUMBER);
  await item.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(page).toHaveURL(atPath('/open-order-enquiry'));
  await expect(page.getByRole('region', { name: `Order ${orderNumber}` })).toBeVisible();
  return orderNumber;
}

function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

async function supportEmail(page: Page): Promise<string> {
  const res = await page.request.get(pathOf(routes.getSettings));
  return ((await res.json()) as { supportEmail: string }).supportEmail;
}

/** GET an API path with the page's session token. */
async function apiGet(page: Page, path: string): Promise<unknown> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('wholesale-portal.session') ?? '{}') as { token?: string }).token ?? '',
  );
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return res.json();
}

/** dd/mm/yy as a sortable number, reading the year as 20yy. */
const dateKey = (d: string) => {
  const [dd, mm, yy] = d.split('/');
  return Number(`20${yy}${mm}${dd}`);
};

test.describe('open orders', () => {
  test('demo sees the list newest first, sorts a column both ways and searches', async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'column headers sort the table on wide screens; phones use the Sort by select');
    await login(page, demoUsers.credit);
    await openOrders(page);
    const table = page.getByRole('table', { name: /Open orders/ });
    const ordered = (await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((s) => s.trim());
    expect(ordered.length).toBeGreaterThan(1);
    expect(ordered.map(dateKey)).toEqual([...ordered.map(dateKey)].sort((a, b) => b - a));
    await expect(page.getByRole('columnheader', { name: /Order Date/ })).toHaveAttribute('aria-sort', 'descending');

    // Statuses are badges; the location text drops its last character (MAIN1 -> MAIN).
    await expect(table.getByText('Shipped', { exact: true }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: 'MAIN', exact: true }).first()).toBeVisible();

    // Sorting covers every page, not just the one shown: compare with the whole list.
    const all = ((await apiGet(page, pathOf(routes.listOpenOrders))) as { orderNumber: string }[])
      .map((o) => o.orderNumber)
      .sort();
    await page.getByRole('button', { name: /Order No/ }).click();
    await expect(page.getByRole('columnheader', { name: /Order No/ })).toHaveAttribute('aria-sort', 'ascending');
    const asc = await shownOrderNumbers(page);
    expect(asc).toEqual(all.slice(0, asc.length));
    await page.getByRole('button', { name: /Order No/ }).click();
    await expect(page.getByRole('columnheader', { name: /Order No/ })).toHaveAttribute('aria-sort', 'descending');
    const desc = await shownOrderNumbers(page);
    expect(desc).toEqual([...all].reverse().slice(0, desc.length));

    const target = asc[0]!;
    await page.getByLabel('Search orders').fill(target);
    await expect(orderItems(page)).toHaveCount(1);
    expect(await shownOrderNumbers(page)).toEqual([target]);
    await expect(page.getByText('1 of 1 page', { exact: true })).toBeVisible();
    await page.getByLabel('Search orders').fill('no such order');
    await expect(page.getByText('No orders match "no such order".')).toBeVisible();

    await expectNoSeriousA11yViolations(page, testInfo, 'open orders');
  });

  test('on a phone the orders are cards, sorted through the Sort by select', async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'phone', 'the card layout and its Sort by select are for small screens');
    await login(page, demoUsers.credit);
    await openOrders(page);
    await expect(page.getByRole('list', { name: 'Open orders' })).toBeVisible();
    await page.getByLabel('Sort by').selectOption({ label: 'Order No (ascending)' });
    const asc = await shownOrderNumbers(page);
    expect(asc.length).toBeGreaterThan(1);
    expect(asc).toEqual([...asc].sort());
    await expectNoSeriousA11yViolations(page, testInfo, 'open orders (phone)');
  });

  test('a reload comes back to the same place in the list once the orders are in', async ({ page }) => {
    await login(page);
    await openOrders(page);
    // Most of the way down: further than the page reaches before its orders arrive.
    const y = await page.evaluate(() => {
      const target = Math.floor((document.documentElement.scrollHeight - window.innerHeight) * 0.8);
      window.scrollTo(0, target);
      return target;
    });
    expect(y).toBeGreaterThan(300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    await page.reload();
    await expect(orderItems(page).first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
  });

  test('the tracking dialog links tracking numbers to the carrier in a new tab', async ({ page }, testInfo) => {
    await login(page, demoUsers.credit);
    await openOrders(page);
    const shipped = orderItems(page)
      .filter({ has: page.getByText('Shipped', { exact: true }) })
      .first();
    await shipped.getByRole('button', { name: /Track order/ }).click();
    const tracking = page.getByRole('dialog', { name: /Tracking for SO-/ });
    const link = tracking.getByRole('link').first();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    await expectNoSeriousA11yViolations(page, testInfo, 'tracking dialog');
    await tracking.getByRole('button', { name: 'Close' }).click();
    await expect(tracking).toHaveCount(0);

    const open = orderItems(page)
      .filter({ has: page.getByText('Open', { exact: true }) })
      .first();
    // An order with no tracking numbers offers no Track button; it says why instead.
    await expect(open.getByRole('button', { name: /Track order/ })).toHaveCount(0);
    await expect(open.getByText('Tracking unavailable')).toBeVisible();
  });

  test('demo opens an order, sees its summary and lines, downloads its PDF; a reload keeps it', async ({
    page,
  }, testInfo) => {
    await login(page, demoUsers.credit);
    const orderNumber = await openFirstWithStatus(page, 'Shipped');
    const summary = page.getByRole('region', { name: `Order ${orderNumber}` });
    for (const label of ['Order No', 'Order Date', 'Dispatch Date', 'Customer Ref', 'Amount', 'VAT', 'Invoice Total'])
      await expect(summary.getByText(label, { exact: true })).toBeVisible();
    await expect(summary.getByText(/^£[\d,]+\.\d{2}$/).first()).toBeVisible();
    if (!isPhone(testInfo)) {
      const lines = page.getByRole('table', { name: 'Order lines' });
      for (const col of [
        'Item',
        'No.',
        'Description',
        'Qty',
        'Qty Shipped',
        'Location',
        'Unit',
        'Unit Price',
        'Disc %',
        'Total',
      ])
        await expect(lines.getByRole('columnheader', { name: col, exact: true })).toBeVisible();
    } else {
      await expect(page.getByRole('list', { name: 'Order lines' }).getByRole('listitem').first()).toBeVisible();
    }
    await expect(page.getByText(/^\d+ items?$/)).toBeVisible();
    await expect(dialog(page, 'Copy Order')).toHaveCount(0);
    await expect(dialog(page, 'Cancel Order')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, testInfo, 'open order enquiry');

    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Order Summary' }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe('Statement.pdf');
    const pdf = fs.readFileSync((await download.path())!);
    expect(isPdf(pdf)).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain(orderNumber);
    expect(text).toContain('Order Summary');

    await page.reload();
    await expect(page.getByRole('region', { name: `Order ${orderNumber}` })).toBeVisible();

    await page.goto('/open-order-enquiry?order=SO-NOT-THERE');
    await expect(page.getByRole('alert')).toHaveText('Unable to select order');
  });

  test('demo copies an order into the basket', async ({ page }) => {
    await login(page, demoUsers.credit);
    const orderNumber = await openFirstWithStatus(page, 'Shipped');
    await page.getByRole('button', { name: 'Copy Order' }).click();
    const copy = dialog(page, 'Copy Order');
    await expect(
      copy.getByText('Do you want to clear your basket and copy this order into a new basket?'),
    ).toBeVisible();
    await copy.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`Order ${orderNumber} copied`)).toBeVisible();
    await expect(page).toHaveURL(atPath('/basket'));

    // The basket now holds the order's items (those still sold), nothing else.
    const orders = (await apiGet(page, pathOf(routes.listOpenOrders))) as {
      orderNumber: string;
      openOrderLine: { type: string; itemNo: string }[];
    }[];
    const ordered = orders
      .find((o) => o.orderNumber === orderNumber)!
      .openOrderLine.filter((l) => l.type === 'Item')
      .map((l) => l.itemNo);
    const basket = (await apiGet(page, pathOf(routes.getBasket))) as { basketLines: { itemNumber: string }[] };
    expect(basket.basketLines.length).toBeGreaterThan(0);
    for (const line of basket.basketLines) expect(ordered).toContain(line.itemNumber);
  });

  test('demo cancels an Open order and it leaves the list', async ({ page }, testInfo) => {
    await login(page, demoUsers.credit);
    const orderNumber = await openFirstWithStatus(page, 'Open');
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const cancel = dialog(page, 'Cancel Order');
    await expect(cancel.getByText('Are you sure you want to cancel this order')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'cancel dialog');
    await cancel.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`Order is ${orderNumber} canceled`)).toBeVisible();
    await expect(page).toHaveURL(atPath('/open-orders'));
    await page.getByLabel('Search orders').fill(orderNumber);
    await expect(page.getByText(`No orders match "${orderNumber}".`)).toBeVisible();
  });

  test('demo is not offered Cancel Order on a Shipped order, and is told why', async ({ page }) => {
    await login(page, demoUsers.credit);
    const email = await supportEmail(page);
    const orderNumber = await openFirstWithStatus(page, 'Shipped');
    await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    await expect(
      page.getByText(`Unable to cancel this order as it has been shipped. Contact ${email} for further assistance`, {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(atPath('/open-order-enquiry'));
    await openOrders(page);
    await page.getByLabel('Search orders').fill(orderNumber);
    await expect(orderItems(page).filter({ has: page.getByText('Shipped', { exact: true }) })).toHaveCount(1);
  });

  test('proforma has no way to cancel an order', async ({ page }) => {
    await login(page, demoUsers.proforma);
    await openFirstWithStatus(page, 'Open');
    await expect(page.getByRole('button', { name: 'Copy Order' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  });
});
