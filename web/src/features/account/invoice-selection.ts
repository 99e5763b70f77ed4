import type { Invoice } from '@wholesale/contract';

/**
 * Invoice selection (spec section 4): toggling adds or removes an invoice, an invoice is never
 * added twice, and the total of the selected remaining amounts is recalculated (in minor units, so
 * no floating-point drift creeps into the sum).
 */
export function toggleInvoice(selected: readonly string[], documentNumber: string): string[] {
  return selected.includes(documentNumber)
    ? selected.filter((d) => d !== documentNumber)
    : [...new Set([...selected, documentNumber])];
}

export function selectedInvoices(invoices: readonly Invoice[], selected: readonly string[]): Invoice[] {
  const wanted = new Set(selected);
  return invoices.filter((i) => wanted.has(i.documentNumber));
}

export function selectedTotal(invoices: readonly Invoice[], selected: readonly string[]): number {
  const minor = selectedInvoices(invoices, selected).reduce((sum, i) => sum + Math.round(i.remainingAmount * 100), 0);
  return minor / 100;
}
