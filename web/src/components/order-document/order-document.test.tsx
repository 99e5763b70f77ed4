import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@wholesale/contract';
import { DocumentLinesTable, OrderSummaryBlock, type DocumentLine } from './index';

const lines: DocumentLine[] = [
  {
    type: 'Item',
    itemNo: 'RB-100',
    description: 'Roller blind Charcoal',
    quantity: 2,
    quantityShipped: 1,
    location: 'MAIN1',
    unit: 'EACH',
    unitPrice: 18.12345,
    lineDiscount: 10,
    total: 36.25,
  },
  {
    type: 'Charge',
    itemNo: 'CARRIAGE',
    description: 'Carriage',
    quantity: 1,
    unit: 'EACH',
    unitPrice: 9.95,
    lineDiscount: 0,
    total: 9.95,
  },
];

describe('OrderSummaryBlock', () => {
  it('shows the seven fields, money with the currency symbol and 2 decimals', () => {
    render(
      <OrderSummaryBlock
        orderNumber="SO-1"
        orderDate="01/02/25"
        dispatchDate={null}
        customerRef="PO-9"
        amount={1234.5}
        vat={246.9}
        invoiceTotal={1481.4}
        currencySymbol="€"
        actions={<button type="button">Order Summary</button>}
      />,
    );
    const region = screen.getByRole('region', { name: 'Summary' });
    const value = (label: string) => within(region).getByText(label).nextElementSibling?.textContent;
    expect(value('Order No')).toBe('SO-1');
    expect(value('Order Date')).toBe('01/02/25');
    expect(value('Dispatch Date')).toBe('\u2013');
    expect(value('Customer Ref')).toBe('PO-9');
    expect(value('Amount')).toBe('€1,234.50');
    expect(value('VAT')).toBe('€246.90');
    expect(value('Invoice Total')).toBe('€1,481.40');
    expect(within(region).getByRole('button', { name: 'Order Summary' })).toBeInTheDocument();
  });
});

describe('DocumentLinesTable', () => {
  it('has the ten columns of the spec and one row per line', () => {
    render(<DocumentLinesTable lines={lines} currencySymbol="£" totals={{ net: 46.2, vat: 9.24, gross: 55.44 }} />);
    const table = screen.getByRole('table', { name: 'Order lines' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Item',
      'No.',
      'Description',
      'Qty',
      'Qty Shipped',
      'Location',
      'Unit',
      'Unit Price',
      'Disc %',
      'Total',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Item', 'RB-100', 'Roller blind Charcoal', '2', '1', 'MAIN1', 'EACH', '£18.12345', '10.00', '£36.25'],
      ['Charge', 'CARRIAGE', 'Carriage', '1', '', '', 'EACH', '£9.95', '0.00', '£9.95'],
    ]);
  });

  it('has a card per line for small screens, and the item count and the three named totals', () => {
    render(
      <DocumentLinesTable
        lines={lines}
        currencySymbol="£"
        totals={{ net: 46.2, vat: 9.24, gross: 55.44 }}
        caption="Invoice lines"
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Invoice lines' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('RB-100')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Qty Shipped').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('2 items')).toBeInTheDocument();
    const totals = screen.getByText(MSG.totalExclVat).closest('dl')!;
    expect(
      Array.from(totals.querySelectorAll('div')).map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    ).toEqual([
      [MSG.totalExclVat, '£46.20'],
      ['VAT', '£9.24'],
      [MSG.totalInclVat, '£55.44'],
    ]);
    // Nothing under the lines is called plain 'Total' (that name belongs to the line column).
    expect(within(totals).queryByText('Total', { exact: true })).toBeNull();
  });
});
