/** Formatting rules of spec section 9, shared by the web app and the server's PDFs. */

/**
 * A number format made on first use: the first Intl object loads the locale's data, about 15 ms of
 * start-up on a phone if done while the app's scripts load (Lighthouse, bench/lighthouse.ts).
 */
function lazyFormat(min: number, max: number): { format(n: number): string } {
  let made: Intl.NumberFormat | undefined;
  return {
    format: (n) =>
      (made ??= new Intl.NumberFormat('en-GB', {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
        useGrouping: true,
      })).format(n),
  };
}
const money2 = lazyFormat(2, 2);
const price2to5 = lazyFormat(2, 5);

/** Money with the account's currency symbol and 2 decimals: £1,234.50 */
export function formatMoney(amount: number, symbol: string): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}${symbol}${money2.format(Math.abs(amount))}`;
}

/** Discount prices show 2 to 5 decimals. */
export function formatUnitPrice(amount: number, symbol: string): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}${symbol}${price2to5.format(Math.abs(amount))}`;
}

/** Discount percent with 2 decimals. */
export function formatPercent(value: number): string {
  return money2.format(value);
}

/** 'yyyy-mm-dd' (ISO date) to 'dd/mm/yy'. */
export function toShortDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y?.slice(2)}`;
}

/** 'dd/mm/yy' to a sortable key, reading the year as 20yy (section 9). */
export function shortDateSortKey(shortDate: string | null | undefined): string {
  if (!shortDate) return '';
  const [d, m, y] = shortDate.split('/');
  return `20${y}${m}${d}`;
}

/** Stock text may contain thousands separators; remove them before comparing (section 5). */
export function parseStock(stock: string | number): number {
  if (typeof stock === 'number') return stock;
  const n = Number(stock.replace(/,/g, ''));
  return Number.isFinite(n) ? n : 0;
}

/** The orders list shows the location text without its last character (section 9). */
export function orderListLocation(location: string): string {
  return location.slice(0, -1);
}

/** The carrier's tracking page for one number, from the operator's URL template (`{trackingId}`). */
export function trackingUrl(template: string, trackingId: string): string {
  return template.split('{trackingId}').join(encodeURIComponent(trackingId));
}
