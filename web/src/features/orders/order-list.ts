import { orderListLocation, shortDateSortKey, type OpenOrder } from '@wholesale/contract';

/** The sortable columns of the open orders table. */
export type SortKey =
  'orderNumber' | 'reference' | 'orderedDate' | 'despatchDate' | 'location' | 'status' | 'invoiceTotal';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** Section 4: sorted by orderedDate descending by default. */
export const DEFAULT_SORT: SortState = { key: 'orderedDate', direction: 'desc' };

/** Clicking a sortable column sorts it ascending; clicking it again toggles the direction. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const text = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

function compare(a: OpenOrder, b: OpenOrder, key: SortKey): number {
  switch (key) {
    case 'orderedDate':
    case 'despatchDate':
      // dd/mm/yy read as 20yy (section 9); no date sorts before any date.
      return shortDateSortKey(a[key]).localeCompare(shortDateSortKey(b[key]));
    case 'invoiceTotal':
      return a.invoiceTotal - b.invoiceTotal;
    case 'location':
      return text.compare(orderListLocation(a.location), orderListLocation(b.location));
    default:
      return text.compare(a[key], b[key]);
  }
}

/** A sorted copy; equal keys keep the server's order (newest first). */
export function sortOrders(orders: readonly OpenOrder[], sort: SortState): OpenOrder[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return orders
    .map((o, i) => [o, i] as const)
    .sort(([a, ia], [b, ib]) => sign * compare(a, b, sort.key) || ia - ib)
    .map(([o]) => o);
}

/** Letters and digits only, lower case: 'RB-BLK-0001' and 'rbblk0001' compare equal. */
const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The filters beside the search box: a status ('' for any) and an order-date range (yyyy-mm-dd, '' open). */
export interface OrderFilters {
  status: string;
  from: string;
  to: string;
}
export const NO_FILTERS: OrderFilters = { status: '', from: '', to: '' };

/**
 * The search box matches order number, customer ref, status, location, dates and the item codes of
 * the order's lines (typed with or without their dashes), ignoring case; the filters keep a status
 * and orders placed between two dates (inclusive).
 */
export function filterOrders(
  orders: readonly OpenOrder[],
  search: string,
  filters: OrderFilters = NO_FILTERS,
): OpenOrder[] {
  const q = search.trim().toLowerCase();
  const code = compact(q);
  const from = filters.from.replaceAll('-', '');
  const to = filters.to.replaceAll('-', '');
  return orders.filter((o) => {
    if (filters.status && o.status !== filters.status) return false;
    const ordered = shortDateSortKey(o.orderedDate);
    if ((from && ordered < from) || (to && ordered > to)) return false;
    if (!q) return true;
    return (
      [o.orderNumber, o.reference, o.status, orderListLocation(o.location), o.orderedDate, o.despatchDate ?? ''].some(
        (field) => field.toLowerCase().includes(q),
      ) ||
      (code.length >= 3 && o.openOrderLine.some((l) => compact(l.itemNo).includes(code)))
    );
  });
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}
