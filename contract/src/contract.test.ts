import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.js';
import {
  basketHeader,
  basketHeaderRequest,
  changePasswordRequest,
  deliveryInformationForm,
  formatMoney,
  formatUnitPrice,
  loginRequest,
  MSG,
  NEW_ADDRESS_REFERENCE,
  orderListLocation,
  parseStock,
  payInvoicesForm,
  quantity,
  searchExportQuery,
  shortDateSortKey,
  submitBasketRequest,
  toShortDate,
  productCsvColumns,
} from './index.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('contract validation', () => {
  it('requires both login fields', () => {
    expect(loginRequest.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
    expect(firstMessage(loginRequest.safeParse({ username: ' ', password: '' }))).toEqual([
      'username: Required',
      'password: Required',
    ]);
  });

  it('accepts quantities of 1 to 6 digits only', () => {
    expect(quantity.parse(42)).toBe(42);
    // JSON numbers only: strings, booleans and arrays are refused, not coerced.
    for (const v of ['42', '0x10', '1e2', true, [3]]) expect(quantity.safeParse(v).success).toBe(false);
    expect(quantity.safeParse(0).success).toBe(false);
    expect(quantity.safeParse(1_000_000).success).toBe(false);
    expect(quantity.safeParse(1.5).success).toBe(false);
    expect(quantity.safeParse('abc').success).toBe(false);
  });

  it('checks only the purchase order for a saved address', () => {
    const base = {
      addressReference: 'INVOICE',
      purchaseOrder: '',
      name: '',
      address1: '',
      address2: '',
      city: '',
      county: '',
      country: '',
      contact: '',
      postcode: '',
      phoneNumber: '',
    };
    expect(firstMessage(deliveryInformationForm.safeParse(base))).toEqual(['purchaseOrder: Required']);
    expect(firstMessage(deliveryInformationForm.safeParse({ ...base, purchaseOrder: 'x'.repeat(21) }))).toEqual([
      `purchaseOrder: ${MSG.maxCharacters(20)}`,
    ]);
    expect(deliveryInformationForm.safeParse({ ...base, purchaseOrder: 'PO-1' }).success).toBe(true);
  });

  it('checks every field of a new delivery address with the spec messages', () => {
    const form = {
      addressReference: NEW_ADDRESS_REFERENCE,
      purchaseOrder: 'PO-1',
      name: 'n'.repeat(51),
      address1: '',
      address2: 'a'.repeat(51),
      city: 'c'.repeat(31),
      county: '',
      country: 'N/A',
      contact: '',
      postcode: '',
      phoneNumber: '01-23',
    };
    expect(firstMessage(deliveryInformationForm.safeParse(form))).toEqual([
      'name: Max 50 Characters',
      'address1: Required',
      'address2: Max 50 Characters',
      'city: Max 30 Characters',
      'county: Required',
      'postcode: Required',
      'phoneNumber: Must be number',
      'country: Required',
    ]);
    const ok = {
      ...form,
      name: 'Site',
      address1: '1 Road',
      address2: '',
      city: 'Leeds',
      county: 'West Yorkshire',
      country: 'United Kingdom (Mainland)',
      postcode: 'LS1 1AA',
      phoneNumber: '+441130000000',
    };
    expect(deliveryInformationForm.safeParse(ok).success).toBe(true);
    // Spaces and a leading + are accepted (spec deviation: the spec says digits only).
    for (const phoneNumber of ['01234 567890', '+353 1 555 0192', ' +44 113 000 0000 '])
      expect(deliveryInformationForm.safeParse({ ...ok, phoneNumber }).success).toBe(true);
    expect(firstMessage(deliveryInformationForm.safeParse({ ...ok, phoneNumber: '+353 1 555-0192' }))).toEqual([
      'phoneNumber: Must be number',
    ]);
    expect(firstMessage(deliveryInformationForm.safeParse({ ...ok, phoneNumber: '   ' }))).toEqual([
      'phoneNumber: Required',
    ]);
  });

  it("titles the product export's columns as the screen does, the prices naming the currency", () => {
    expect(productCsvColumns(true, 'EUR').map((c) => c.title)).toEqual([
      'Item',
      'Description',
      'Stock',
      'Qty Due',
      'Pack Qty',
      'Due Date',
      'Unit',
      'List Price (EUR)',
      'Discount Price (EUR)',
      'Favourite',
    ]);
    expect(productCsvColumns(false, 'GBP').at(-1)).toEqual({ field: 'hasMultiBuyDiscount', title: 'Multi Buy' });
  });

  it('stores a phone number as its digits with an optional leading +', () => {
    const r = basketHeaderRequest.parse({
      externalDocNo: 'PO',
      deliveryCode: NEW_ADDRESS_REFERENCE,
      name: 'Site',
      address: '1 Road',
      city: 'Dublin',
      county: 'Dublin',
      country: 'Ireland',
      postCode: 'D01 1AA',
      phoneNo: '+353 1 555 0192',
    });
    expect(r.phoneNo).toBe('+35315550192');
  });

  it('gives the submission messages for a missing or long purchase order', () => {
    expect(firstMessage(basketHeaderRequest.safeParse({ externalDocNo: '' }))).toEqual([
      `externalDocNo: ${MSG.missingDeliveryInformation}`,
    ]);
    expect(firstMessage(basketHeaderRequest.safeParse({ externalDocNo: 'x'.repeat(21) }))).toEqual([
      `externalDocNo: ${MSG.purchaseOrderTooLong}`,
    ]);
    expect(
      firstMessage(
        basketHeaderRequest.safeParse({ externalDocNo: 'PO', deliveryCode: NEW_ADDRESS_REFERENCE, phoneNo: 'abc' }),
      ),
    ).toContain('phoneNo: Must be number');
  });

  it('requires matching new passwords', () => {
    const r = changePasswordRequest.safeParse({
      oldPassword: 'a',
      newPassword: 'Good-pass-123',
      confirmPassword: 'Good-pass-124',
    });
    expect(firstMessage(r)).toEqual([`confirmPassword: ${MSG.passwordsMustMatch}`]);
  });

  it("allows only 'PAY ONLINE' and needs a reference to pay invoices", () => {
    expect(payInvoicesForm.safeParse({ method: 'PAY ONLINE', reference: 'R1' }).success).toBe(true);
    expect(payInvoicesForm.safeParse({ method: 'CHEQUE', reference: 'R1' }).success).toBe(false);
    expect(firstMessage(payInvoicesForm.safeParse({ method: 'PAY ONLINE', reference: '' }))).toEqual([
      'reference: Required',
    ]);
  });
});

describe('formatting', () => {
  it('shows money with the symbol and 2 decimals, unit prices with 2 to 5', () => {
    expect(formatMoney(1234.5, '£')).toBe('£1,234.50');
    expect(formatMoney(-3, '€')).toBe('-€3.00');
    expect(formatUnitPrice(1.2, '£')).toBe('£1.20');
    expect(formatUnitPrice(0.12345, '£')).toBe('£0.12345');
  });

  it('reads dd/mm/yy as 20yy for sorting', () => {
    expect(toShortDate('2026-03-09')).toBe('09/03/26');
    expect(shortDateSortKey('09/03/26') > shortDateSortKey('31/12/25')).toBe(true);
  });

  it('parses stock text with separators and trims the order-list location', () => {
    expect(parseStock('1,250')).toBe(1250);
    expect(orderListLocation('MAIN1')).toBe('MAIN');
  });
});

describe('schemas built on first use', () => {
  const schemas = Object.entries(contract).filter(([, v]) => v instanceof z.ZodType);

  it('wraps every exported schema in z.lazy, so importing the contract builds none', () => {
    expect(schemas.length).toBeGreaterThan(70);
    const eager = schemas.filter(([, v]) => !(v instanceof z.ZodLazy)).map(([k]) => k);
    expect(eager).toEqual([]);
  });

  it('converts to JSON Schema as the schema inside: its own description first, derived shapes whole', () => {
    type Json = { properties: Record<string, { description?: string }>; required?: string[] };
    const jsonSchema = (s: z.ZodType, io: 'input' | 'output' = 'output') =>
      z.toJSONSchema(s, { io }) as unknown as Json;
    // A description given to a lazy schema's copy (money.describe) wins over the inner one's.
    expect(jsonSchema(submitBasketRequest).properties.amount?.description).toBe('The total the customer was shown');
    // Derived through unwrap(): the parent's fields, the added ones, and the added field's description.
    const header = jsonSchema(basketHeader);
    expect(header.required).toEqual(expect.arrayContaining(['purchaseOrder', 'postcode', 'saved', 'invoiceAddress']));
    expect(header.properties.invoiceAddress?.description).toMatch(/invoice address/);
    const exportQuery = jsonSchema(searchExportQuery, 'input');
    expect(Object.keys(exportQuery.properties)).toEqual(
      expect.arrayContaining(['primaryCategory', 'secondaryCategory', 'searchValue', 'isSearching']),
    );
    expect(exportQuery.properties).not.toHaveProperty('page');
  });
});
