// Order Products journeys (spec sections 2, 4, 5, 8): browse by type and range, search by text,
// page through results, add to the basket with Enter and with Add, favourites and Usual Orders,
// the three modals, Download All, the card layout on phones, and accessibility.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoUsers, expectNoSeriousA11yViolations, isPhone, login, onlyOnProject } from './helpers';
import { routes, pathOf } from '@wholesale/contract';

const RESULTS = /^Displaying (\d+) results? for (.+)$/;

/** The products as shown: table rows on wide screens, cards on phones. */
function productItems(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Products' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .or(page.getByRole('list', { name: 'Products' }).getByRole('listitem'))
    .filter({ visible: true });
}

/** The item code of a shown product (the first line of its item cell or card). */
async function itemCodeOf(item: Locator): Promise<string> {
  const text = await item.innerText();
  return /[A-Z]{2,}-[A-Z0-9-]+/.exec(text)?.[0] ?? '';
}

async function shownItemCodes(page: Page): Promise<string[]> {
  const items = await productItems(page).all();
  return Promise.all(items.map(itemCodeOf));
}

async function openSearch(page: Page): Promise<void> {
  await page.goto('/products/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Orders' })).toBeVisible();
  await expect(page.getByText('Enter product details above')).toBeVisible();
  // Categories loaded: the type select has more than its default option.
  await expect.poll(() => page.getByLabel('Product type').locator('option').count()).toBeGreaterThan(1);
}

/** The number of results the screen says it shows, and for what. */
async function resultCount(page: Page): Promise<{ count: number; label: string }> {
  const line = page.getByText(RESULTS);
  await expect(line).toBeVisible();
  const m = RESULTS.exec((await line.innerText()).trim());
  return { count: Number(m?.[1] ?? -1), label: m?.[2] ?? '' };
}

/** Browse the first product type (and optionally its first range) with Search. */
async function browseFirstType(page: Page, withRange = false): Promise<{ type: string; range: string }> {
  const typeSelect = page.getByLabel('Product type');
  const type = (await typeSelect.locator('option').nth(1).innerText()).trim();
  await typeSelect.selectOption({ label: type });
  let range = '';
  if (withRange) {
    const rangeSelect = page.getByLabel('Range');
    await expect(rangeSelect).toBeEnabled();
    range = (await rangeSelect.locator('option').nth(1).innerText()).trim();
    await rangeSelect.selectOption({ label: range });
  }
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(productItems(page).first()).toBeVisible();
  return { type, range };
}

/** Goes forward page by page until a shown product contains `has` (a locator from `page`); returns it. */
async function findOnPages(page: Page, has: Locator, maxPages = 25): Promise<Locator> {
  for (let i = 0; i < maxPages; i++) {
    const hit = productItems(page).filter({ has });
    if ((await hit.count()) > 0) return hit.first();
    const next = page.getByRole('button', { name: 'Next page' });
    if (await next.isDisabled()) break;
    await next.click();
  }
  throw new Error('no product on the pages matched');
}

/** GET an API path with the page's session token. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('wholesale-portal.session') ?? '{}') as { token?: string }).token ?? '',
  );
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

test.describe('order products', () => {
  // Busy journeys over a 20-row table, with axe runs: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test('browses by type and range, then by text, and pages through results', async ({ page }, testInfo) => {
    await login(page, demoUsers.credit);
    await openSearch(page);
    await expect(page.getByLabel('Range')).toBeDisabled();

    const { type, range } = await browseFirstType(page, true);
    const byRange = await resultCount(page);
    expect(byRange.label).toBe(`${type} - ${range}`);
    expect(byRange.count).toBeGreaterThan(0);

    // Choosing another type clears the range.
    const typeSelect = page.getByLabel('Product type');
    await typeSelect.selectOption({ index: 2 });
    await expect(page.getByLabel('Range')).toHaveValue('');
    await typeSelect.selectOption({ label: type });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(async () => (await resultCount(page)).label).toBe(type);
    const byType = await resultCount(page);
    expect(byType.count).toBeGreaterThan(20);
    const pages = Math.ceil(byType.count / 20);

    // Pagination: 20 per page, first / previous / next / last.
    await expect(productItems(page)).toHaveCount(20);
    await expect(page.getByText(`1 of ${pages} pages`)).toBeVisible();
    const firstPage = await shownItemCodes(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(`2 of ${pages} pages`)).toBeVisible();
    const secondPage = await shownItemCodes(page);
    expect(secondPage.filter((c) => firstPage.includes(c))).toEqual([]);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(page.getByText(`${pages} of ${pages} pages`)).toBeVisible();
    await expect(productItems(page)).toHaveCount(byType.count - (pages - 1) * 20);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByText(`${pages - 1} of ${pages} pages`)).toBeVisible();
    await page.getByRole('button', { name: 'First page' }).click();
    await expect(page.getByText(`1 of ${pages} pages`)).toBeVisible();

    // Text search: an exact item code comes first; the type and range are cleared.
    const code = secondPage[3]!;
    await page.getByLabel('Look up product').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(async () => (await resultCount(page)).label).toBe(code.toLowerCase());
    expect(await itemCodeOf(productItems(page).first())).toBe(code);
    await expect(typeSelect).toHaveValue('');

    // A description word matches case-insensitively anywhere in the description.
    await page.getByLabel('Look up product').fill('BLACKOUT');
    await page.getByLabel('Look up product').press('Enter');
    await expect.poll(async () => (await resultCount(page)).label).toBe('BLACKOUT');
    for (const text of await productItems(page).allInnerTexts()) expect(text.toLowerCase()).toContain('blackout');

    await page.getByLabel('Look up product').fill('no such product zzqx');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No results', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByText('Enter product details above')).toBeVisible();
    await expect(page.getByLabel('Look up product')).toHaveValue('');
    await expectNoSeriousA11yViolations(page, testInfo, 'order products, cleared');
  });

  test('adds to the basket with Enter and with Add, with toasts and the basket marker', async ({ page }) => {
    await login(page, demoUsers.credit);
    await openSearch(page);
    await browseFirstType(page);
    const item = productItems(page).nth(1);
    const code = await itemCodeOf(item);
    const before = await apiGet<{ basketLines: { itemNumber: string; quantity: number }[] }>(
      page,
      pathOf(routes.getBasket),
    );
    const had = before.basketLines.find((l) => l.itemNumber === code)?.quantity ?? 0;

    const qty = item.getByRole('textbox', { name: `Quantity of ${code}` });
    const add = item.getByRole('button', { name: `Add ${code} to basket` });
    await expect(qty).toHaveValue('0');
    await expect(add).toBeDisabled();
    await expect(item.getByRole('button', { name: `Decrease Quantity of ${code}` })).toBeDisabled();

    // Enter adds.
    await qty.fill('2');
    await qty.press('Enter');
    await expect(page.getByText(new RegExp(`Added ${code} to basket$`)).first()).toBeVisible();
    await expect(qty).toHaveValue('0');

    // Plus from 0 gives 1; the Add button adds.
    await item.getByRole('button', { name: `Increase Quantity of ${code}` }).click();
    await expect(qty).toHaveValue('1');
    await add.click();
    await expect(qty).toHaveValue('0');
    await expect(add).toBeDisabled();

    // Digits only, at most 6.
    await qty.pressSequentially('12a34567');
    await expect(qty).toHaveValue('123456');
    await qty.fill('0');

    await expect(page.getByTestId('basket-marker').filter({ visible: true })).toHaveCount(1);
    await expect
      .poll(async () => {
        const after = await apiGet<{ basketLines: { itemNumber: string; quantity: number }[] }>(
          page,
          pathOf(routes.getBasket),
        );
        return after.basketLines.find((l) => l.itemNumber === code)?.quantity ?? 0;
      })
      .toBe(had + 3);
  });

  test('warns when the quantity is above stock', async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'one add journey is enough on phones');
    await login(page, demoUsers.credit);
    await openSearch(page);
    await browseFirstType(page);
    const item = productItems(page).first();
    const code = await itemCodeOf(item);
    const stock = Number(((await item.getByRole('cell').nth(3).innerText()) || '0').replace(/,/g, ''));
    const qty = item.getByRole('textbox', { name: `Quantity of ${code}` });
    await qty.fill(String(Math.min(stock + 1, 999_999)));
    await qty.press('Enter');
    await expect(
      page.getByText(
        `Warning - there is insufficient stock of this item, this line may go on back order. Added ${code} to basket`,
      ),
    ).toBeVisible();
  });

  test('marks a favourite in place, finds it under Favorites, and opens Usual Orders', async ({ page }) => {
    await login(page, demoUsers.credit);
    await openSearch(page);
    await browseFirstType(page);
    const star = (item: Locator) => item.getByRole('button', { name: /^Favorite / });
    const found = await findOnPages(page, page.getByRole('button', { name: /^Favorite /, pressed: false }));
    const code = await itemCodeOf(found);
    // Pinned by its code: once marked it no longer matches the search above.
    const item = productItems(page).filter({ has: page.getByText(code, { exact: true }) });
    const searchedFor = (await resultCount(page)).label;
    await star(item).click();
    await expect(star(item)).toHaveAttribute('aria-pressed', 'true');

    const favourites = page.getByRole('button', { name: 'Favorites' });
    await favourites.click();
    await expect(favourites).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await resultCount(page)).label).toBe('Favorites');
    const favourite = await findOnPages(page, page.getByText(code, { exact: true }));
    await expect(star(favourite)).toHaveAttribute('aria-pressed', 'true');

    // Unmark it again: the flag changes in place and the row stays until the list reloads.
    await star(favourite).click();
    await expect(star(favourite)).toHaveAttribute('aria-pressed', 'false');

    // Leaving Favorites with a type set reruns that search.
    await favourites.click();
    await expect(favourites).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await resultCount(page)).label).toBe(searchedFor);

    const usuals = page.getByRole('button', { name: 'Usual Orders' });
    await usuals.click();
    await expect(usuals).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await resultCount(page)).label).toBe('Usual Orders');
    expect((await resultCount(page)).count).toBeGreaterThan(0);
    await expect(productItems(page).first()).toBeVisible();
    await usuals.click();
    await expect(usuals).toHaveAttribute('aria-pressed', 'false');
  });

  test('opens the Multi Buy, Delivery schedule and Product Image modals and closes each', async ({
    page,
  }, testInfo) => {
    await login(page, demoUsers.credit);
    await openSearch(page);
    await browseFirstType(page);
    const scrollLocked = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');

    const withOffer = await findOnPages(page, page.getByRole('button', { name: /^Multi Buy offer for / }));
    await withOffer.getByRole('button', { name: /^Multi Buy offer for / }).click();
    const multi = page.getByRole('dialog', { name: 'Multi Buy' });
    await expect(multi.getByRole('columnheader', { name: 'Min Qty' })).toBeVisible();
    await expect(multi.getByRole('columnheader', { name: 'Price' })).toBeVisible();
    await expect(multi.getByRole('cell', { name: /^£\d+\.\d{2,5}$/ }).first()).toBeVisible();
    expect(await scrollLocked()).toBe(true);
    await expectNoSeriousA11yViolations(page, testInfo, 'multi buy modal');
    await multi.getByRole('button', { name: 'Close' }).click();
    await expect(multi).toHaveCount(0);
    expect(await scrollLocked()).toBe(false);

    const firstPage = page.getByRole('button', { name: 'First page' });
    if (await firstPage.isEnabled()) await firstPage.click();
    const withSchedule = await findOnPages(page, page.getByRole('button', { name: /^Delivery schedule of / }));
    await withSchedule.getByRole('button', { name: /^Delivery schedule of / }).click();
    const schedule = page.getByRole('dialog', { name: 'Delivery schedule' });
    await expect(schedule.getByRole('columnheader', { name: 'Qty' })).toBeVisible();
    await expect(schedule.getByRole('columnheader', { name: 'Date' })).toBeVisible();
    await expect(schedule.getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{2}$/ }).first()).toBeVisible();
    await schedule.getByRole('button', { name: 'Close' }).click();
    await expect(schedule).toHaveCount(0);

    // The first product with a picture (a product the ERP journey pushed has none, and may list first).
    const first = productItems(page)
      .filter({ has: page.getByRole('button', { name: /^View image of / }).locator('img') })
      .first();
    const code = await itemCodeOf(first);
    // The thumbnail loaded through the API (a blob URL, the request carried the Bearer token).
    await expect(first.getByRole('button', { name: `View image of ${code}` }).locator('img')).toHaveAttribute(
      'src',
      /^blob:/,
    );
    await first.getByRole('button', { name: `View image of ${code}` }).click();
    const image = page.getByRole('dialog', { name: 'Product Image' });
    await expect(image.getByRole('img')).toBeVisible();
    expect(await image.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await image.getByRole('button', { name: 'Close' }).click();
    await expect(image).toHaveCount(0);
  });

  test('opens a newly loaded page at its top, wherever another page was left', async ({ page }) => {
    await login(page);
    await openSearch(page);
    await page.getByLabel('Look up product').fill('white');
    await page.keyboard.press('Enter');
    await expect(page.getByText(RESULTS)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.goto('/basket');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Basket' })).toBeVisible();
    await page.waitForTimeout(300); // a restored position would be applied by now
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('downloads the listed products as export.csv', async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'the same download on phones adds nothing');
    await login(page, demoUsers.credit);
    await openSearch(page);

    await page.getByRole('button', { name: 'Download All' }).click();
    await expect(page.getByText('Unable to download products')).toBeVisible();

    await browseFirstType(page, true);
    const { count } = await resultCount(page);
    const codes = await shownItemCodes(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download All' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('export.csv');
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Item,Description,Stock,Qty Due,Pack Qty,Due Date,Unit,List Price (GBP),Discount Price (GBP),Favourite,Multi Buy',
    );
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1, codes.length + 1).map((l) => l.split(',')[0])).toEqual(codes);

    // While a filter is active the multi-buy flag is left out.
    await page.getByRole('button', { name: 'Usual Orders' }).click();
    await expect.poll(async () => (await resultCount(page)).label).toBe('Usual Orders');
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download All' }).click(),
    ]);
    const header = fs.readFileSync(await filtered.path(), 'utf8').split(/\r?\n/)[0];
    expect(header).toBe(
      'Item,Description,Stock,Qty Due,Pack Qty,Due Date,Unit,List Price (GBP),Discount Price (GBP),Favourite',
    );
  });

  test('shows compact cards at 390 px with every fact and the add controls', async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'phone', 'the card layout is for narrow screens');
    await login(page, demoUsers.credit);
    await openSearch(page);
    await browseFirstType(page);
    await expect(page.getByRole('table', { name: 'Products' })).toHaveCount(0);
    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
    for (const label of [
      'Stock',
      'Qty Due',
      'Pack Qty',
      'Due Date',
      'Unit',
      'Multi Buy',
      'List Price',
      'Discount Price',
    ])
      await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(card.getByText(/^£\d+\.\d{2,5}$/).first()).toBeVisible();
    const code = await itemCodeOf(card);
    await expect(card.getByRole('button', { name: `Add ${code} to basket` })).toBeVisible();
    // Nothing spills sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, testInfo, 'order products cards');
  });

  test('passes axe with results on wide screens', async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'the phone layout is checked in the card journey');
    await login(page, demoUsers.credit);
    await openSearch(page);
    await browseFirstType(page);
    await expect(productItems(page)).toHaveCount(20);
    expect(isPhone(testInfo)).toBe(false);
    await expectNoSeriousA11yViolations(page, testInfo, 'order products results');
  });

  test('logs in, searches and adds to the basket without a Content-Security-Policy violation', async ({
    page,
  }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'the policy and the code are the same at every width');
    // The policy forbids eval; a probe for it (Zod's, before jitless) is reported even when caught.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await login(page, demoUsers.credit); // the login form and the session answer are checked by schema
    expect(await violations()).toEqual([]);
    await openSearch(page);
    await browseFirstType(page);
    const item = productItems(page).first();
    const code = await itemCodeOf(item);
    await item.getByRole('textbox', { name: `Quantity of ${code}` }).fill('1');
    await item.getByRole('button', { name: `Add ${code} to basket` }).click();
    await expect(page.getByText(new RegExp(`Added ${code} to basket$`)).first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
