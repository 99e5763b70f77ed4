/**
 * Exact money arithmetic on integers. Unit prices are scaled by 100,000 (e5), money by 100 (minor).
 * No binary floating point touches an amount until it is turned into a JSON number for display.
 */

/** a / b rounded half away from zero, for integers a and b > 0. */
export function divRound(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b <= 0) throw new RangeError(`divRound(${a}, ${b})`);
  // Quotient and remainder stay exact for every safe a (2a + b would not, above 2^52).
  const abs = Math.abs(a);
  const rem = abs % b;
  const q = (abs - rem) / b + (2 * rem >= b ? 1 : 0);
  return a < 0 ? -q : q;
}

/**
 * a × m / b rounded half away from zero, exact whenever the answer is a safe integer: the product
 * is taken in BigInt when it would leave the safe range (a basket total times a VAT rate can).
 * Throws RangeError only for an answer beyond Number.MAX_SAFE_INTEGER, which the contract's
 * bounds (limits.ts) rule out.
 */
export function mulDivRound(a: number, m: number, b: number): number {
  const product = a * m;
  if (Number.isSafeInteger(product)) return divRound(product, b);
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(m) || !Number.isSafeInteger(b) || b <= 0)
    throw new RangeError(`mulDivRound(${a}, ${m}, ${b})`);
  const p = BigInt(a) * BigInt(m);
  const abs = p < 0n ? -p : p;
  const big = BigInt(b);
  const q = abs / big + (2n * (abs % big) >= big ? 1n : 0n);
  const result = Number(p < 0n ? -q : q);
  if (!Number.isSafeInteger(result)) throw new RangeError(`mulDivRound(${a}, ${m}, ${b})`);
  return result;
}

/** Minor units (pence) to a JSON number with 2 decimals. */
export const minorToAmount = (minor: number): number => Number((minor / 100).toFixed(2));
/** Minor units as exact text with 2 decimals (-1234 -> "-12.34"), for messages. */
export function minorToText(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
/** e5-scaled unit price to a JSON number with up to 5 decimals. */
export const e5ToAmount = (e5: number): number => Number((e5 / 100_000).toFixed(5));
/** A decimal amount (e.g. from CSV or a form) to minor units, exactly, via its text. */
export function amountToMinor(amount: number | string): number {
  return decimalToScaled(String(amount), 2);
}
export function amountToE5(amount: number | string): number {
  return decimalToScaled(String(amount), 5);
}
function decimalToScaled(text: string, places: number): number {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, neg, whole = '0', frac = ''] = m;
  const padded = (frac + '0'.repeat(places)).slice(0, places);
  const roundUp = frac.length > places && Number(frac[places]) >= 5 ? 1 : 0;
  const value = Number(whole) * 10 ** places + Number(padded || '0') + roundUp;
  return neg ? -value : value;
}
/** e5 unit price times quantity, as minor units (rounded half up to the penny). */
export const lineTotalMinor = (unitE5: number, quantity: number): number => mulDivRound(unitE5, quantity, 1000);
/** Basis points (1/100 %) of an amount in minor units. */
export const percentOfMinor = (minor: number, bp: number): number => mulDivRound(minor, bp, 10_000);
/** Basis points to a percent number with 2 decimals (1250 -> 12.5). */
export const bpToPercent = (bp: number): number => Number((bp / 100).toFixed(2));
