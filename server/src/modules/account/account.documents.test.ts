import { describe, expect, it } from 'vitest';
import { invoiceVatRate } from './account.documents.js';

describe('invoiceVatRate', () => {
  it("gives the account's rate when the invoice's VAT is that rate of its net amount, to the penny", () => {
    expect(invoiceVatRate(123.45, 24.69, 2000)).toBe('20%');
    expect(invoiceVatRate(100, 23, 2300)).toBe('23%');
    // Rounded either way by a penny (the ERP's rounding) is still the account's rate.
    expect(invoiceVatRate(0.99, 0.19, 2000)).toBe('20%');
    expect(invoiceVatRate(0, 0, 2000)).toBe('20%');
  });

  it("gives the rate the invoice's own figures show when they are at another rate", () => {
    expect(invoiceVatRate(200, 27, 2000)).toBe('13.5%');
    expect(invoiceVatRate(100, 5, 2000)).toBe('5%');
    expect(invoiceVatRate(100, 0, 2000)).toBe('0%');
  });
});
