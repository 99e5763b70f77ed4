/**
 * Each bulk upsert's body limit, sized from its largest valid batch: UPSERT_MAX_ITEMS items with
 * every field at its longest (text of 3-byte characters, the most a UTF-8 character of the Basic
 * Multilingual Plane takes; every list full) and, where items nest rows, UPSERT_MAX_NESTED_ROWS of
 * them at their longest, indented as a pretty-printer would, plus a tenth. A valid batch is thus
 * never answered 413. (An ERP that escapes every character as \uXXXX sends 6 bytes a character and
 * could exceed it: such text is sent as UTF-8 by every JSON library we know.)
 * integration-hardening.api.test.ts checks that each sample item is valid.
 */
import { UPSERT_MAX_ITEMS, UPSERT_MAX_NESTED_ROWS } from '@wholesale/contract';

const W = '€'; // 3 bytes in UTF-8
const text = (n: number) => W.repeat(n);
const ascii = (n: number) => 'A'.repeat(n);
const price = '000000001.00000';
const money = '-9999999999.99';
const version = Number.MAX_SAFE_INTEGER;
const email = `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(3)}com`;

/** The longest valid item of each upsert, without its nested rows. */
export const LARGEST_ITEMS = {
  products: {
    itemNumber: text(40),
    description: text(200),
    productType: text(100),
    range: text(100),
    unit: ascii(10),
    packQuantity: 1_000_000,
    sellable: false,
    sourceVersion: version,
  },
  prices: {
    itemNumber: text(40),
    currency: 'GBP',
    listPrice: price,
    multibuy: Array.from({ length: 20 }, (_, i) => ({ minimumQuantity: 999_980 + i, price })),
    sourceVersion: version,
  },
  stock: {
    itemNumber: text(40),
    quantity: 2_000_000_000,
    dueIn: Array.from({ length: 50 }, () => ({ date: '2026-12-31', quantity: 2_000_000_000 })),
    sourceVersion: version,
  },
  users: {
    username: ascii(50),
    name: text(50),
    email,
    jobTitle: text(50),
    enabled: false,
    newSetPasswordLink: false,
    sourceVersion: version,
  },
  accounts: {
    customerNumber: ascii(20),
    name: text(50),
    currency: 'GBP',
    paymentTerms: 'proforma',
    creditLimit: '9999999999.99',
    onStop: false,
    enabled: false,
    balance: money,
    vatPercent: '100.00',
    discountPercent: '100.00',
    carriage: { charge: '999999.99', freeOver: '9999999999.99' },
    invoiceAddress: {
      contact: text(50),
      address1: text(50),
      address2: text(50),
      city: text(30),
      county: text(30),
      postcode: text(20),
      country: text(60),
      email,
      phone: text(30),
    },
    sourceVersion: version,
  },
  invoices: {
    documentNumber: text(20),
    customerNumber: text(20),
    documentType: 'Credit Memo',
    postingDate: '2026-12-31',
    dueDate: '2026-12-31',
    reference: text(50),
    description: text(100),
    orderNumber: text(40),
    currency: 'GBP',
    amount: money,
    vat: money,
    total: money,
    remaining: money,
    sourceVersion: version,
  },
} as const;

/** The longest nested row of each upsert that nests rows. */
export const LARGEST_NESTED_ROWS = {
  accounts: {
    reference: text(20),
    name: text(50),
    address1: text(50),
    address2: text(50),
    city: text(30),
    county: text(30),
    country: text(60),
    postcode: text(20),
    phone: text(30),
  },
  invoices: {
    type: text(20),
    itemNumber: text(40),
    description: text(200),
    quantity: -1_000_000,
    unit: text(10),
    unitPrice: price,
    lineDiscountPercent: '100.00',
    total: money,
  },
} as const;

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v, null, 2));

function limitFor(kind: keyof typeof LARGEST_ITEMS): number {
  const items = bytes({ items: Array.from({ length: UPSERT_MAX_ITEMS }, () => LARGEST_ITEMS[kind]) });
  const nested = kind in LARGEST_NESTED_ROWS ? bytes(LARGEST_NESTED_ROWS[kind as 'accounts']) + 200 : 0;
  return Math.ceil((items + UPSERT_MAX_NESTED_ROWS * nested) * 1.1);
}

/** Body limits (bytes) of the bulk upserts, one per route (README: ERP integration). */
export const UPSERT_BODY_LIMITS = {
  products: limitFor('products'),
  prices: limitFor('prices'),
  stock: limitFor('stock'),
  users: limitFor('users'),
  accounts: limitFor('accounts'),
  invoices: limitFor('invoices'),
} as const;
