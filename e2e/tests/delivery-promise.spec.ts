// Delivery promise per line. The basket and Review Order show each line's promise
// in the line's own row (wide) or card (phone), and the day's cut-off once below the lines; at review the buyer chooses how the order is sent (arrow keys on the radio
// group); the choice is stored, shown in Open Order Enquiry and printed on its PDF. Both widths.
import fs from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { DELIVERY_MSG, pathOf, routes, type DeliveryPromise, type OpenOrder, type Product } from '@wholesale/contract';
// The server's own reader of its PDFs' text (as orders.spec.ts).
import { isPdf, pdfText } from '../../server/src/test/pdf-text';
import { api, atPath, type BasketLine, expectNoA11yViolations, isPhone, login } from './helpers';

/**
 * One basket line where the screen shows it: its table row (wide screens; the row's name starts with
 * the item number) or its card in the list named `listName` (phones).
 */
function lineOf(page: Page, testInfo: TestInfo, listName: string, itemNumber: string): Locator {
  if (!isPhone(testInfo)) return page.getByRole('row', { name: new RegExp(`^${itemNumber} `) });
  return page
    .getByRole('list', { name: listName, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByText(itemNumber, { exact: true }) });
}

/** Each line shows its own promise, after its description, read as "Delivery: ..." (and only once). */
async function expectLinePromises(page: Page, testInfo: TestInfo, listName: string, promise: DeliveryPromise) {
  for (const l of promise.lines) {
    const line = lineOf(page, testInfo, listName, l.itemNumber);
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(`${DELIVERY_MSG.lineLabel}: ${l.text}`);
    await expect(line.getByText(l.text, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(promise.lines[1]!.text, { exact: true })).toHaveCount(1);
}

/** With SHOTS=1, a full-page screenshot in e2e/.output/shots/ to look at (both widths). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.SHOTS) return;
  await page.screenshot({ path: `e2e/.output/shots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/**
 * Empties the basket and fills it with one line from stock, one part from stock and part due, and
 * one with none in stock but a delivery due: the demo catalogue has all three.
 */
async function mixedBasket(page: Page): Promise<void> {
  const basket = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
  for (const l of basket.basketLines) await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
  const products = await api<Product[]>(page, 'GET', `${pathOf(routes.searchProducts)}?searchValue=RB-`);
  const inStock = products.find((p) => p.stock > 20);
  const part = products.find((p) => p !== inStock && p.stock > 0 && p.stock < 500 && p.quantityDue > 5);
  const due = products.find((p) => p.stock <= 0 && p.quantityDue > 2);
  expect([inStock, part, due].every(Boolean), 'the demo catalogue has the three kinds of line').toBe(true);
  await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: inStock!.itemNumber, quantity: 2 });
  await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: part!.itemNumber, quantity: part!.stock + 3 });
  await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber: due!.itemNumber, quantity: 1 });
}

test.describe('delivery promise', () => {
  test.describe.configure({ timeout: 120_000 });

  test('basket and review show each line promise and the cut-off; the ship choice is stored, shown and printed', async ({
    page,
  }, testInfo) => {
    // Phones use the account's second login: its own basket.
    await login(page, isPhone(testInfo) ? 'demo2' : 'demo');
    await mixedBasket(page);
    const promise = await api<DeliveryPromise>(page, 'GET', pathOf(routes.getDeliveryPromise));
    const texts = promise.lines.map((l) => l.text);
    expect(texts[0]).toBe(DELIVERY_MSG.inStock);
    expect(texts[1]).toMatch(/^\d+ now, 3 due \d{1,2} [A-Z][a-z]{2}$/);
    expect(texts[2]).toMatch(/^Due \d{1,2} [A-Z][a-z]{2}$/);

    // Basket: each line's promise in its row or card, the cut-off in the panel under the lines.
    await page.goto('/basket');
    await expectLinePromises(page, testInfo, 'Basket lines', promise);
    const panel = page.getByRole('region', { name: DELIVERY_MSG.heading });
    await expect(panel.getByText(/^Order (by \d{2}:\d{2} to ship today|now to ship \w+ \d{1,2} \w{3})$/)).toHaveText(
      promise.cutOff.text,
    );
    await expect(panel.getByRole('list')).toHaveCount(0);
    await expectNoA11yViolations(page, 'basket with delivery promise');
    await shot(page, testInfo, 'delivery-basket');

    // Review Order: the choice, by keyboard.
    const purchaseOrder = `PO-DP-${testInfo.project.name}-${Date.now() % 100000}`;
    await page.goto('/checkout/deliveryinformation');
    await page.getByLabel('Purchase Order').fill(purchaseOrder);
    await page.getByRole('button', { name: 'Proceed', exact: true }).click();
    await expect(page).toHaveURL(atPath('/checkout/review-order'));
    const group = page.getByRole('group', { name: DELIVERY_MSG.choiceLegend });
    const partial = group.getByRole('radio', { name: DELIVERY_MSG.preference.partial });
    const complete = group.getByRole('radio', { name: DELIVERY_MSG.preference.complete });
    await expect(partial).toBeChecked();
    await expect(page.getByText(promise.options[0]!.dateText)).toBeVisible();
    await expect(page.getByText(promise.options[1]!.dateText)).toBeVisible();
    await expectLinePromises(page, testInfo, 'Order lines', promise);
    await expect(page.getByRole('region', { name: DELIVERY_MSG.heading })).toContainText(promise.cutOff.text);
    await expectNoA11yViolations(page, 'review order with ship choice');
    await shot(page, testInfo, 'delivery-review');
    await partial.focus();
    await page.keyboard.press('ArrowDown');
    await expect(complete).toBeChecked();
    await expect(complete).toBeFocused();
    await shot(page, testInfo, 'delivery-review-complete');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(atPath('/open-orders'));
    await page.getByRole('dialog', { name: 'Order confirmation' }).getByRole('button', { name: 'Close' }).click();

    // Open Order Enquiry: the stored choice and the lines still to send.
    const order = (await api<OpenOrder[]>(page, 'GET', pathOf(routes.listOpenOrders))).find(
      (o) => o.reference === purchaseOrder,
    );
    expect(order?.shipmentPreference).toBe('complete');
    await page.goto(`/open-order-enquiry?order=${order!.orderNumber}`);
    const block = page.getByRole('region', { name: DELIVERY_MSG.heading });
    await expect(block).toContainText(`${DELIVERY_MSG.choiceLabel}: ${DELIVERY_MSG.preference.complete}`);
    await expect(block.getByRole('list', { name: DELIVERY_MSG.orderLinesLabel }).getByRole('listitem')).toHaveCount(3);
    await expectNoA11yViolations(page, 'open order enquiry with delivery choice');
    await shot(page, testInfo, 'delivery-enquiry');

    // Its PDF prints the choice.
    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Order Summary' }).click();
    const pdf = fs.readFileSync((await (await downloadEvent).path())!);
    expect(isPdf(pdf)).toBe(true);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(DELIVERY_MSG.choiceLabel);
    expect(text).toContain(DELIVERY_MSG.preference.complete);
  });
});
