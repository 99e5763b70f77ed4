import type { Db } from '../../db/client.js';
import type { CarriageTerms, PriceTerms, Tier } from '../../domain/pricing.js';

/** An account's commercial terms: everything the pricing functions need besides the product. */
export interface AccountTerms {
  accountId: number;
  currencyCode: 'GBP' | 'EUR';
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

/** Loads account terms, product list prices and tiers in the account's currency. */
export function pricingRepository(db: Db) {
  return {
    async accountTerms(accountId: number): Promise<AccountTerms | undefined> {
      const a = await db
        .selectFrom('accounts')
        .select([
          'id',
          'currency_code',
          'vat_rate_bp',
          'carriage_minor',
          'carriage_free_over_minor',
          'discount_bp',
          'is_proforma',
          'on_stop',
        ])
        .where('id', '=', accountId)
        .executeTakeFirst();
      if (!a) return undefined;
      const rows = await db
        .selectFrom('account_discounts')
        .select(['product_type_id', 'discount_bp'])
        .where('account_id', '=', accountId)
        .execute();
      return {
        accountId,
        currencyCode: a.currency_code,
        vatRateBp: a.vat_rate_bp,
        carriage: { carriageMinor: a.carriage_minor, freeOverMinor: Number(a.carriage_free_over_minor) },
        defaultDiscountBp: a.discount_bp,
        discountByType: new Map(rows.map((r) => [r.product_type_id, r.discount_bp])),
        isProforma: !!a.is_proforma,
        onStop: !!a.on_stop,
      };
    },

    /** List prices (e5) by product id in a currency; products without a price are absent. */
    async listPrices(productIds: readonly number[], currency: 'GBP' | 'EUR'): Promise<Map<number, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('product_prices')
        .select(['product_id', 'list_price_e5'])
        .where('currency_code', '=', currency)
        .where('product_id', 'in', [...productIds])
        .execute();
      return new Map(rows.map((r) => [r.product_id, Number(r.list_price_e5)]));
    },

    /** Multi-buy tiers by product id in a currency. */
    async tiers(productIds: readonly number[], currency: 'GBP' | 'EUR'): Promise<Map<number, Tier[]>> {
      const out = new Map<number, Tier[]>();
      if (productIds.length === 0) return out;
      const rows = await db
        .selectFrom('multibuy_tiers')
        .select(['product_id', 'minimum_quantity', 'price_e5'])
        .where('currency_code', '=', currency)
        .where('product_id', 'in', [...productIds])
        .orderBy('minimum_quantity')
        .execute();
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
