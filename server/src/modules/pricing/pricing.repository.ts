import type { CurrencyCode } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import type { CarriageTerms, PriceTerms, Tier } from '../../domain/pricing.js';

/** An account's commercial terms: everything the pricing functions need besides the product. */
export interface AccountTerms {
  accountId: number;
  currencyCode: CurrencyCode;
  vatRateBp: number;
  carriage: CarriageTerms;
  defaultDiscountBp: number;
  discountByType: Map<number, number>;
  isProforma: boolean;
  onStop: boolean;
}

export function termsFor(terms: AccountTerms, productTypeId: number): PriceTerms {
  return { discountBp: terms.discountByType.get(productTypeId) ?? terms.defaultDiscountBp };
}

/** An account's row joined with each of its per-type discounts (or with nulls when it has none). */
export const termsFrom = (db: Db, accountId: number) =>
  db
    .selectFrom('accounts as a')
    .leftJoin('account_discounts as d', 'd.account_id', 'a.id')
    .where('a.id', '=', accountId);

/** The columns of `termsFrom` that `termsFromRows` reads. */
export const TERMS_COLUMNS = [
  'a.currency_code',
  'a.vat_rate_bp',
  'a.carriage_minor',
  'a.carriage_free_over_minor',
  'a.discount_bp',
  'a.is_proforma',
  'a.on_stop',
  'd.product_type_id as discount_type_id',
  'd.discount_bp as type_discount_bp',
] as const;

const termsQuery = prepared((db: Db, accountId: number) => termsFrom(db, accountId).select(TERMS_COLUMNS));

export type TermsRow = Awaited<ReturnType<typeof termsQuery.execute>>[number];

/** The terms in an account's rows of `termsFrom` (undefined: no such account). */
export function termsFromRows(accountId: number, rows: readonly TermsRow[]): AccountTerms | undefined {
  const a = rows[0];
  if (!a) return undefined;
  const discountByType = new Map<number, number>();
  for (const r of rows) if (r.discount_type_id !== null) discountByType.set(r.discount_type_id, r.type_discount_bp!);
  return {
    accountId,
    currencyCode: a.currency_code,
    vatRateBp: a.vat_rate_bp,
    carriage: { carriageMinor: a.carriage_minor, freeOverMinor: Number(a.carriage_free_over_minor) },
    defaultDiscountBp: a.discount_bp,
    discountByType,
    isProforma: !!a.is_proforma,
    onStop: !!a.on_stop,
  };
}

const tiersQuery = prepared((db: Db, productIds: number[], currency: CurrencyCode) =>
  db
    .selectFrom('multibuy_tiers')
    .select(['product_id', 'minimum_quantity', 'price_e5'])
    .where('currency_code', '=', currency)
    .where('product_id', 'in', productIds)
    .orderBy('minimum_quantity'),
);

/** Loads account terms and multi-buy tiers in the account's currency (list prices come with the rows that need them). */
export function pricingRepository(db: Db) {
  return {
    /** The account with its per-type discounts: one statement (a row per discount, or one of nulls). */
    async accountTerms(accountId: number): Promise<AccountTerms | undefined> {
      return termsFromRows(accountId, await termsQuery.execute(db, accountId));
    },

    /** Multi-buy tiers by product id in a currency. */
    async tiers(productIds: readonly number[], currency: CurrencyCode): Promise<Map<number, Tier[]>> {
      const out = new Map<number, Tier[]>();
      if (productIds.length === 0) return out;
      const rows = await tiersQuery.execute(db, [...productIds], currency);
      for (const r of rows) {
        const list = out.get(r.product_id) ?? [];
        list.push({ minimumQuantity: r.minimum_quantity, priceE5: Number(r.price_e5) });
        out.set(r.product_id, list);
      }
      return out;
    },
  };
}
export type PricingRepository = ReturnType<typeof pricingRepository>;
