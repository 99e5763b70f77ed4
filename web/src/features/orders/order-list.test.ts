import type { OpenOrder } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  NO_FILTERS,
  filterOrders,
  nextSort,
  pageCount,
  pageOf,
  sortOrders,
  type OrderFilters,
} from './order-list';

const order = (orderNumber: string, orderedDate: string, extra: Partial<OpenOrder> = {}): OpenOrder => ({
  orderNumber,
  reference: `PO-${orderNumber}`,
  location: 'MAIN1',
  despatchDate: null,
  orderedDate,
  invoiceTotal: 10,
  amount: 8.33,
  vatAmount: 1.67,
  isTrackingAvailable: false,
  status: 'Open',
  totalOrderAmount: 8.33,
  openOrderLine: [],
  ...extra,
});

describe('order list', () => {
  it('sorts by order date descending by default, reading yy as 20yy', () => {
    const orders = [order('A', '31/12/24'), order('B', '01/01/25'), order('C', '15/06/99'), order('D', '02/01/25')];
    expect(sortOrders(orders, DEFAULT_SORT).map((o) => o.orderNumber)).toEqual(['C', 'D', 'B', 'A']);
  });

  it('sorts a new column ascending and toggles it on a second click', () => {
    let sort = nextSort(DEFAULT_SORT, 'invoiceTotal');
    expect(sort).toEqual({ key: 'invoiceTotal', direction: 'asc' });
    sort = nextSort(sort, 'invoiceTotal');
    expect(sort).toEqual({ key: 'invoiceTotal', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'orderedDate')).toEqual({ key: 'orderedDate', direction: 'asc' });
    const orders = [
      order('SO-10', '01/01/25', { invoiceTotal: 5 }),
      order('SO-9', '01/01/25', { invoiceTotal: 50 }),
      order('SO-100', '01/01/25', { invoiceTotal: 0.5 }),
    ];
    expect(sortOrders(orders, { key: 'invoiceTotal', direction: 'asc' }).map((o) => o.orderNumber)).toEqual([
      'SO-100',
      'SO-10',
      'SO-9',
    ]);
    expect(sortOrders(orders, { key: 'orderNumber', direction: 'asc' }).map((o) => o.orderNumber)).toEqual([
      'SO-9',
      'SO-10',
      'SO-100',
    ]);
  });

  it('puts orders without a dispatch date first when ascending', () => {
    const orders = [order('A', '01/01/25', { despatchDate: '03/01/25' }), order('B', '01/01/25')];
    expect(sortOrders(orders, { key: 'despatchDate', direction: 'asc' }).map((o) => o.orderNumber)).toEqual(['B', 'A']);
  });

  it('searches number, reference, status and dates, ignoring case', () => {
    const orders = [
      order('SO-1', '01/01/25', { status: 'Shipped' }),
      order('SO-2', '02/02/25', { reference: 'Kitchen refit' }),
    ];
    expect(filterOrders(orders, 'kitchen').map((o) => o.orderNumber)).toEqual(['SO-2']);
    expect(filterOrders(orders, ' SHIPPED ').map((o) => o.orderNumber)).toEqual(['SO-1']);
    expect(filterOrders(orders, '02/02').map((o) => o.orderNumber)).toEqual(['SO-2']);
    expect(filterOrders(orders, '')).toHaveLength(2);
  });

  it('finds orders by the item codes of their lines, typed with or without dashes', () => {
    const line = (itemNo: string) => ({
      type: 'Item',
      itemNo,
      description: 'Blind',
      quantity: 1,
      quantityShipped: 0,
      location: 'MAIN1',
      unit: 'EACH',
      unitPrice: 1,
      lineDiscount: 0,
      total: 1,
    });
    const orders = [
      order('SO-1', '01/01/25', { openOrderLine: [line('RB-BLK-0001'), line('CS-7')] }),
      order('SO-2', '02/02/25', { openOrderLine: [line('FB-LIN-0031')] }),
    ];
    expect(filterOrders(orders, 'rb-blk-0001').map((o) => o.orderNumber)).toEqual(['SO-1']);
    expect(filterOrders(orders, 'rbblk0001').map((o) => o.orderNumber)).toEqual(['SO-1']);
    expect(filterOrders(orders, 'LIN-00').map((o) => o.orderNumber)).toEqual(['SO-2']);
  });

  it('filters by status and by an order-date range, inclusive, with the search', () => {
    const orders = [
      order('SO-1', '31/12/24', { status: 'Shipped' }),
      order('SO-2', '01/01/25', { status: 'Open' }),
      order('SO-3', '15/01/25', { status: 'Open', reference: 'Kitchen' }),
    ];
    const numbers = (search: string, f: Partial<OrderFilters>) =>
      filterOrders(orders, search, { ...NO_FILTERS, ...f }).map((o) => o.orderNumber);
    expect(numbers('', { status: 'Open' })).toEqual(['SO-2', 'SO-3']);
    expect(numbers('', { from: '2025-01-01' })).toEqual(['SO-2', 'SO-3']);
    expect(numbers('', { to: '2025-01-01' })).toEqual(['SO-1', 'SO-2']);
    expect(numbers('', { from: '2025-01-01', to: '2025-01-01' })).toEqual(['SO-2']);
    expect(numbers('kitchen', { status: 'Open', from: '2025-01-02' })).toEqual(['SO-3']);
    expect(numbers('kitchen', { status: 'Shipped' })).toEqual([]);
  });

  it('pages at the given size', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageOf([...Array(41).keys()], 3, 20)).toEqual([40]);
  });
});
