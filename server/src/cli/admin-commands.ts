/**
 * What the `admin` command line does, as functions over a database (tests call these directly).
 * Each validates its input, throws UsageError for bad input, and returns a one-line result.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import {
  INTEGRATION_MSG,
  ORDER_STATUSES,
  TRACKING_NUMBER_PATTERN,
  newPassword,
  type OrderStatus,
} from '@wholesale/contract';
import type { Db } from '../db/client.js';
import { amountToE5 } from '../domain/money.js';
import { SETTING_DEFAULTS, SETTING_RULES } from '../modules/site/settings.service.js';
import { composeStore } from '../compose.js';
import { UsageError } from './db.js';
import { creditLimitValue } from '@wholesale/contract/staff';
import type { SecretBox } from '../lib/secret-box.js';
import { CustomerUserError } from '../modules/auth/customer-users.service.js';
import type { ProductUpsertItem } from '@wholesale/contract';
import type { UpsertService } from '../modules/integration/upsert.service.js';
import { ApiClientError } from '../modules/integration/api-keys.js';
import { OrderStatusError } from '../modules/integration/order-status.service.js';

const text = (name: string, value: string | undefined, max: number, required = true): string => {
  const v = (value ?? '').trim();
  if (required && !v) throw new UsageError(`--${name} is required`);
  if (v.length > max) throw new UsageError(`--${name} must be at most ${max} characters`);
  return v;
};

/** A credit limit: the staff back office's rule (10 digits, 2 decimals), one place for both. */
function checkCreditLimit(value: string | undefined): void {
  if (value === undefined) return;
  const r = creditLimitValue.safeParse(value);
  if (!r.success) throw new UsageError(`--credit-limit: ${r.error.issues[0]?.message ?? 'not accepted'}`);
}

const email = (value: string | undefined): string => {
  const v = (value ?? '').trim();
  if (v && !z.email().safeParse(v).success) throw new UsageError(`--email "${v}" is not an email address`);
  return v;
};

async function userByName(db: Db, username: string) {
  const user = await composeStore(db).customerUsers.findByName(username);
  if (!user) throw new UsageError(`no user "${username}"`);
  return user;
}

// ---- create-account ----

export interface CreateAccountInput {
  customerNumber: string;
  name: string;
  currency: string;
  country: string;
  proforma?: boolean;
  onStop?: boolean;
  email?: string;
  contact?: string;
  address1?: string;
  address2?: string;
  city?: string;
  county?: string;
  postcode?: string;
  phone?: string;
  creditLimit?: string;
  vat?: string;
  discount?: string;
  carriage?: string;
  carriageFreeOver?: string;
}

/** The account item's fields (contract integration.ts, accountUpsertItem) and the flags that give them. */
const ACCOUNT_FLAGS: Record<string, string> = {
  '/customerNumber': 'customer-number',
  '/name': 'name',
  '/currency': 'currency',
  '/creditLimit': 'credit-limit',
  '/vatPercent': 'vat',
  '/discountPercent': 'discount',
  '/carriage/charge': 'carriage',
  '/carriage/freeOver': 'carriage-free-over',
  '/invoiceAddress/contact': 'contact',
  '/invoiceAddress/address1': 'address1',
  '/invoiceAddress/address2': 'address2',
  '/invoiceAddress/city': 'city',
  '/invoiceAddress/county': 'county',
  '/invoiceAddress/postcode': 'postcode',
  '/invoiceAddress/country': 'country',
  '/invoiceAddress/email': 'email',
  '/invoiceAddress/phone': 'phone',
};

/** Creates a trade account through the ERP's upsert path (one set of rules: the contract's account item). */
export async function createAccount(db: Db, input: CreateAccountInput): Promise<string> {
  const customerNumber = (input.customerNumber ?? '').trim();
  const currency = (input.currency ?? '').trim().toUpperCase();
  checkCreditLimit(input.creditLimit);
  const item = {
    customerNumber,
    name: input.name ?? '',
    currency,
    paymentTerms: input.proforma ? 'proforma' : 'credit',
    onStop: input.onStop === true,
    creditLimit: input.creditLimit ?? '0',
    vatPercent: input.vat ?? '20',
    discountPercent: input.discount ?? '0',
    ...(input.carriage !== undefined || input.carriageFreeOver !== undefined
      ? { carriage: { charge: input.carriage ?? '0', freeOver: input.carriageFreeOver ?? '0' } }
      : {}),
    invoiceAddress: {
      contact: input.contact ?? '',
      address1: input.address1 ?? '',
      address2: input.address2 ?? '',
      city: input.city ?? '',
      county: input.county ?? '',
      postcode: input.postcode ?? '',
      country: input.country ?? '',
      email: input.email ?? '',
      phone: input.phone ?? '',
    },
  };
  // Create only: an existing account is refused, and the transaction (with whatever the upsert
  // changed) rolled back.
  const result = await db.transaction().execute(async (trx) => {
    const [r] = (await composeStore(trx).upserts.upsertAccounts([item])).results;
    if (r?.status === 'created' || r?.status === 'failed') return r;
    throw new UsageError(`account ${customerNumber} already exists`);
  });
  const { settings, account } = composeStore(db);
  const countries = await settings.countries();
  if (result.status === 'failed') {
    const [e] = result.errors ?? [];
    if (!e) throw new UsageError('the account was not accepted');
    const field = e.pointer.replace(/^\/items\/\d+/, '');
    const flag = ACCOUNT_FLAGS[field];
    // The operator is shown the names to choose from (the upsert says only that it is unknown).
    if (flag === 'country')
      throw new UsageError(`--country must be one of: ${countries.map((c) => `"${c.name}"`).join(', ')}`);
    throw new UsageError(flag ? `--${flag} ${e.detail}` : `${field}: ${e.detail}`);
  }
  const typed = item.invoiceAddress.country.trim().toLowerCase();
  const country = countries.find((c) => c.name.toLowerCase() === typed)?.name ?? item.invoiceAddress.country;
  const id = await account.idOfCustomer(customerNumber);
  return `Created account ${customerNumber} "${item.name.trim()}" (${currency}, ${country}${input.proforma ? ', proforma' : ''}${input.onStop ? ', on stop' : ''}), id ${id}`;
}

// ---- create-user ----

export interface CreateUserInput {
  customerNumber: string;
  username: string;
  name: string;
  /** Left out: the user gets an invitation email with a set-password link. */
  password?: string | undefined;
  /** What the invitation needs: the server's sealing key and public URL (admin.ts, from the environment). */
  invite?: { box: SecretBox; baseUrl: string };
  jobTitle?: string;
  email?: string;
}

export async function createUser(db: Db, input: CreateUserInput): Promise<string> {
  const customerNumber = text('customer-number', input.customerNumber, 20);
  const username = text('username', input.username, 50);
  const name = text('name', input.name, 50);
  const checked = input.password === undefined ? undefined : newPassword.safeParse(input.password);
  if (checked && !checked.success)
    throw new UsageError(`--password: ${checked.error.issues[0]?.message ?? 'not accepted'}`);
  if (!checked && !input.invite) throw new UsageError('--password is required');
  const jobTitle = text('job-title', input.jobTitle, 50, false);
  const userEmail = email(input.email);
  let created;
  try {
    // The username's rule, the account check and the invitation live in the service the staff back office uses too.
    created = await composeStore(db)
      .customerUsersInviting(input.invite)
      .create({ customerNumber, username, name, email: userEmail, jobTitle, password: checked?.data }, 'admin-cli');
  } catch (err) {
    if (!(err instanceof CustomerUserError)) throw err;
    if (err.reason === 'bad-username') throw new UsageError(`--username: ${err.detail}`);
    if (err.reason === 'no-account') throw new UsageError(`no account ${customerNumber}`);
    if (err.reason === 'username-taken') throw new UsageError(`username "${username}" is taken`);
    throw err;
  }
  const i = created.invitation;
  const invitation = !i
    ? ''
    : i.emailed
      ? `; invitation emailed to ${userEmail} (link valid until ${i.expiresAt})`
      : `; no email address: give them this set-password link (valid until ${i.expiresAt}): ${i.link}`;
  return `Created user ${username} on account ${customerNumber}, id ${created.id}${invitation}`;
}

// ---- disable-user ----

export async function disableUser(db: Db, input: { username: string }): Promise<string> {
  const username = text('username', input.username, 50);
  const user = await userByName(db, username);
  // An unused redirect or set-password link must not let a disabled user in either (the service
  // ends them with the sessions); user.updated is recorded.
  let revoked: number;
  try {
    revoked = await composeStore(db).customerUsers.disable(user.id, 'admin-cli');
  } catch (err) {
    if (err instanceof CustomerUserError && err.reason === 'already-disabled')
      throw new UsageError(`user "${username}" is already disabled`);
    throw err;
  }
  return `Disabled user ${username}; revoked ${revoked} refresh token${revoked === 1 ? '' : 's'}`;
}

// ---- settings ----

export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS);

export async function setBanner(db: Db, input: { text?: string; off?: boolean }): Promise<string> {
  if (input.off && input.text !== undefined) throw new UsageError('give either --text or --off, not both');
  if (input.off) {
    await composeStore(db).settings.set('notification.show', 'false');
    return 'Notification banner switched off';
  }
  const banner = text('text', input.text, 500);
  const wrong = SETTING_RULES['notification.text']?.(banner);
  if (wrong) throw new UsageError(`--text ${wrong}`);
  await composeStore(db).settings.setMany({ 'notification.text': banner, 'notification.show': 'true' });
  return `Notification banner on: "${banner}"`;
}

export async function setSetting(db: Db, input: { key: string; value: string }): Promise<string> {
  const key = text('key', input.key, 100);
  const { settings } = composeStore(db);
  if (!settings.isKey(key)) throw new UsageError(`unknown --key "${key}"; known keys: ${SETTING_KEYS.join(', ')}`);
  if (input.value === undefined) throw new UsageError('--value is required');
  const value = text('value', input.value, 2000, false);
  const wrong = SETTING_RULES[key]?.(value);
  if (wrong) throw new UsageError(`--value for ${key} ${wrong}`);
  await settings.set(key, value);
  return `Setting ${key} = "${value}"`;
}

// ---- redirect-link ----

export async function redirectLink(db: Db, input: { username: string; baseUrl?: string }): Promise<string> {
  const username = text('username', input.username, 50);
  const base = (input.baseUrl ?? 'http://localhost:3000').trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(base)) throw new UsageError(`--base-url must be an http(s) URL, not "${base}"`);
  const user = await userByName(db, username);
  try {
    // Valid for the longest a /redirect link may live (10 minutes).
    const { token } = await composeStore(db).customerUsers.oneTimeLogin(user.id);
    return `${base}/redirect?rt=${token}`;
  } catch (err) {
    if (err instanceof CustomerUserError && err.reason === 'disabled')
      throw new UsageError(`user "${username}" is disabled`);
    throw err;
  }
}

// ---- set-order-status ----

export interface SetOrderStatusInput {
  order: string;
  status: string;
  tracking?: string;
  despatchDate?: string;
}

const isIsoDate = (v: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export async function setOrderStatus(db: Db, input: SetOrderStatusInput): Promise<string> {
  const orderNumber = text('order', input.order, 40);
  const wanted = text('status', input.status, 20);
  const status = ORDER_STATUSES.find((s) => s.toLowerCase() === wanted.toLowerCase());
  if (!status) throw new UsageError(`--status must be one of: ${ORDER_STATUSES.map((s) => `"${s}"`).join(', ')}`);
  const tracking = (input.tracking ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tracking.some((t) => !TRACKING_NUMBER_PATTERN.test(t)))
    throw new UsageError('--tracking takes comma-separated tracking numbers (letters, digits, -)');
  if (input.despatchDate !== undefined && !isIsoDate(input.despatchDate.trim()))
    throw new UsageError(`--despatch-date must be a date yyyy-mm-dd, not "${input.despatchDate}"`);

  let changed;
  try {
    changed = await composeStore(db).orderStatus.setOrderStatus({
      orderNumber,
      status: status as OrderStatus,
      tracking,
      despatchDate: input.despatchDate?.trim(),
      by: { kind: 'admin', name: null },
    });
  } catch (err) {
    if (!(err instanceof OrderStatusError)) throw err;
    if (err.reason === 'unknown-order') throw new UsageError(`no order ${orderNumber}`);
    if (err.reason === 'transition')
      throw new UsageError(INTEGRATION_MSG.orderStatusTransition(orderNumber, err.current, status, err.allowed));
    throw new UsageError(`--despatch-date ${err.despatchDate} is before the order date ${err.orderedDate}`);
  }
  const despatch = changed.despatchDate;
  const extra = [
    despatch && status === 'Shipped' ? `despatched ${despatch}` : '',
    tracking.length ? `tracking ${tracking.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `Order ${orderNumber} is now ${status}${extra ? ` (${extra})` : ''}`;
}

// ---- import-products ----

export const PRODUCT_CSV_COLUMNS = [
  'itemNumber',
  'description',
  'productType',
  'range',
  'unit',
  'packQuantity',
  'stock',
  'priceGBP',
  'priceEUR',
] as const;
type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

export interface ImportResult {
  imported: number;
  created: number;
  updated: number;
  /** Rows that matched the portal already (nothing written). */
  unchanged: number;
  errors: { line: number; message: string }[];
}

/** A problem with one CSV row: reported with its line number; the other rows still import. */
class RowError extends Error {}

/** A price with at most 5 decimals, as an e5 integer. */
function priceE5(column: string, value: string): number {
  const v = value.trim();
  if (!/^\d+(\.\d{1,5})?$/.test(v)) throw new RowError(`${column}: "${value}" is not a price with at most 5 decimals`);
  return amountToE5(v);
}

function wholeNumber(column: string, value: string, min: number): number {
  const v = value.trim().replace(/,/g, '');
  if (!/^\d+$/.test(v) || Number(v) < min || !Number.isSafeInteger(Number(v)))
    throw new RowError(`${column}: "${value}" is not a whole number${min > 0 ? ` of at least ${min}` : ''}`);
  return Number(v);
}

/**
 * Upsert products by item number from CSV text (first line: the column names, any order). Types
 * and ranges are created as needed. Good rows are imported even when others fail; errors carry the
 * CSV line number.
 */
export async function importProducts(db: Db, csv: string): Promise<ImportResult> {
  const records: { line: number; cells: string[] }[] = [];
  let consumed = 0;
  let line = 1;
  const countLines = (upTo: number) => {
    for (let i = consumed; i < upTo; i++) if (csv.charCodeAt(i) === 10) line++;
    consumed = upTo;
  };
  Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), {
    header: false,
    skipEmptyLines: false,
    step: (row) => {
      const startLine = line;
      countLines(row.meta.cursor);
      if (row.data.length === 1 && (row.data[0] ?? '').trim() === '') return;
      records.push({ line: startLine, cells: row.data });
    },
  });
  const header = records.shift();
  if (!header) throw new UsageError('the CSV file is empty');
  const index = new Map(header.cells.map((c, i) => [c.trim(), i]));
  const missing = PRODUCT_CSV_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0)
    throw new UsageError(`the CSV file lacks column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const cell = (cells: string[], c: Column) => (cells[index.get(c) ?? -1] ?? '').trim();

  // CSV cells become the integration API's items (the CSV's own formats, such as "1,250", are read
  // here); the upsert service then validates and writes them: one upsert path for both.
  const errors: { line: number; message: string }[] = [];
  const rows: { line: number; product: ProductUpsertItem; gbp: string; eur: string; stock: number }[] = [];
  for (const { line: lineNo, cells } of records) {
    try {
      priceE5('priceGBP', cell(cells, 'priceGBP'));
      priceE5('priceEUR', cell(cells, 'priceEUR'));
      rows.push({
        line: lineNo,
        product: {
          itemNumber: cell(cells, 'itemNumber'),
          description: cell(cells, 'description'),
          productType: cell(cells, 'productType'),
          range: cell(cells, 'range'),
          unit: cell(cells, 'unit'),
          packQuantity: wholeNumber('packQuantity', cell(cells, 'packQuantity'), 1),
        },
        stock: wholeNumber('stock', cell(cells, 'stock'), 0),
        gbp: cell(cells, 'priceGBP'),
        eur: cell(cells, 'priceEUR'),
      });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      errors.push({ line: lineNo, message: err.message });
    }
  }

  const result: ImportResult = { imported: 0, created: 0, updated: 0, unchanged: 0, errors };
  // One transaction: a database error is not a row's fault, so nothing of the file is kept then.
  await db.transaction().execute(async (trx) => {
    const { upserts } = composeStore(trx);
    const products = await upsertProducts(upserts, rows);
    const good = rows.filter((_, i) => products.results[i]?.status !== 'failed');
    const prices = await upserts.upsertPrices(
      good.flatMap((r) => [
        { itemNumber: r.product.itemNumber, currency: 'GBP', listPrice: r.gbp },
        { itemNumber: r.product.itemNumber, currency: 'EUR', listPrice: r.eur },
      ]),
    );
    const stock = await upserts.upsertStock(good.map((r) => ({ itemNumber: r.product.itemNumber, quantity: r.stock })));
    rows.forEach((r, i) => {
      const p = products.results[i];
      if (!p || p.status === 'failed') {
        const e = p?.errors?.[0];
        const field = e?.pointer.split('/')[3] ?? 'row';
        errors.push({ line: r.line, message: `${field}: ${e?.detail ?? 'not accepted'}` });
        return;
      }
      const k = good.indexOf(r);
      const others = [prices.results[2 * k], prices.results[2 * k + 1], stock.results[k]];
      result.imported++;
      if (p.status === 'created') result.created++;
      else if (p.status === 'updated' || others.some((o) => o?.status === 'created' || o?.status === 'updated'))
        result.updated++;
      else result.unchanged++;
    });
  });
  errors.sort((a, b) => a.line - b.line);
  return result;
}

const upsertProducts = (upserts: UpsertService, rows: { product: ProductUpsertItem }[]) =>
  upserts.upsertProducts(rows.map((r) => r.product));

export function describeImport(r: ImportResult): string {
  const unchanged = r.unchanged > 0 ? `, ${r.unchanged} unchanged` : '';
  const head = `Imported ${r.imported} product${r.imported === 1 ? '' : 's'} (${r.created} new, ${r.updated} updated${unchanged})`;
  if (r.errors.length === 0) return head;
  return [
    `${head}; ${r.errors.length} row${r.errors.length === 1 ? '' : 's'} with errors:`,
    ...r.errors.map((e) => `  line ${e.line}: ${e.message}`),
  ].join('\n');
}

// ---- api-client (the ERP integration API's clients and keys) ----

/** Runs an API client operation; the operator's mistakes become usage errors (exit 2). */
async function clientOp<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof ApiClientError) throw new UsageError(err.message);
    throw err;
  }
}

export async function apiClientCreate(db: Db, input: { name: string; scopes: string }): Promise<string> {
  const c = await clientOp(() => composeStore(db).apiKeys.createClient(input.name ?? '', input.scopes ?? ''));
  return [
    `Created API client ${c.name} with scopes ${c.scopes.join(', ')}`,
    `Key (shown only now; store it in the ERP's secrets): ${c.key}`,
  ].join('\n');
}

export async function apiClientRotate(db: Db, input: { name: string }): Promise<string> {
  const k = await clientOp(() => composeStore(db).apiKeys.rotateKey(input.name ?? ''));
  return [
    `New key for ${k.name} (shown only now): ${k.key}`,
    `The old key stays valid until you run: npm run admin -- api-client revoke --key-id <old key id>`,
  ].join('\n');
}

export async function apiClientRevoke(db: Db, input: { name?: string; keyId?: string }): Promise<string> {
  if (input.name && input.keyId) throw new UsageError('give either --name or --key-id, not both');
  return clientOp(() => composeStore(db).apiKeys.revoke(input));
}

export async function apiClientList(db: Db): Promise<string> {
  const clients = await composeStore(db).apiKeys.list();
  if (clients.length === 0) return 'No API clients';
  return clients
    .map((c) => {
      const state = c.revokedAt ? `revoked ${c.revokedAt}` : `keys ${c.keys.map((k) => k.keyId).join(', ') || 'none'}`;
      return `${c.name}  [${c.scopes.join(', ')}]  created ${c.createdAt}  ${state}`;
    })
    .join('\n');
}

// ---- webhook (every client's endpoints) ----

function endpointId(value: string | undefined): number {
  const v = (value ?? '').trim();
  if (!/^[1-9]\d{0,9}$/.test(v) || Number(v) > 2_147_483_647)
    throw new UsageError(`--id must be a webhook endpoint id (a positive whole number), not "${v}"`);
  return Number(v);
}

export async function webhookList(db: Db, input: { client?: string }): Promise<string> {
  const rows = await composeStore(db).webhookOperator.list(input.client?.trim());
  if (rows.length === 0)
    return input.client ? `No webhook endpoints of API client "${input.client}"` : 'No webhook endpoints';
  return rows
    .map((e) => {
      const state = e.enabled ? 'enabled' : `disabled (${e.disabledReason ?? 'no reason'})`;
      const failing = e.failingSince ? `  failing since ${e.failingSince}` : '';
      const client = `${e.client}${e.clientRevoked ? ' (revoked)' : ''}`;
      return `${e.id}  ${client}  ${e.url}  [${e.eventTypes.join(', ')}]  ${state}  ${e.pending} pending${failing}`;
    })
    .join('\n');
}

export async function webhookDisable(db: Db, input: { id?: string }): Promise<string> {
  const id = endpointId(input.id);
  if (!(await composeStore(db).webhookOperator.disable(id))) throw new UsageError(`no webhook endpoint ${id}`);
  return `Disabled webhook endpoint ${id}: nothing more is sent to it, queued deliveries included`;
}

export async function webhookDelete(db: Db, input: { id?: string }): Promise<string> {
  const id = endpointId(input.id);
  if (!(await composeStore(db).webhookOperator.delete(id))) throw new UsageError(`no webhook endpoint ${id}`);
  return `Deleted webhook endpoint ${id} and its deliveries`;
}
