/** An amount with two decimals in its currency (pounds when the caller does not say). */
export const money = (n: number | null | undefined, currency = 'GBP') =>
  n === null || n === undefined ? '' : n.toLocaleString('en-GB', { style: 'currency', currency });

/** dd/mm/yyyy hh:mm for a timestamp; dd/mm/yyyy for a date. */
export const when = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = d.toLocaleDateString('en-GB');
  return iso.length > 10 ? `${date} ${d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}` : date;
};
