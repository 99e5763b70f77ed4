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

/** The search box matches order number, customer ref, status, location and dates, ignoring case. */
export function filterOrders(orders: readonly OpenOrder[], search: string): OpenOrder[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...orders];
  return orders.filter((o) =>
    [o.orderNumber, o.reference, o.status, orderListLocation(o.location), o.orderedDate, o.despatchDate ?? ''].some(
      (field) => field.toLowerCase().includes(q),
    ),
  );
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}
