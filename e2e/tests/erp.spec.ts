// The supplier's ERP feeds the portal and takes its orders, over real HTTP. The API client
// is created the way an operator does it (the admin CLI on the run's database); a webhook receiver
// in this process verifies every delivery with the `standardwebhooks` package.
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { Webhook } from 'standardwebhooks';
import { integrationRoutes as api, pathOf } from '@wholesale/contract';
import { atPath, onlyOnProject, submitLogin } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = process.env.E2E_PORT ?? '3199';
const RUN = Date.now().toString(36).toUpperCase();
const ACCOUNT = `E2E-ERP-${RUN}`;
const ITEM = `ERP-E2E-${RUN}`;

/** Every axe violation of any impact fails. */
async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = results.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(found, `axe on ${label}`).toEqual([]);
}

/** `npm run admin -- api-client create` on the run's database (e2e/playwright.config.ts: DATA_DIR). */
async function createApiClient(name: string, scopes: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/admin.ts',
      'api-client',
      'create',
      '--name',
      name,
      '--scopes',
      scopes.join(','),
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: path.join(os.tmpdir(), `wholesale-e2e-${PORT}`) } },
  );
  const key = /\b(wpk_\S+)/.exec(stdout)?.[1];
  if (!key) throw new Error(`no key in: ${stdout}`);
  return key;
}

interface Delivery {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** A local webhook receiver: verifies each delivery's signature; a forged one is answered 401. */
async function startReceiver() {
  const received: Delivery[] = [];
  const refused: string[] = [];
  let verifier: Webhook | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const event = verifier!.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        received.push(event as Delivery);
        res.writeHead(204).end();
      } catch (err) {
        refused.push(String(err));
        res.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received,
    refused,
    useSecret: (secret: string) => (verifier = new Webhook(secret)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let erp: APIRequestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let endpointId: number | undefined;

async function put(url: string, items: unknown[]) {
  const res = await erp.put(url, { data: { items } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { results: { status: string; setPasswordLink?: { url: string } }[] };
  for (const r of body.results) expect(r.status, JSON.stringify(r)).not.toBe('failed');
  return body.results;
}

const account = (onStop: boolean) => ({
  customerNumber: ACCOUNT,
  name: 'Erp Journey Interiors Ltd',
  currency: 'GBP',
  paymentTerms: 'credit',
  onStop,
  vatPercent: 20,
  discountPercent: 0,
  invoiceAddress: {
    contact: 'Robin Erp',
    address1: '5 Ledger Lane',
    city: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 4AB',
    country: 'United Kingdom (Mainland)',
    email: 'accounts@erp-journey.example',
    phone: '01130000000',
  },
});

/** A new user of the journey's account, through the API; answers the set-password link. */
async function newUser(username: string): Promise<string> {
  const [result] = await put(pathOf(api.upsertAccountUsers, { customerNumber: ACCOUNT }), [
    { username, name: 'Robin Erp', email: `${username}@erp-journey.example`, jobTitle: 'Buyer' },
  ]);
  const link = result?.setPasswordLink?.url;
  expect(link).toMatch(/\/set-password\?token=/);
  return new URL(link!).pathname + new URL(link!).search;
}

/** The user opens the link, sets a password (checking the page), then logs in with it. */
async function setPasswordAndLogIn(page: Page, link: string, username: string, label: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expectNoA11yViolations(page, `set password, ${label}`);
  await page.getByLabel('New Password').fill('Ledger-pass-2026');
  await page.getByLabel('Confirm Password').fill('Ledger-pass-2025');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expectNoA11yViolations(page, `set password with an error, ${label}`);
  await page.getByLabel('Confirm Password').fill('Ledger-pass-2026');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Your password is set. You can now log in.')).toBeVisible();
  await expectNoA11yViolations(page, `password set, ${label}`);
  await page.getByRole('link', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(atPath('/login'));
  await submitLogin(page, username, 'Ledger-pass-2026');
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  // The link worked once.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(
    page.getByText(
      'This link to set a password has expired or has already been used. Ask your supplier for a new one.',
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page, `set password, used link, ${label}`);
  await page.goto('/login');
  await submitLogin(page, username, 'Ledger-pass-2026');
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Create Orders: the journey's item as shown (a table row on wide screens, a card on phones). */
async function shownItem(page: Page) {
  await page.goto('/products/search');
  await page.getByLabel('Look up product').fill(ITEM);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const item = page
    .getByRole('table', { name: 'Products' })
    .getByRole('row')
    .filter({ hasText: ITEM })
    .or(page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: ITEM }))
    .filter({ visible: true });
  await expect(item).toHaveCount(1);
  return item;
}

test.describe('ERP integration', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async () => {
    const key = await createApiClient(`e2e-erp-${RUN}`, [
      'catalogue:write',
      'prices:write',
      'stock:write',
      'accounts:write',
      'orders:read',
      'webhooks:manage',
    ]);
    erp = await request.newContext({
      baseURL: `http://127.0.0.1:${PORT}`,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    receiver = await startReceiver();
    const res = await erp.post(pathOf(api.createWebhookEndpoint), {
      data: { url: receiver.url, eventTypes: ['order.placed', 'user.updated'] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const endpoint = (await res.json()) as { id: number; secret: string };
    endpointId = endpoint.id;
    receiver.useSecret(endpoint.secret);
    await put(pathOf(api.upsertAccounts), [account(false)]);
    await put(pathOf(api.upsertProducts), [
      {
        itemNumber: ITEM,
        description: 'Ledger Blackout Roller Blind',
        productType: 'Roller Blinds',
        range: 'ERP Journey Range',
        unit: 'EACH',
        packQuantity: 1,
      },
    ]);
    await put(pathOf(api.upsertPrices), [{ itemNumber: ITEM, currency: 'GBP', listPrice: '17.89' }]);
    await put(pathOf(api.upsertStock), [{ itemNumber: ITEM, quantity: 43 }]);
  });
  test.afterAll(async () => {
    // Playwright runs this block again for the other project: no deliveries to a closed receiver.
    if (endpointId !== undefined) await erp.delete(pathOf(api.deleteWebhookEndpoint, { id: endpointId }));
    await erp?.dispose();
    await receiver?.close();
  });

  test('a user the ERP created sets a password through the one-time link and logs in', async ({ page }, testInfo) => {
    const username = `erp.${testInfo.project.name}.${RUN}`.toLowerCase();
    const link = await newUser(username);
    await setPasswordAndLogIn(page, link, username, testInfo.project.name);
    // user.updated reached the webhook receiver, signature verified.
    await expect
      .poll(() => receiver.received.some((e) => e.type === 'user.updated' && e.data.username === username))
      .toBe(true);
  });

  test('prices and stock pushed show on Create Orders; on stop cannot check out; the order reaches GET /orders and the webhook', async ({
    page,
  }, testInfo) => {
    onlyOnProject(testInfo, 'desktop', 'one ERP account and basket; the phone project would share them');
    const username = `erp.buyer.${RUN}`.toLowerCase();
    await setPasswordAndLogIn(page, await newUser(username), username, 'buyer');

    // 1. What the ERP pushed is what the customer sees, and a change shows on the next search.
    let item = await shownItem(page);
    await expect(item).toContainText('17.89');
    await expect(item).toContainText('43');
    await put(pathOf(api.upsertPrices), [{ itemNumber: ITEM, currency: 'GBP', listPrice: '19.45' }]);
    await put(pathOf(api.upsertStock), [{ itemNumber: ITEM, quantity: 61 }]);
    item = await shownItem(page);
    await expect(item).toContainText('19.45');
    await expect(item).toContainText('61');
    await expect(item).not.toContainText('17.89');
    await item.getByRole('textbox', { name: `Quantity of ${ITEM}` }).fill('3');
    await item.getByRole('button', { name: `Add ${ITEM} to basket` }).click();
    await expect(page.getByText(`Added ${ITEM} to basket`)).toBeVisible();

    // 2. The ERP puts the account on stop: My Details says so, and Review Order will not place.
    await put(pathOf(api.upsertAccounts), [account(true)]);
    await page.goto('/details');
    await expect(page.getByText('Yes', { exact: true }).first()).toBeVisible();
    const purchaseOrder = `ERP-${RUN}`.slice(0, 20);
    await page.goto('/checkout/deliveryinformation');
    await page.getByLabel('Purchase Order').fill(purchaseOrder);
    await page.getByRole('button', { name: 'Proceed', exact: true }).click();
    await expect(page).toHaveURL(atPath('/checkout/review-order'));
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your account is on stop, so orders cannot be placed.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await expectNoA11yViolations(page, 'review order, put on stop by the ERP');

    // 3. Off stop again: the order is placed in the browser...
    await put(pathOf(api.upsertAccounts), [account(false)]);
    await page.goto('/details');
    await expect(page.getByText('No', { exact: true }).first()).toBeVisible();
    await page.goto('/checkout/review-order');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(atPath('/open-orders'));
    await expect(page.getByRole('dialog', { name: 'Order confirmation' }).getByText(purchaseOrder)).toBeVisible();

    // ...and the ERP finds it in GET /orders, at the price it pushed...
    const orders: { orderNumber: string; purchaseOrder: string; customerNumber: string; lines: unknown[] }[] = [];
    let after = '';
    for (let pages = 0; pages < 100; pages++) {
      const res = await erp.get(`${pathOf(api.listOrdersOut)}?limit=200${after ? `&after=${after}` : ''}`);
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { orders: typeof orders; next: string | null; hasMore: boolean };
      orders.push(...body.orders);
      if (!body.hasMore || !body.next) break;
      after = body.next;
    }
    const placed = orders.find((o) => o.purchaseOrder === purchaseOrder);
    expect(placed?.customerNumber).toBe(ACCOUNT);
    expect(placed?.lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ itemNumber: ITEM, quantity: 3, unitPrice: '19.45' })]),
    );

    // ...and at the webhook receiver, its signature verified.
    await expect
      .poll(() => receiver.received.find((e) => e.type === 'order.placed' && e.data.purchaseOrder === purchaseOrder))
      .toMatchObject({ data: { orderNumber: placed!.orderNumber, customerNumber: ACCOUNT } });
    expect(receiver.refused).toEqual([]);
  });
});
