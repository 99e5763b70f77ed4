// Basket and checkout journeys (spec sections 2, 4, 5, 8): edit a basket line, check out to a new
// address with the form's exact messages, place a credit order and see the order-placed dialog;
// proforma pays on the sandbox gateway's hosted page (approving and declining cards); an account on
// stop is told why it cannot order; axe on every screen of the way.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { api, atPath, demoUsers, expectNoSeriousA11yViolations, isPhone, login, onlyOnProject } from './helpers';
import { routes, pathOf, SERVER_MSG } from '@wholesale/contract';

const APPROVING_CARD = '4242 4242 4242 4242';
const DECLINING_CARD = '4000 0000 0000 0002';

interface BasketLine {
  lineNumber: number;
  itemNumber: string;
  quantity: number;
  stock: string;
}

/** Empties the user's basket and adds `count` products found by a text search, quantities 2, 1, 1... */
async function freshBasket(page: Page, count: number): Promise<string[]> {
  const basket = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
  for (const l of basket.basketLines) await api(page, 'DELETE', pathOf(routes.deleteBasketLine, { id: l.lineNumber }));
  const products = await api<{ itemNumber: string; stock: number }[]>(
    page,
    'GET',
    `${pathOf(routes.searchProducts)}?searchValue=blind`,
  );
  const chosen = products
    .filter((p) => p.stock > 10)
    .slice(0, count)
    .map((p) => p.itemNumber);
  expect(chosen).toHaveLength(count);
  for (const [i, itemNumber] of chosen.entries())
    await api(page, 'POST', pathOf(routes.addBasketLine), { itemNumber, quantity: i === 0 ? 2 : 1 });
  return chosen;
}

async function openBasket(page: Page): Promise<void> {
  await page.goto('/basket');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Basket' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Summary' })).toBeVisible();
}

async function fillNewAddress(page: Page): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill('Site Office');
  await page.getByLabel('Address Line 1').fill('9 Harbour Road');
  await page.getByLabel('City').fill('Plymouth');
  await page.getByLabel('County').fill('Devon');
  await page.getByLabel('Country').selectOption('United Kingdom (Mainland)');
  await page.getByLabel('Postcode').fill('PL1 2AB');
  await page.getByLabel('Phone Number').fill('+441752000000');
}

/** Step 1 with the default (INVOICE) address and a purchase order, then on to Review Order. */
async function deliverToInvoice(page: Page, purchaseOrder: string): Promise<void> {
  await page.goto('/checkout/deliveryinformation');
  await page.getByLabel('Purchase Order').fill(purchaseOrder);
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page).toHaveURL(atPath('/checkout/review-order'));
  await expect(orderLines(page)).toBeVisible();
}

/** Review Order's lines: a table on wide screens, a list of cards on phones. */
function orderLines(page: Page) {
  return page.getByRole('table', { name: 'Order lines' }).or(page.getByRole('list', { name: 'Order lines' }));
}

async function expectOrderPlacedDialog(page: Page, testInfo: TestInfo, purchaseOrder: string): Promise<void> {
  await expect(page).toHaveURL(atPath('/open-orders'));
  const dialog = page.getByRole('dialog', { name: 'Order confirmation' });
  await expect(dialog.getByText('Your order has been placed.')).toBeVisible();
  await expect(dialog.getByText('Check open orders for updates')).toBeVisible();
  await expect(dialog.getByText(purchaseOrder)).toBeVisible();
  // The parameter is removed once the dialog has read it.
  await expect(page).not.toHaveURL(/confirmorder/);
  await expectNoSeriousA11yViolations(page, testInfo, 'order placed dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(purchaseOrder).filter({ visible: true }).first()).toBeVisible();
}

test.describe('basket and checkout', () => {
  test.describe.configure({ timeout: 120_000 });

  test('demo edits a line, checks out to a new address, places the order and sees the confirmation dialog', async ({
    page,
  }, testInfo) => {
    // Phones use the account's second login: its own basket, so the two projects never share one.
    await login(page, isPhone(testInfo) ? 'demo2' : demoUsers.credit);
    const first = (await freshBasket(page, 2))[0]!;
    await openBasket(page);
    await expect(page.getByText('Carriage', { exact: false }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'basket');

    // Edit the first line: 2 -> 3, confirm; the toast names the item.
    await page.getByRole('button', { name: `Edit quantity of ${first}` }).click();
    const qty = page.getByRole('textbox', { name: `Quantity of ${first}` });
    await expect(qty).toHaveValue('2');
    await page.getByRole('button', { name: `Increase Quantity of ${first}` }).click();
    await expect(qty).toHaveValue('3');
    await page.getByRole('button', { name: `Confirm quantity of ${first}` }).click();
    await expect(page.getByText(new RegExp(`Updated ${first} quantity$`))).toBeVisible();
    const lines = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
    expect(lines.basketLines.find((l) => l.itemNumber === first)?.quantity).toBe(3);

    // Step 1: a new delivery address, with the form's messages first.
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(atPath('/checkout/deliveryinformation'));
    await expect(page.getByRole('navigation', { name: 'Checkout steps' })).not.toContainText('Payment');
    await page.getByLabel('Delivery Address').selectOption('New Delivery Address');
    await page.getByRole('button', { name: 'Proceed', exact: true }).click();
    await expect(page.getByLabel('Purchase Order')).toHaveAccessibleDescription('Required');
    await expect(page.getByLabel('Address Line 1')).toHaveAccessibleDescription('Required');
    await expect(page.getByLabel('Country')).toHaveAccessibleDescription('Required');
    await page.getByLabel('Purchase Order').fill('P'.repeat(21));
    await page.getByLabel('Name', { exact: true }).fill('N'.repeat(51));
    await page.getByLabel('Phone Number').fill('01-23');
    await page.getByRole('button', { name: 'Proceed', exact: true }).click();
    await expect(page.getByLabel('Purchase Order')).toHaveAccessibleDescription('Max 20 Characters');
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Max 50 Characters');
    await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription('Must be number');
    await expectNoSeriousA11yViolations(page, testInfo, 'delivery information with errors');

    const purchaseOrder = `E2E-${isPhone(testInfo) ? 'P' : 'D'}-${Date.now() % 1_000_000}`;
    await page.getByLabel('Purchase Order').fill(purchaseOrder);
    await fillNewAddress(page);
    await page.getByRole('button', { name: 'Proceed', exact: true }).click();

    // Step 2: review and place the order.
    await expect(page).toHaveURL(atPath('/checkout/review-order'));
    await expect(orderLines(page)).toContainText(first);
    await expect(page.getByText('9 Harbour Road')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Terms and Conditions' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('By clicking the Place Order / Proceed to Payment button')).toBeVisible();
    // A reload keeps the step-1 data (it is stored on the server).
    await page.reload();
    await expect(page.getByText(purchaseOrder)).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'review order');
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expectOrderPlacedDialog(page, testInfo, purchaseOrder);
    const after = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
    expect(after.basketLines).toEqual([]);
  });

  test('proforma sees the Payment step, pays with the approving card and finds the order placed', async ({
    page,
  }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'proforma has one login and one basket; the phone project would share it');
    await login(page, demoUsers.proforma);
    await freshBasket(page, 1);
    await page.goto('/checkout/deliveryinformation');
    await expect(page.getByRole('navigation', { name: 'Checkout steps' })).toContainText('Payment');
    const purchaseOrder = `PF-OK-${Date.now() % 1_000_000}`;
    await deliverToInvoice(page, purchaseOrder);
    await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    // The sandbox gateway's hosted page.
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Sandbox Pay').first()).toBeVisible();
    await expect(page.getByText(purchaseOrder).filter({ visible: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'sandbox payment page');
    // Visiting the return URL by hand places nothing.
    const payUrl = page.url();
    await page.goto('/open-orders?confirmorder=success');
    await expect(page.getByRole('dialog', { name: 'Order confirmation' })).toBeVisible();
    await expect(page.getByRole('table').getByText(purchaseOrder)).toHaveCount(0);
    await page.goto(payUrl);

    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Ciaran McAllister');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByText(SERVER_MSG.card.numberInvalid)).toBeVisible();
    await page.getByLabel('Card number').fill(APPROVING_CARD);
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Pay now' }).click();

    await expectOrderPlacedDialog(page, testInfo, purchaseOrder);
    // The payment page of a completed payment shows its outcome, not the form.
    await page.goto(payUrl);
    await expect(page.getByRole('heading', { name: SERVER_MSG.sandboxPage.approvedTitle })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
  });

  test("proforma with the declining card gets 'Cannot confirm order' and no order", async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'proforma has one login and one basket; the phone project would share it');
    await login(page, demoUsers.proforma);
    await freshBasket(page, 1);
    const purchaseOrder = `PF-NO-${Date.now() % 1_000_000}`;
    await deliverToInvoice(page, purchaseOrder);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await page.getByLabel('Card number').fill(DECLINING_CARD);
    await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Ciaran McAllister');
    await page.getByRole('button', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(atPath('/checkout/review-order'));
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot confirm order' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'review order after a declined payment');
    const orders = await api<{ reference: string }[]>(page, 'GET', pathOf(routes.listOpenOrders));
    expect(orders.map((o) => o.reference)).not.toContain(purchaseOrder);
    // The basket is still there to try again.
    const basket = await api<{ basketLines: BasketLine[] }>(page, 'GET', pathOf(routes.getBasket));
    expect(basket.basketLines.length).toBe(1);
  });

  test('euro (on stop) is told why it cannot place an order', async ({ page }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'euro has one login and one basket; the phone project would share it');
    await login(page, demoUsers.euro);
    await freshBasket(page, 1);
    await openBasket(page);
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('€');
    await deliverToInvoice(page, 'EU-STOP-1');
    const notice = page.getByRole('alert').filter({ hasText: 'Your account is on stop, so orders cannot be placed.' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/Contact \S+@\S+ for further assistance/);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, testInfo, 'review order on stop');
  });
});
