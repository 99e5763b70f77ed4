import type { z } from 'zod';
import {
  INTEGRATION_MSG,
  accountUpsertItem,
  invoiceUpsertItem,
  priceUpsertItem,
  productUpsertItem,
  stockUpsertItem,
  userUpsertItem,
  type ProblemFieldError,
  type UpsertItemResult,
  type UpsertResponse,
  type UpsertStatus,
} from '@wholesale/contract';
import {
  isDatabaseRefusal,
  isDatabaseUnavailable,
  isUniqueViolation,
  withSavepoint,
  type Db,
} from '../../db/client.js';
import { amountToE5, amountToMinor } from '../../domain/money.js';
import { nowIso } from '../../lib/time.js';
import { catalogueUpsertRepository } from './catalogue-upsert.repository.js';
import { accountsUpsertRepository } from './accounts-upsert.repository.js';
import { PROBLEM_TYPES, ProblemError, pointerOf } from './problem.js';
import { recordUserUpdated } from '../events/outbox.js';
import { NO_PASSWORD, createPasswordLink } from '../auth/password-links.js';

export interface UpsertOptions {
  /** All or nothing: any failed item refuses the request (422) and nothing is written. */
  atomic?: boolean;
}

type Repo = ReturnType<typeof catalogueUpsertRepository> & ReturnType<typeof accountsUpsertRepository>;

/** How one kind of row is upserted; the runner does parsing, duplicates, versions, atomicity. */
interface UpsertSpec<T extends { sourceVersion?: number | undefined }, Loaded> {
  entity: string;
  schema: z.ZodType<T>;
  key(item: T): string;
  /** Reads what the plan needs for every valid item, in one go. */
  load(repo: Repo, items: T[]): Promise<Loaded>;
  /** Field errors that depend on the database (an unknown item), or none. */
  check(item: T, loaded: Loaded): ProblemFieldError[];
  /** True when applying the item would change nothing: it is then not written at all. */
  unchanged(item: T, loaded: Loaded): boolean;
  /** Writes the items to be created or updated; answers which were created. */
  write(repo: Repo, items: T[], loaded: Loaded): Promise<Set<T>>;
  /** More of a written item's result (a new user's set-password link), from what `write` kept. */
  extras?(item: T, loaded: Loaded): Partial<UpsertItemResult>;
}

const emptySummary = () => ({ created: 0, updated: 0, unchanged: 0, stale: 0, failed: 0 });

/**
 * One upsert of a batch. Each item is parsed on its own (a bad row is `failed` with JSON pointers,
 * the others go on); a key repeated within the request fails its later copies; an item whose
 * `sourceVersion` is older than the last applied one for its key is `stale`; an item that would
 * change nothing is `unchanged` and writes nothing. All reads and writes share one transaction (or
 * the caller's), so a reader sees the whole batch or none of it. The batch is written inside a
 * savepoint; if the database refuses a row (a duplicate key, a value out of range) that is undone
 * and the rows are written one by one, each in its own savepoint, so the refused row is `failed`
 * and the others are written (with atomic=true, the request is refused with 422 naming it).
 */
async function runUpsert<T extends { sourceVersion?: number | undefined }, Loaded>(
  db: Db,
  spec: UpsertSpec<T, Loaded>,
  rawItems: readonly unknown[],
  opts: UpsertOptions,
): Promise<UpsertResponse> {
  const results: UpsertItemResult[] = [];
  const valid: { index: number; item: T; key: string }[] = [];
  const firstIndex = new Map<string, number>();
  rawItems.forEach((raw, index) => {
    const parsed = spec.schema.safeParse(raw);
    if (!parsed.success) {
      const key = typeof raw === 'object' && raw ? keyGuess(raw as Record<string, unknown>) : '';
      results[index] = {
        index,
        key,
        status: 'failed',
        errors: parsed.error.issues.map((i) => ({
          pointer: pointerOf(['items', index, ...i.path]),
          detail: i.message,
        })),
      };
      return;
    }
    const key = spec.key(parsed.data);
    const first = firstIndex.get(key);
    if (first !== undefined) {
      results[index] = {
        index,
        key,
        status: 'failed',
        errors: [{ pointer: pointerOf(['items', index]), detail: INTEGRATION_MSG.duplicateKey(key, first) }],
      };
      return;
    }
    firstIndex.set(key, index);
    valid.push({ index, item: parsed.data, key });
  });

  /** With atomic=true, any failed item refuses the whole request (422) and its transaction. */
  const refuseIfAtomic = () => {
    const failed = results.filter((r) => r?.status === 'failed');
    if (opts.atomic && failed.length > 0)
      throw new ProblemError(422, INTEGRATION_MSG.atomicRefused(failed.length), {
        type: PROBLEM_TYPES.atomic,
        errors: failed.flatMap((r) => r.errors ?? []),
      });
  };

  const apply = async (trx: Db): Promise<void> => {
    const repo: Repo = { ...catalogueUpsertRepository(trx), ...accountsUpsertRepository(trx) };
    const versions = await repo.versions(
      spec.entity,
      valid.filter((v) => v.item.sourceVersion !== undefined).map((v) => v.key),
    );
    const fresh = valid.filter((v) => {
      const seen = versions.get(v.key);
      if (v.item.sourceVersion !== undefined && seen !== undefined && v.item.sourceVersion < seen) {
        results[v.index] = { index: v.index, key: v.key, status: 'stale' };
        return false;
      }
      return true;
    });
    let loaded = await spec.load(
      repo,
      fresh.map((v) => v.item),
    );
    const toWrite: typeof fresh = [];
    for (const v of fresh) {
      const errors = spec.check(v.item, loaded).map((e) => ({
        pointer: pointerOf(['items', v.index]) + e.pointer,
        detail: e.detail,
      }));
      if (errors.length > 0) results[v.index] = { index: v.index, key: v.key, status: 'failed', errors };
      else if (spec.unchanged(v.item, loaded)) results[v.index] = { index: v.index, key: v.key, status: 'unchanged' };
      else toWrite.push(v);
    }
    refuseIfAtomic();

    const write = async (rows: typeof toWrite) => {
      const created = await spec.write(
        repo,
        rows.map((v) => v.item),
        loaded,
      );
      for (const v of rows)
        results[v.index] = {
          index: v.index,
          key: v.key,
          status: created.has(v.item) ? 'created' : 'updated',
          ...spec.extras?.(v.item, loaded),
        };
    };
    if (toWrite.length > 0) {
      try {
        // The whole batch at once (the fast path), undone alone if the database refuses a row.
        await withSavepoint(trx, 'upsert_batch', () => write(toWrite));
      } catch (err) {
        if (isDatabaseUnavailable(err) || !isDatabaseRefusal(err)) throw err;
        // Then row by row, each in its own savepoint: a refused row fails, the others are written.
        // What `load` read may name rows the rollback undid (a new product type), so it is read again.
        let reload = true;
        for (const v of toWrite) {
          if (reload)
            loaded = await spec.load(
              repo,
              fresh.map((f) => f.item),
            );
          try {
            await withSavepoint(trx, 'upsert_row', () => write([v]));
            reload = false;
          } catch (rowErr) {
            if (isDatabaseUnavailable(rowErr) || !isDatabaseRefusal(rowErr)) throw rowErr;
            reload = true;
            results[v.index] = {
              index: v.index,
              key: v.key,
              status: 'failed',
              errors: [
                {
                  pointer: pointerOf(['items', v.index]),
                  detail: isUniqueViolation(rowErr) ? INTEGRATION_MSG.rowConflict : INTEGRATION_MSG.rowNotSaved,
                },
              ],
            };
          }
        }
        refuseIfAtomic();
      }
    }
    const stamped = fresh.filter((v) => v.item.sourceVersion !== undefined && results[v.index]?.status !== 'failed');
    if (stamped.length > 0)
      await repo.saveVersions(
        spec.entity,
        stamped.map((v) => ({ key: v.key, version: v.item.sourceVersion as number })),
      );
  };

  refuseIfAtomic();
  if (db.isTransaction) await apply(db);
  else await db.transaction().execute(apply);

  const summary = emptySummary();
  for (const r of results) summary[r.status as UpsertStatus]++;
  return { results, summary };
}

function keyGuess(raw: Record<string, unknown>): string {
  const k = raw.itemNumber ?? raw.customerNumber ?? raw.documentNumber ?? raw.username;
  const key = typeof k === 'string' ? k.slice(0, 40) : '';
  return typeof raw.currency === 'string' && key ? `${key}/${raw.currency.slice(0, 3)}` : key;
}

const unknownItem = (itemNumber: string): ProblemFieldError[] => [
  { pointer: '/itemNumber', detail: INTEGRATION_MSG.unknownItem(itemNumber) },
];

// ---- products ----

type ProductItem = z.output<typeof productUpsertItem>;
type Products = Awaited<ReturnType<Repo['productsByItemNumber']>>;
interface ProductsLoaded {
  products: Products;
  types: Map<string, number>;
  ranges: Map<string, number>;
  typeSort: number;
}

const rangeKey = (typeId: number, name: string) => `${typeId}|${name.toLowerCase()}`;

const productSpec: UpsertSpec<ProductItem, ProductsLoaded> = {
  entity: 'product',
  schema: productUpsertItem as unknown as z.ZodType<ProductItem>,
  key: (i) => i.itemNumber,
  async load(repo, items) {
    const types = await repo.productTypes();
    return {
      products: await repo.productsByItemNumber(items.map((i) => i.itemNumber)),
      types: new Map(types.map((t) => [t.name.toLowerCase(), t.id])),
      ranges: new Map((await repo.productRanges()).map((r) => [rangeKey(r.product_type_id, r.name), r.id])),
      typeSort: types.reduce((m, t) => Math.max(m, t.sort), 0),
    };
  },
  check: () => [],
  unchanged(i, { products, types, ranges }) {
    const p = products.get(i.itemNumber);
    if (!p) return false;
    const typeId = types.get(i.productType.toLowerCase());
    return (
      typeId === p.product_type_id &&
      ranges.get(rangeKey(typeId, i.range)) === p.range_id &&
      p.description === i.description &&
      p.unit === i.unit &&
      p.pack_quantity === i.packQuantity &&
      p.active === (i.sellable ? 1 : 0)
    );
  },
  async write(repo, items, loaded) {
    const created = new Set<ProductItem>();
    const inserts = [];
    for (const i of items) {
      let typeId = loaded.types.get(i.productType.toLowerCase());
      if (typeId === undefined) {
        loaded.typeSort += 1;
        typeId = await repo.insertProductType(i.productType, loaded.typeSort);
        loaded.types.set(i.productType.toLowerCase(), typeId);
      }
      let rangeId = loaded.ranges.get(rangeKey(typeId, i.range));
      if (rangeId === undefined) {
        rangeId = await repo.insertProductRange(typeId, i.range);
        loaded.ranges.set(rangeKey(typeId, i.range), rangeId);
      }
      const values = {
        description: i.description,
        product_type_id: typeId,
        range_id: rangeId,
        pack_quantity: i.packQuantity,
        unit: i.unit,
        active: i.sellable ? 1 : 0,
        search_text: `${i.itemNumber} ${i.description}`.toLowerCase(),
      };
      const existing = loaded.products.get(i.itemNumber);
      if (existing) await repo.updateProduct(existing.id, values);
      else {
        inserts.push({ item_number: i.itemNumber, stock: 0, ...values });
        created.add(i);
      }
    }
    await repo.insertProducts(inserts);
    return created;
  },
};

// ---- prices ----

type PriceItem = z.output<typeof priceUpsertItem>;
interface PricesLoaded {
  products: Products;
  prices: Map<string, number>;
  tiers: Map<string, string>;
}
const priceKey = (productId: number, currency: string) => `${productId}|${currency}`;
const tierText = (tiers: readonly { minimumQuantity: number; priceE5: number }[]) =>
  [...tiers]
    .sort((a, b) => a.minimumQuantity - b.minimumQuantity)
    .map((t) => `${t.minimumQuantity}@${t.priceE5}`)
    .join(',');

const priceSpec: UpsertSpec<PriceItem, PricesLoaded> = {
  entity: 'price',
  schema: priceUpsertItem as unknown as z.ZodType<PriceItem>,
  key: (i) => `${i.itemNumber}/${i.currency}`,
  async load(repo, items) {
    const products = await repo.productsByItemNumber([...new Set(items.map((i) => i.itemNumber))]);
    const { prices, tiers } = await repo.prices([...products.values()].map((p) => p.id));
    const tierLists = new Map<string, { minimumQuantity: number; priceE5: number }[]>();
    for (const t of tiers) {
      const k = priceKey(t.product_id, t.currency_code);
      tierLists.set(k, [
        ...(tierLists.get(k) ?? []),
        { minimumQuantity: t.minimum_quantity, priceE5: Number(t.price_e5) },
      ]);
    }
    return {
      products,
      prices: new Map(prices.map((p) => [priceKey(p.product_id, p.currency_code), Number(p.list_price_e5)])),
      tiers: new Map([...tierLists].map(([k, v]) => [k, tierText(v)])),
    };
  },
  check: (i, { products }) => (products.has(i.itemNumber) ? [] : unknownItem(i.itemNumber)),
  unchanged(i, { products, prices, tiers }) {
    const p = products.get(i.itemNumber);
    if (!p) return false;
    const k = priceKey(p.id, i.currency);
    if (prices.get(k) !== amountToE5(i.listPrice)) return false;
    if (i.multibuy === undefined) return true;
    return (
      (tiers.get(k) ?? '') ===
      tierText(i.multibuy.map((t) => ({ minimumQuantity: t.minimumQuantity, priceE5: amountToE5(t.price) })))
    );
  },
  async write(repo, items, { products, prices }) {
    const created = new Set<PriceItem>();
    for (const i of items) {
      const p = products.get(i.itemNumber);
      if (!p) continue;
      const current = prices.get(priceKey(p.id, i.currency));
      if (current === undefined) {
        created.add(i);
        await repo.upsertPrice(p.id, i.currency, amountToE5(i.listPrice));
      } else if (current !== amountToE5(i.listPrice)) await repo.updatePrice(p.id, i.currency, amountToE5(i.listPrice));
      if (i.multibuy !== undefined)
        await repo.replaceTiers(
          p.id,
          i.currency,
          i.multibuy.map((t) => ({
            product_id: p.id,
            currency_code: i.currency,
            minimum_quantity: t.minimumQuantity,
            price_e5: amountToE5(t.price),
          })),
        );
    }
    return created;
  },
};

// ---- stock ----

type StockItem = z.output<typeof stockUpsertItem>;
interface StockLoaded {
  products: Products;
  dueIn: Map<number, string>;
}
const dueText = (rows: readonly { date: string; quantity: number }[]) =>
  [...rows]
    .sort((a, b) => a.date.localeCompare(b.date) || a.quantity - b.quantity)
    .map((r) => `${r.date}:${r.quantity}`)
    .join(',');

const stockSpec: UpsertSpec<StockItem, StockLoaded> = {
  entity: 'stock',
  schema: stockUpsertItem as unknown as z.ZodType<StockItem>,
  key: (i) => i.itemNumber,
  async load(repo, items) {
    const products = await repo.productsByItemNumber(items.map((i) => i.itemNumber));
    const rows = await repo.dueIn([...products.values()].map((p) => p.id));
    const lists = new Map<number, { date: string; quantity: number }[]>();
    for (const r of rows)
      lists.set(r.product_id, [...(lists.get(r.product_id) ?? []), { date: r.due_date, quantity: r.quantity }]);
    return { products, dueIn: new Map([...lists].map(([k, v]) => [k, dueText(v)])) };
  },
  check: (i, { products }) => (products.has(i.itemNumber) ? [] : unknownItem(i.itemNumber)),
  unchanged(i, { products, dueIn }) {
    const p = products.get(i.itemNumber);
    if (!p || p.stock !== i.quantity) return false;
    return i.dueIn === undefined || (dueIn.get(p.id) ?? '') === dueText(i.dueIn);
  },
  async write(repo, items, { products }) {
    for (const i of items) {
      const p = products.get(i.itemNumber);
      if (!p) continue;
      if (p.stock !== i.quantity) await repo.setStock(p.id, i.quantity);
      if (i.dueIn !== undefined)
        await repo.replaceDueIn(
          p.id,
          i.dueIn.map((d) => ({ product_id: p.id, due_date: d.date, quantity: d.quantity })),
        );
    }
    return new Set();
  },
};

// ---- accounts ----

type AccountItem = z.output<typeof accountUpsertItem>;
type AccountRow = Awaited<ReturnType<Repo['accountsByNumber']>>[number];
interface AccountsLoaded {
  countries: Map<string, string>;
  types: Map<string, number>;
  accounts: Map<string, AccountRow>;
  discounts: Map<number, string>;
  addresses: Map<number, string>;
}
const discountText = (rows: readonly { product_type_id: number; discount_bp: number }[]) =>
  [...rows]
    .sort((a, b) => a.product_type_id - b.product_type_id)
    .map((r) => `${r.product_type_id}:${r.discount_bp}`)
    .join(',');
type AddressRow = {
  reference: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  county: string;
  country: string;
  postcode: string;
  phone_number: string;
};
const addressText = (rows: readonly AddressRow[]) =>
  JSON.stringify([...rows].sort((a, b) => a.reference.localeCompare(b.reference)).map((r) => Object.values(r)));

function accountColumns(i: AccountItem, loaded: AccountsLoaded, existing: AccountRow | undefined) {
  const a = i.invoiceAddress;
  return {
    name: i.name,
    contact: a.contact,
    currency_code: i.currency,
    country: loaded.countries.get(a.country.toLowerCase()) ?? a.country,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    county: a.county,
    postcode: a.postcode,
    email: a.email,
    phone_number: a.phone,
    credit_limit_minor: amountToMinor(i.creditLimit),
    balance_minor: amountToMinor(i.balance),
    on_stop: i.onStop ? 1 : 0,
    is_proforma: i.paymentTerms === 'proforma' ? 1 : 0,
    disabled: i.enabled ? 0 : 1,
    vat_rate_bp: amountToMinor(i.vatPercent),
    discount_bp: amountToMinor(i.discountPercent),
    carriage_minor: i.carriage ? amountToMinor(i.carriage.charge) : (existing?.carriage_minor ?? 0),
    carriage_free_over_minor: i.carriage
      ? amountToMinor(i.carriage.freeOver)
      : (existing?.carriage_free_over_minor ?? 0),
  };
}
const accountDiscounts = (i: AccountItem, loaded: AccountsLoaded) =>
  (i.productTypeDiscounts ?? []).map((d) => ({
    product_type_id: loaded.types.get(d.productType.toLowerCase()) ?? 0,
    discount_bp: amountToMinor(d.percent),
  }));
const accountAddresses = (i: AccountItem, loaded: AccountsLoaded): AddressRow[] =>
  (i.deliveryAddresses ?? []).map((d) => ({
    reference: d.reference,
    name: d.name,
    address1: d.address1,
    address2: d.address2,
    city: d.city,
    county: d.county,
    country: loaded.countries.get(d.country.toLowerCase()) ?? d.country,
    postcode: d.postcode,
    phone_number: d.phone,
  }));

const accountSpec: UpsertSpec<AccountItem, AccountsLoaded> = {
  entity: 'account',
  schema: accountUpsertItem as unknown as z.ZodType<AccountItem>,
  key: (i) => i.customerNumber,
  async load(repo, items) {
    const accounts = await repo.accountsByNumber(items.map((i) => i.customerNumber));
    const ids = accounts.map((a) => a.id);
    const discounts = new Map<number, { product_type_id: number; discount_bp: number }[]>();
    for (const d of await repo.discountsOf(ids))
      discounts.set(d.account_id, [...(discounts.get(d.account_id) ?? []), d]);
    const addresses = new Map<number, AddressRow[]>();
    for (const { account_id, ...d } of await repo.addressesOf(ids))
      addresses.set(account_id, [...(addresses.get(account_id) ?? []), d]);
    return {
      countries: new Map((await repo.countries()).map((c) => [c.toLowerCase(), c])),
      types: new Map((await repo.productTypes()).map((t) => [t.name.toLowerCase(), t.id])),
      accounts: new Map(accounts.map((a) => [a.customer_number, a])),
      discounts: new Map([...discounts].map(([k, v]) => [k, discountText(v)])),
      addresses: new Map([...addresses].map(([k, v]) => [k, addressText(v)])),
    };
  },
  check(i, { countries, types }) {
    const errors: ProblemFieldError[] = [];
    if (!countries.has(i.invoiceAddress.country.toLowerCase()))
      errors.push({
        pointer: '/invoiceAddress/country',
        detail: INTEGRATION_MSG.unknownCountry(i.invoiceAddress.country),
      });
    (i.deliveryAddresses ?? []).forEach((d, n) => {
      if (!countries.has(d.country.toLowerCase()))
        errors.push({ pointer: `/deliveryAddresses/${n}/country`, detail: INTEGRATION_MSG.unknownCountry(d.country) });
    });
    (i.productTypeDiscounts ?? []).forEach((d, n) => {
      if (!types.has(d.productType.toLowerCase()))
        errors.push({
          pointer: `/productTypeDiscounts/${n}/productType`,
          detail: INTEGRATION_MSG.unknownProductType(d.productType),
        });
    });
    return errors;
  },
  unchanged(i, loaded) {
    const existing = loaded.accounts.get(i.customerNumber);
    if (!existing) return false;
    const want = accountColumns(i, loaded, existing);
    if (Object.entries(want).some(([k, v]) => existing[k as keyof AccountRow] !== v)) return false;
    if (
      i.productTypeDiscounts &&
      (loaded.discounts.get(existing.id) ?? '') !== discountText(accountDiscounts(i, loaded))
    )
      return false;
    if (
      i.deliveryAddresses &&
      (loaded.addresses.get(existing.id) ?? addressText([])) !== addressText(accountAddresses(i, loaded))
    )
      return false;
    return true;
  },
  async write(repo, items, loaded) {
    const created = new Set<AccountItem>();
    for (const i of items) {
      const existing = loaded.accounts.get(i.customerNumber);
      const values = accountColumns(i, loaded, existing);
      let id: number;
      if (existing) {
        id = existing.id;
        await repo.updateAccount(id, values);
      } else {
        id = await repo.insertAccount({
          customer_number: i.customerNumber,
          fax_number: '',
          created_at: nowIso(),
          ...values,
        });
        created.add(i);
      }
      if (i.productTypeDiscounts) await repo.replaceDiscounts(id, accountDiscounts(i, loaded));
      if (i.deliveryAddresses) await repo.replaceAddresses(id, accountAddresses(i, loaded));
    }
    return created;
  },
};

// ---- invoices ----

type InvoiceItem = z.output<typeof invoiceUpsertItem>;
type InvoiceRow = Awaited<ReturnType<Repo['invoicesByNumber']>>[number];
interface InvoicesLoaded {
  accounts: Map<string, AccountRow>;
  invoices: Map<string, InvoiceRow>;
  lines: Map<number, string>;
}
const invoiceLineRows = (i: InvoiceItem) =>
  (i.lines ?? []).map((l, n) => ({
    line_no: n + 1,
    type: l.type,
    item_no: l.itemNumber,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    unit_price_e5: amountToE5(l.unitPrice),
    line_discount_bp: amountToMinor(l.lineDiscountPercent),
    total_minor: amountToMinor(l.total),
  }));
const linesText = (rows: readonly Record<string, unknown>[]) =>
  JSON.stringify(rows.map((r) => Object.values(r).map(String)));
const invoiceColumns = (i: InvoiceItem, accountId: number) => ({
  account_id: accountId,
  document_type: i.documentType,
  posting_date: i.postingDate,
  due_date: i.dueDate,
  reference: i.reference,
  description: i.description,
  order_number: i.orderNumber,
  currency_code: i.currency,
  amount_minor: amountToMinor(i.amount),
  vat_minor: amountToMinor(i.vat),
  original_minor: amountToMinor(i.total),
  remaining_minor: amountToMinor(i.remaining),
});

const invoiceSpec: UpsertSpec<InvoiceItem, InvoicesLoaded> = {
  entity: 'invoice',
  schema: invoiceUpsertItem as unknown as z.ZodType<InvoiceItem>,
  key: (i) => i.documentNumber,
  async load(repo, items) {
    const accounts = await repo.accountsByNumber([...new Set(items.map((i) => i.customerNumber))]);
    const invoices = await repo.invoicesByNumber(items.map((i) => i.documentNumber));
    const lines = new Map<number, Record<string, unknown>[]>();
    for (const { invoice_id, ...l } of await repo.invoiceLinesOf(invoices.map((v) => v.id)))
      lines.set(invoice_id, [
        ...(lines.get(invoice_id) ?? []),
        { ...l, unit_price_e5: Number(l.unit_price_e5), total_minor: Number(l.total_minor) },
      ]);
    return {
      accounts: new Map(accounts.map((a) => [a.customer_number, a])),
      invoices: new Map(invoices.map((v) => [v.document_number, v])),
      lines: new Map([...lines].map(([k, v]) => [k, linesText(v)])),
    };
  },
  check(i, { accounts, invoices }) {
    const account = accounts.get(i.customerNumber);
    if (!account) return [{ pointer: '/customerNumber', detail: INTEGRATION_MSG.unknownAccount(i.customerNumber) }];
    const existing = invoices.get(i.documentNumber);
    if (existing && existing.account_id !== account.id)
      return [{ pointer: '/customerNumber', detail: INTEGRATION_MSG.otherAccount }];
    if (account.currency_code !== i.currency)
      return [{ pointer: '/currency', detail: INTEGRATION_MSG.wrongCurrency(account.currency_code) }];
    return [];
  },
  unchanged(i, loaded) {
    const existing = loaded.invoices.get(i.documentNumber);
    const account = loaded.accounts.get(i.customerNumber);
    if (!existing || !account) return false;
    const want = invoiceColumns(i, account.id);
    if (Object.entries(want).some(([k, v]) => Number.isNaN(v) || String(existing[k as keyof InvoiceRow]) !== String(v)))
      return false;
    return i.lines === undefined || (loaded.lines.get(existing.id) ?? '[]') === linesText(invoiceLineRows(i));
  },
  async write(repo, items, loaded) {
    const created = new Set<InvoiceItem>();
    const touched = new Set<number>();
    for (const i of items) {
      const account = loaded.accounts.get(i.customerNumber);
      if (!account) continue;
      const existing = loaded.invoices.get(i.documentNumber);
      let id: number;
      if (existing) {
        id = existing.id;
        await repo.updateInvoice(id, invoiceColumns(i, account.id));
      } else {
        id = await repo.insertInvoice({ document_number: i.documentNumber, ...invoiceColumns(i, account.id) });
        created.add(i);
      }
      if (i.lines !== undefined) await repo.replaceInvoiceLines(id, invoiceLineRows(i));
      touched.add(account.id);
    }
    await repo.recomputeBalances([...touched]);
    return created;
  },
};

// ---- users of an account ----

type UserItem = z.output<typeof userUpsertItem>;
type UserRow = Awaited<ReturnType<Repo['usersByUsername']>>[number];
interface UsersLoaded {
  users: Map<string, UserRow>;
  links: Map<UserItem, { url: string; expiresAt: string }>;
}

export interface UsersUpsertOptions extends UpsertOptions {
  /** Origin of the set-password links (PUBLIC_URL, else the request's). */
  baseUrl: string;
  /** Called after the commit with the users whose sessions ended. */
  sessionsEnded?: (userIds: number[]) => void;
}

const userColumns = (i: UserItem) => ({
  name: i.name,
  email: i.email,
  job_title: i.jobTitle,
  disabled: i.enabled ? 0 : 1,
});

/** `ended` collects the users whose sessions the request ended (disabled), forgotten in this process after commit. */
function userSpec(
  account: { id: number; customer_number: string },
  baseUrl: string,
  ended: Set<number>,
): UpsertSpec<UserItem, UsersLoaded> {
  const event = (i: UserItem) => ({
    customerNumber: account.customer_number,
    username: i.username,
    name: i.name,
    email: i.email,
    jobTitle: i.jobTitle,
    enabled: i.enabled,
  });
  return {
    entity: 'user',
    schema: userUpsertItem as unknown as z.ZodType<UserItem>,
    key: (i) => i.username,
    async load(repo, items) {
      const users = await repo.usersByUsername(items.map((i) => i.username));
      return { users: new Map(users.map((u) => [u.username, u])), links: new Map() };
    },
    check(i, { users }) {
      const existing = users.get(i.username);
      if (existing && existing.account_id !== account.id)
        return [{ pointer: '/username', detail: INTEGRATION_MSG.usernameOfOtherAccount }];
      if (i.newSetPasswordLink && !i.enabled)
        return [{ pointer: '/newSetPasswordLink', detail: INTEGRATION_MSG.linkForDisabledUser }];
      return [];
    },
    unchanged(i, { users }) {
      const existing = users.get(i.username);
      if (!existing || i.newSetPasswordLink) return false;
      return Object.entries(userColumns(i)).every(([k, v]) => existing[k as keyof UserRow] === v);
    },
    async write(repo, items, loaded) {
      const created = new Set<UserItem>();
      const now = nowIso();
      const changed: { item: UserItem; change: 'created' | 'updated' }[] = [];
      for (const i of items) {
        const existing = loaded.users.get(i.username);
        let id: number;
        if (existing) {
          id = existing.id;
          await repo.updateUser(id, userColumns(i));
          if (!i.enabled) {
            await repo.endUserSessions(id, now);
            ended.add(id);
          }
        } else {
          id = await repo.insertUser({
            account_id: account.id,
            username: i.username,
            password_hash: NO_PASSWORD,
            created_at: now,
            password_changed_at: now,
            ...userColumns(i),
          });
          created.add(i);
        }
        if (i.enabled && (!existing || i.newSetPasswordLink))
          loaded.links.set(i, await createPasswordLink(repo.db, id, baseUrl));
        // Not every row is a change of details (a new link only): those send no event.
        const before = existing && Object.entries(userColumns(i)).every(([k, v]) => existing[k as keyof UserRow] === v);
        if (!before) changed.push({ item: i, change: existing ? 'updated' : 'created' });
      }
      // Events last in the transaction (outbox.ts).
      for (const c of changed) await recordUserUpdated(repo.db, account.id, event(c.item), c.change, 'integration-api');
      return created;
    },
    extras: (i, { links }) => {
      const link = links.get(i);
      return link ? { setPasswordLink: link } : {};
    },
  };
}

/**
 * The one upsert path for the catalogue: the integration API's PUTs and the admin CLI's CSV import
 * both call these. `db` may be a transaction (the CLI imports a file in one).
 */
export function upsertService(db: Db) {
  return {
    upsertProducts: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, productSpec, items, opts),
    upsertPrices: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, priceSpec, items, opts),
    upsertStock: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, stockSpec, items, opts),
    upsertAccounts: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, accountSpec, items, opts),
    upsertInvoices: (items: readonly unknown[], opts: UpsertOptions = {}) => runUpsert(db, invoiceSpec, items, opts),
    /** PUT /accounts/{customerNumber}/users: 404 for an unknown account. */
    async upsertUsers(customerNumber: string, items: readonly unknown[], opts: UsersUpsertOptions) {
      const account = await accountsUpsertRepository(db).accountByNumber(customerNumber);
      if (!account) throw new ProblemError(404, INTEGRATION_MSG.unknownAccount(customerNumber));
      // A row undone after it ended sessions leaves an id here: forgetting an active session only
      // makes the next request read it again.
      const ended = new Set<number>();
      const response = await runUpsert(db, userSpec(account, opts.baseUrl, ended), items, opts);
      if (ended.size > 0) opts.sessionsEnded?.([...ended]);
      return response;
    },
  };
}
export type UpsertService = ReturnType<typeof upsertService>;
