// Open orders journeys (spec sections 2, 4, 8): list, sort and search; open an order; its Order
// Summary PDF; copy it into the basket; cancel an Open order; the refusal on a Shipped one; no
// cancelling for proforma; accessibility of both screens and their dialogs.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
// The server's own reader of its PDFs' text (pdf-parse 1.1's pdf.js cannot open pdfkit 0.20 files).
import { isPdf, pdfText } from '../../server/src/test/pdf-text';
import {
  api,
  atPath,
  demoUsers,
  expectNoA11yViolations,
  expectNoSeriousA11yViolations,
  isPhone,
  login,
  onlyOnProject,
} from './helpers';
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
    // The carrier is named beside each number and in the link's name.
    const carrier = ((await (await page.request.get(pathOf(routes.getSettings))).json()) as { trackingCarrier: string })
      .trackingCarrier;
    expect(carrier).toBeTruthy();
    await expect(link).toHaveAccessibleName(new RegExp(`^Track \\S+ with ${carrier} \\(opens in a new tab\\)$`));
    await expect(tracking.getByText(carrier, { exact: true }).first()).toBeVisible();
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

    // Its tracking numbers, as links to the carrier's page (demo's recent Shipped orders have some).
    const trackingRegion = page.getByRole('region', { name: 'Tracking' });
    await expect(trackingRegion.getByRole('link', { name: /^Track \S+ with \S+/ }).first()).toHaveAttribute(
      'target',
      '_blank',
    );

    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Order Summary' }).click();
    const download = await downloadEvent;
    // Named after the order, so that several downloads can be told apart.
    expect(download.suggestedFilename()).toBe(`${orderNumber}.pdf`);
    const pdf = fs.readFileSync((await download.path())!);
    expect(isPdf(pdf)).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain(orderNumber);
    expect(text).toContain('Order Summary');

    // Where it goes: the delivery address the order was placed with, as the PDF prints it.
    const delivery = page.getByRole('region', { name: 'Delivery address' });
    await expect(delivery).toBeVisible();
    const order = (
      (await apiGet(page, pathOf(routes.listOpenOrders))) as {
        orderNumber: string;
        deliveryAddress: { address1: string; postcode: string };
      }[]
    ).find((o) => o.orderNumber === orderNumber)!;
    await expect(delivery.getByText(order.deliveryAddress.address1, { exact: true })).toBeVisible();
    await expect(delivery.getByText(order.deliveryAddress.postcode, { exact: true })).toBeVisible();
    expect(text).toContain(order.deliveryAddress.address1);

    await page.reload();
    await expect(page.getByRole('region', { name: `Order ${orderNumber}` })).toBeVisible();

    await page.goto('/open-order-enquiry?order=SO-NOT-THERE');
    await expect(page.getByRole('alert')).toHaveText('Unable to select order');
  });

  test('demo copies an order into the basket', async ({ page }) => {
    await login(page, demoUsers.credit);
    const orderNumber = await openFirstWithStatus(page, 'Shipped');
    // An empty basket: the spec's question (with lines in it the buyer chooses add or replace).
    const before = await api<{ basketLines: { lineNumber: number }[] }>(page, 'GET', pathOf(routes.getBasket));
    for (const l of before.basketLines)
      await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
    await page.reload();
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

  test('demo cancels an Open order; it stays listed as Cancelled, with when and by whom', async ({ page }) => {
    await login(page, demoUsers.credit);
    const orderNumber = await openFirstWithStatus(page, 'Open');
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const cancel = dialog(page, 'Cancel Order');
    await expect(cancel.getByText('Are you sure you want to cancel this order')).toBeVisible();
    // The buttons say what they do: "Keep order" keeps it, "Cancel order" cancels it.
    await expect(cancel.getByRole('button')).toHaveText(['Keep order', 'Cancel order']);
    await expectNoA11yViolations(page, 'cancel dialog');
    await cancel.getByRole('button', { name: 'Keep order' }).click();
    await expect(cancel).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: `Order ${orderNumber}` }).getByText('Open', { exact: true }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Cancel Order' }).click();
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    // The toast keeps the spec's words.
    await expect(page.getByText(`Order is ${orderNumber} canceled`)).toBeVisible();
    await expect(page).toHaveURL(atPath('/open-orders'));
    await page.getByLabel('Search orders').fill(orderNumber);
    const item = orderItems(page).filter({ hasText: orderNumber });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('Cancelled', { exact: true })).toBeVisible();
    // Who: demo is Sarah Whitfield (the seed's user); when: today, UK time.
    const today = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
    }).format(new Date());
    await expect(item).toContainText(
      new RegExp(`${today.replace(/\//g, '\\/')}( at \\d\\d:\\d\\d)? by Sarah Whitfield`),
    );
    await expectNoA11yViolations(page, 'open orders with a cancelled order');

    await item.getByRole('link', { name: `View order ${orderNumber}` }).click();
    await expect(
      page.getByText(new RegExp(`^Cancelled ${today.replace(/\//g, '\\/')} at \\d\\d:\\d\\d by Sarah Whitfield$`)),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'cancelled order enquiry');
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

  test('demo finds orders by an item code typed without dashes, and narrows them by status and date', async ({
    page,
  }) => {
    await login(page, demoUsers.credit);
    await openOrders(page);
    const orders = (await apiGet(page, pathOf(routes.listOpenOrders))) as {
      orderNumber: string;
      status: string;
      orderedDate: string;
      openOrderLine: { type: string; itemNo: string }[];
    }[];
    // An item code that only some orders hold, typed as a buyer would: no dashes, lower case.
    const code = orders
      .flatMap((o) => o.openOrderLine.filter((l) => l.type === 'Item').map((l) => l.itemNo))
      .find((c) => orders.filter((o) => o.openOrderLine.some((l) => l.itemNo === c)).length < orders.length)!;
    const holding = orders.filter((o) => o.openOrderLine.some((l) => l.itemNo === code)).map((o) => o.orderNumber);
    await page.getByLabel('Search orders').fill(code.replaceAll('-', '').toLowerCase());
    await expect(orderItems(page)).toHaveCount(Math.min(holding.length, 20));
    expect((await shownOrderNumbers(page)).every((n) => holding.includes(n))).toBe(true);

    await page.getByLabel('Search orders').fill('');
    await page.getByLabel('Order status', { exact: true }).selectOption('In Progress');
    const inProgress = orders.filter((o) => o.status === 'In Progress');
    await expect(orderItems(page)).toHaveCount(inProgress.length);
    // The newest In Progress order's date, as both ends of the range: that day's In Progress orders.
    const day = inProgress[0]!.orderedDate;
    const [dd, mm, yy] = day.split('/');
    await page.getByLabel('Ordered from').fill(`20${yy}-${mm}-${dd}`);
    await page.getByLabel('Ordered to').fill(`20${yy}-${mm}-${dd}`);
    await expect(orderItems(page)).toHaveCount(inProgress.filter((o) => o.orderedDate === day).length);
    await expectNoA11yViolations(page, 'open orders filtered');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(orderItems(page)).toHaveCount(Math.min(orders.length, 20));
  });

  test('demo copies an order into a basket that has lines: adds it, or replaces the basket', async ({ page }) => {
    await login(page, demoUsers.credit);
    const orderNumber = await openFirstWithStatus(page, 'Shipped');
    const orders = (await apiGet(page, pathOf(routes.listOpenOrders))) as {
      orderNumber: string;
      openOrderLine: { type: string; itemNo: string }[];
    }[];
    const ordered = orders
      .find((o) => o.orderNumber === orderNumber)!
      .openOrderLine.filter((l) => l.type === 'Item')
      .map((l) => l.itemNo);
    // A basket with one line the order does not hold.
    const other = orders
      .flatMap((o) => o.openOrderLine.filter((l) => l.type === 'Item').map((l) => l.itemNo))
      .find((c) => !ordered.includes(c))!;
    const basket = await api<{ basketLines: { lineNumber: number }[] }>(page, 'GET', pathOf(routes.getBasket));
    for (const l of basket.basketLines)
      await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
    await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: other, quantity: 1 });
    await page.reload();
    await expect(page.getByRole('region', { name: `Order ${orderNumber}` })).toBeVisible();

    await page.getByRole('button', { name: 'Copy Order' }).click();
    const copy = dialog(page, 'Copy Order');
    await expect(copy).toContainText(
      'Your basket has 1 line. Add this order to it, or replace the basket with this order?',
    );
    await expect(copy.getByRole('button')).toHaveText(['Cancel', 'Add to basket', 'Replace basket']);
    await expectNoA11yViolations(page, 'copy order choice');
    await copy.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page).toHaveURL(atPath('/basket'));
    const added = await api<{ basketLines: { itemNumber: string }[] }>(page, 'GET', pathOf(routes.getBasket));
    expect(added.basketLines.map((l) => l.itemNumber)).toContain(other);
    expect(added.basketLines.length).toBeGreaterThan(1);

    await page.goBack();
    await page.getByRole('button', { name: 'Copy Order' }).click();
    await dialog(page, 'Copy Order').getByRole('button', { name: 'Replace basket' }).click();
    await expect(page).toHaveURL(atPath('/basket'));
    const replaced = await api<{ basketLines: { itemNumber: string }[] }>(page, 'GET', pathOf(routes.getBasket));
    expect(replaced.basketLines.map((l) => l.itemNumber)).not.toContain(other);
    for (const l of replaced.basketLines) expect(ordered).toContain(l.itemNumber);
  });
});
