/** How accounts, invoices and an account's users are upserted (each a spec the runner in upsert-runner.ts applies). */
import type { SecretBox } from '../../lib/secret-box.js';
import { recordPasswordLinkMail } from '../mail/mail-outbox.js';
import type { z } from 'zod';
import type { AddressColumns } from '../../domain/address.js';
import {
  INTEGRATION_MSG,
  accountUpsertItem,
  invoiceUpsertItem,
  userUpsertItem,
  type ProblemFieldError,
} from '@wholesale/contract';
import { amountToE5, amountToMinor, minorToText } from '../../domain/money.js';
import { nowIso } from '../../lib/time.js';
import { recordUserUpdated } from '../events/outbox.js';
import { NO_PASSWORD, createPasswordLink } from '../auth/password-links.js';

import { type Repo, type UpsertOptions, type UpsertSpec } from './upsert-runner.js';

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
/** A saved delivery address as delivery_addresses stores it (domain/address.ts), with its reference. */
type AddressRow = AddressColumns & { reference: string };
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
    // The ERP owns what it pushes: the staff back office says so beside these two values.
    credit_limit_source: 'erp' as const,
    on_stop_source: 'erp' as const,
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

/** When the ERP's credit limit and on-stop were set: now when this push changes them (or takes them over from the portal). */
function valuesChangedAt(existing: AccountRow | undefined, i: AccountItem, now: string) {
  const sameCredit =
    existing?.credit_limit_source === 'erp' && existing.credit_limit_minor === amountToMinor(i.creditLimit);
  const sameStop = existing?.on_stop_source === 'erp' && existing.on_stop === (i.onStop ? 1 : 0);
  return {
    credit_limit_changed_at: sameCredit ? existing.credit_limit_changed_at : now,
    on_stop_changed_at: sameStop ? existing.on_stop_changed_at : now,
  };
}

export const accountSpec: UpsertSpec<AccountItem, AccountsLoaded> = {
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
    // Discounts and addresses are replaced for the whole batch at once (a few statements, not a few per account).
    const discounts: { accountId: number; rows: ReturnType<typeof accountDiscounts> }[] = [];
    const addresses: { accountId: number; rows: AddressRow[] }[] = [];
    for (const i of items) {
      const existing = loaded.accounts.get(i.customerNumber);
      const now = nowIso();
      const values = { ...accountColumns(i, loaded, existing), ...valuesChangedAt(existing, i, now) };
      let id: number;
      if (existing) {
        id = existing.id;
        // An item that changes only discounts or addresses leaves the account's row (and its change feed) alone.
        if (Object.entries(values).some(([k, v]) => existing[k as keyof AccountRow] !== v))
          await repo.updateAccount(id, values);
      } else {
        id = await repo.insertAccount({
          customer_number: i.customerNumber,
          fax_number: '',
          created_at: now,
          ...values,
        });
        created.add(i);
      }
      if (i.productTypeDiscounts) discounts.push({ accountId: id, rows: accountDiscounts(i, loaded) });
      if (i.deliveryAddresses) addresses.push({ accountId: id, rows: accountAddresses(i, loaded) });
    }
    await repo.replaceDiscounts(discounts);
    await repo.replaceAddresses(addresses);
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
  /** What each stored document's lines add up to (minor units), for an item that leaves its lines. */
  linesTotal: Map<number, number>;
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
/**
 * Where a document's figures disagree, as the portal computes them (domain/pricing.ts: totals):
 * amount (excl. VAT) is what the lines add up to, carriage a line like any other; total (incl. VAT)
 * is amount plus VAT; all to the penny. An invoice's figures are 0 or more, a credit memo's 0 or
 * less, and remaining lies between 0 and the total. Lines are checked when there are any: the
 * item's, or (lines absent) the stored ones. VAT is not checked against the account's rate: the
 * document keeps no rate of its own and the ERP's VAT is the one on the tax document (an account's
 * rate may change after its history was posted).
 */
function documentErrors(i: InvoiceItem, savedLinesTotal: number | undefined): ProblemFieldError[] {
  const m = { amount: amountToMinor(i.amount), vat: amountToMinor(i.vat), total: amountToMinor(i.total) };
  const remaining = amountToMinor(i.remaining);
  const errors: ProblemFieldError[] = [];
  const credit = i.documentType === 'Credit Memo';
  for (const [field, v] of [...Object.entries(m), ['remaining', remaining] as const]) {
    if (!credit && v < 0)
      errors.push({ pointer: `/${field}`, detail: INTEGRATION_MSG.document.negativeOnInvoice(minorToText(v)) });
    if (credit && v > 0)
      errors.push({ pointer: `/${field}`, detail: INTEGRATION_MSG.document.positiveOnCreditMemo(minorToText(v)) });
  }
  const given = i.lines && i.lines.length > 0 ? i.lines.reduce((sum, l) => sum + amountToMinor(l.total), 0) : undefined;
  const linesTotal = i.lines ? given : savedLinesTotal;
  if (linesTotal !== undefined && linesTotal !== m.amount)
    errors.push({
      pointer: '/amount',
      detail: (i.lines ? INTEGRATION_MSG.document.linesSum : INTEGRATION_MSG.document.savedLinesSum)(
        minorToText(linesTotal),
        minorToText(m.amount),
      ),
    });
  if (m.amount + m.vat !== m.total)
    errors.push({
      pointer: '/total',
      detail: INTEGRATION_MSG.document.totalNotAmountPlusVat(
        minorToText(m.amount),
        minorToText(m.vat),
        minorToText(m.amount + m.vat),
        minorToText(m.total),
      ),
    });
  if (credit ? remaining < m.total : remaining > m.total)
    errors.push({
      pointer: '/remaining',
      detail: INTEGRATION_MSG.document.remainingAboveTotal(minorToText(remaining), minorToText(m.total)),
    });
  return errors;
}

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

export const invoiceSpec: UpsertSpec<InvoiceItem, InvoicesLoaded> = {
  entity: 'invoice',
  schema: invoiceUpsertItem as unknown as z.ZodType<InvoiceItem>,
  key: (i) => i.documentNumber,
  async load(repo, items) {
    const accounts = await repo.accountsByNumber([...new Set(items.map((i) => i.customerNumber))]);
    const invoices = await repo.invoicesByNumber(items.map((i) => i.documentNumber));
    const lines = new Map<number, Record<string, unknown>[]>();
    const linesTotal = new Map<number, number>();
    for (const { invoice_id, ...l } of await repo.invoiceLinesOf(invoices.map((v) => v.id))) {
      lines.set(invoice_id, [
        ...(lines.get(invoice_id) ?? []),
        { ...l, unit_price_e5: Number(l.unit_price_e5), total_minor: Number(l.total_minor) },
      ]);
      linesTotal.set(invoice_id, (linesTotal.get(invoice_id) ?? 0) + Number(l.total_minor));
    }
    return {
      accounts: new Map(accounts.map((a) => [a.customer_number, a])),
      invoices: new Map(invoices.map((v) => [v.document_number, v])),
      lines: new Map([...lines].map(([k, v]) => [k, linesText(v)])),
      linesTotal,
    };
  },
  check(i, { accounts, invoices, linesTotal }) {
    const account = accounts.get(i.customerNumber);
    if (!account) return [{ pointer: '/customerNumber', detail: INTEGRATION_MSG.unknownAccount(i.customerNumber) }];
    const existing = invoices.get(i.documentNumber);
    if (existing && existing.account_id !== account.id)
      return [{ pointer: '/customerNumber', detail: INTEGRATION_MSG.otherAccount }];
    if (account.currency_code !== i.currency)
      return [{ pointer: '/currency', detail: INTEGRATION_MSG.wrongCurrency(account.currency_code) }];
    return documentErrors(i, existing && linesTotal.get(existing.id));
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
  links: Map<UserItem, { url: string; expiresAt: string; invitationEmail?: 'sent' | 'not-sendable' }>;
}

export interface UsersUpsertOptions extends UpsertOptions {
  /** Origin of the set-password links (config.ts: linkOrigin; never the request's Host). */
  baseUrl: string;
  /** Called after the commit with the users whose sessions ended. */
  sessionsEnded?: (userIds: number[]) => void;
  /** Seals the links of the invitation emails sent to users given a set-password link. */
  invitations?: SecretBox;
}

const userColumns = (i: UserItem) => ({
  name: i.name,
  email: i.email,
  job_title: i.jobTitle,
  disabled: i.enabled ? 0 : 1,
});

/** `ended` collects the users whose sessions the request ended (disabled), forgotten in this process after commit. */
export function userSpec(
  account: { id: number; customer_number: string },
  baseUrl: string,
  ended: Set<number>,
  invitations?: SecretBox,
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
    key: (i) => i.username.toLowerCase(),
    async load(repo, items) {
      const users = await repo.usersByUsername(items.map((i) => i.username));
      // Keyed by the lower-case name: an item's username finds its user in either case.
      return { users: new Map(users.map((u) => [u.username.toLowerCase(), u])), links: new Map() };
    },
    check(i, { users }) {
      const existing = users.get(i.username.toLowerCase());
      if (existing && existing.account_id !== account.id)
        return [{ pointer: '/username', detail: INTEGRATION_MSG.usernameOfOtherAccount }];
      if (i.newSetPasswordLink && !i.enabled)
        return [{ pointer: '/newSetPasswordLink', detail: INTEGRATION_MSG.linkForDisabledUser }];
      return [];
    },
    unchanged(i, { users }) {
      const existing = users.get(i.username.toLowerCase());
      if (!existing || i.newSetPasswordLink) return false;
      return Object.entries(userColumns(i)).every(([k, v]) => existing[k as keyof UserRow] === v);
    },
    async write(repo, items, loaded) {
      const created = new Set<UserItem>();
      const now = nowIso();
      const changed: { item: UserItem; change: 'created' | 'updated' }[] = [];
      for (const i of items) {
        const existing = loaded.users.get(i.username.toLowerCase());
        let id: number;
        if (existing) {
          id = existing.id;
          await repo.updateUser(id, userColumns(i));
          if (!i.enabled) {
            // Its sessions end: refresh tokens revoked, unused login and set-password links used up.
            await repo.endUserSessions(id, now);
            await repo.endUserLinks(id, now);
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
        if (i.enabled && (!existing || i.newSetPasswordLink)) {
          const link = await createPasswordLink(repo.db, id, baseUrl);
          // The invitation email carries the same link (mail outbox, this transaction).
          const sent = invitations
            ? await recordPasswordLinkMail(repo.db, invitations, 'password.invitation', id, link)
            : undefined;
          loaded.links.set(i, sent ? { ...link, invitationEmail: sent === 'queued' ? 'sent' : 'not-sendable' } : link);
        }
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
      if (!link) return {};
      const { invitationEmail, ...setPasswordLink } = link;
      return invitationEmail ? { setPasswordLink, invitationEmail } : { setPasswordLink };
    },
  };
}
