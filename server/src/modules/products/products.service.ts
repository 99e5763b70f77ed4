import Papa from 'papaparse';
import {
  SEARCH_RESULT_LIMIT,
  productCsvColumns,
  toShortDate,
  type Category,
  type CurrencyCode,
  type DeliveryScheduleEntry,
  type MultiBuyDiscount,
  type Product,
  SERVER_MSG,
} from '@wholesale/contract';
import type { ChangeFeed } from '../../db/change-feed.js';
import { discountPriceE5 } from '../../domain/pricing.js';
import { e5ToAmount } from '../../domain/money.js';
import { notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { termsFor, termsFromRows, type AccountTerms, type PricingRepository } from '../pricing/pricing.repository.js';
import { pageFacts, withPageCache } from './page-facts.js';
import type { Caller, PricedCaller } from '../../domain/caller.js';

type ItemNumber = { itemNumber: string };
import {
  searchPageAtOnce,
  type ProductRow,
  type ProductsRepository,
  type SearchFilter,
} from './products.repository.js';

/** A product list, cut at SEARCH_RESULT_LIMIT; `truncated` says more rows matched. */
export interface ProductPage {
  products: Product[];
  truncated: boolean;
  /** A paged search: rows in the whole list (at most the limit). */
  total?: number;
}

export interface SearchInput {
  primaryCategory?: string | undefined;
  secondaryCategory?: string | undefined;
  searchValue?: string | undefined;
  isSearching?: 'true' | 'false' | undefined;
  /** 1-based; with it only that page's rows are looked up and priced. */
  page?: number | undefined;
  pageSize?: number | undefined;
}

export const DEFAULT_PAGE_SIZE = 20;
/** Rows looked up, priced and written per step of a streamed export. */
export const EXPORT_BATCH = 200;
/** Accounts whose currency a service remembers (see `currencies`); then it starts again. */
const MAX_REMEMBERED_ACCOUNTS = 10_000;

/** Page `page` (1-based) of `size` rows of a ranked list cut at `limit`: its ids and the list's total. */
function pageOf(ids: readonly number[], limit: number, page: number, size: number) {
  const total = Math.min(ids.length, limit);
  const start = Math.min((page - 1) * size, total);
  return { total, ids: ids.slice(start, Math.min(start + size, total)) };
}

/** A search's whole list as CSV, produced a batch at a time while it is sent. */
export interface ProductExport {
  truncated: boolean;
  chunks: AsyncIterable<string>;
}

/** An item ordered in at least this many of the account's orders is one of its usual orders. */
export const USUAL_MIN_ORDERS = 2;

export interface ProductImage {
  contentType: string;
  data: Buffer;
}

export interface ProductsDeps {
  products: ProductsRepository;
  /** The pricing read model (modules/pricing). */
  pricing: PricingRepository;
  /** The database's change feed: with it, pages of text searches come from the page cache. */
  changes?: ChangeFeed | undefined;
}

export function productsService({ products: stored, pricing, changes }: ProductsDeps, limit = SEARCH_RESULT_LIMIT) {
  // With a live change feed, pages of text searches come from the page cache in front of the repository.
  const repo = changes ? withPageCache(stored, pageFacts(changes)) : stored;
  /**
   * Each account's currency as last read with its terms: a guess that lets a page of a search be
   * read in one statement (pageAtOnce), which checks it against the terms read in that statement.
   */
  const currencies = new Map<number, CurrencyCode>();

  async function termsOf(who: Caller): Promise<{ caller: PricedCaller; terms: AccountTerms }> {
    const terms = await pricing.accountTerms(who.accountId);
    if (!terms) throw notFound(SERVER_MSG.accountNotFound);
    if (currencies.size >= MAX_REMEMBERED_ACCOUNTS) currencies.clear();
    currencies.set(who.accountId, terms.currencyCode);
    return { caller: { userId: who.userId, accountId: who.accountId, currency: terms.currencyCode }, terms };
  }

  /** The account's own price for a row: list price less its terms for the row's type. */
  const ownPriceE5 = (terms: AccountTerms, r: Pick<ProductRow, 'list_price_e5' | 'product_type_id'>) =>
    discountPriceE5(Number(r.list_price_e5), termsFor(terms, r.product_type_id));

  /** Every price through the one pricing module: list price less the account's terms for the type. */
  const toProduct =
    (terms: AccountTerms) =>
    (r: ProductRow): Product => ({
      itemNumber: r.item_number,
      description: r.description,
      stock: Number(r.stock),
      quantityDue: Number(r.quantity_due),
      packQuantity: Number(r.pack_quantity),
      dueDate: r.due_date ? toShortDate(r.due_date) : null,
      unit: r.unit,
      price: e5ToAmount(Number(r.list_price_e5)),
      discountPrice: e5ToAmount(ownPriceE5(terms, r)),
      isFavourite: Boolean(r.is_favourite),
      // A tier is an offer only when it beats the account's own price (one at or above it saves nothing).
      hasMultiBuyDiscount: Boolean(r.has_multibuy) && r.best_tier_e5 !== null && r.best_tier_e5 < ownPriceE5(terms, r),
    });

  /** Ask for one row more than the limit to learn whether the list was cut. */
  const page = (terms: AccountTerms, rows: ProductRow[]): ProductPage => ({
    products: rows.slice(0, limit).map(toProduct(terms)),
    truncated: rows.length > limit,
  });

  /**
   * A text search (isSearching true) looks at the text alone, as the screen clears category and
   * range when the customer searches by text. Otherwise type, range and text combine. Nothing to
   * search by: undefined (an empty list rather than the whole catalogue).
   */
  function filterOf(q: SearchInput) {
    const textOnly = q.isSearching === 'true';
    const filter = {
      typeName: textOnly ? undefined : q.primaryCategory,
      rangeName: textOnly ? undefined : q.secondaryCategory,
      text: q.searchValue,
    };
    return filter.typeName || filter.rangeName || filter.text ? filter : undefined;
  }

  /**
   * The caller's terms and a search's ranked ids (one more than the limit, to tell a cut list). A
   * text search's catalogue revision is read beside the terms: on PostgreSQL one round trip fewer.
   */
  async function termsAndIds(who: Caller, filter: SearchFilter) {
    const [found, revision] = await Promise.all([termsOf(who), repo.searchRevision(filter)]);
    return { ...found, ids: await repo.searchIds(found.caller, filter, limit + 1, revision) };
  }

  /**
   * A page of a text search in one statement (the repository's `searchPageAtOnce`) when the
   * account's currency is known: on PostgreSQL one round trip instead of two in turn. Undefined when
   * that cannot be done or its reads disagree with what it assumed (the currency, the index's
   * revision); the caller then asks the usual way.
   */
  async function pageAtOnce(who: Caller, filter: SearchFilter, page: number, size: number) {
    const currency = currencies.get(who.accountId);
    if (!currency) return undefined;
    const found = await searchPageAtOnce(
      repo,
      { ...who, currency },
      filter,
      limit + 1,
      (ids) => pageOf(ids, limit, page, size).ids,
    );
    const terms = found && termsFromRows(who.accountId, found.terms);
    if (!found || terms?.currencyCode !== currency) return undefined;
    const total = Math.min(found.ids.length, limit);
    return { products: found.rows.map(toProduct(terms)), truncated: found.ids.length > limit, total };
  }

  async function productIdOr404(itemNumber: string): Promise<number> {
    const id = await repo.productId(itemNumber);
    if (id === undefined) throw notFound(SERVER_MSG.productNotFound);
    return id;
  }

  return {
    listCategories(): Promise<Category[]> {
      return repo.categories();
    },

    /** A search's list (see filterOf), whole or one page of it. */
    async searchProducts(who: Caller, q: SearchInput): Promise<ProductPage> {
      const filter = filterOf(q);
      if (!filter) return { products: [], truncated: false, ...(q.page ? { total: 0 } : {}) };
      const size = q.pageSize ?? DEFAULT_PAGE_SIZE;
      const atOnce = q.page ? await pageAtOnce(who, filter, q.page, size) : undefined;
      if (atOnce) return atOnce;
      const { caller, terms, ids } = await termsAndIds(who, filter);
      if (!q.page) return page(terms, await repo.details(caller, ids));
      // A page: every match ranked (for the total), then only the page's rows looked up and priced.
      const shown = pageOf(ids, limit, q.page, size);
      const rows = await repo.details(caller, shown.ids);
      return { products: rows.map(toProduct(terms)), truncated: ids.length > limit, total: shown.total };
    },

    /**
     * Download All for a search: the same list as export.csv (the columns and escaping of the
     * screen's own export), ranked once, then looked up, priced and written EXPORT_BATCH rows at a
     * time as the answer is sent, so a list of thousands neither waits nor sits whole in memory.
     */
    async exportSearch(who: Caller, q: SearchInput): Promise<ProductExport> {
      const filter = filterOf(q);
      const found = filter ? await termsAndIds(who, filter) : undefined;
      const currency = (found ?? (await termsOf(who))).caller.currency;
      const columns = productCsvColumns(false, currency);
      const ids = found?.ids ?? [];
      const list = ids.slice(0, limit);
      async function* chunks() {
        yield Papa.unparse({ fields: columns.map((c) => c.title), data: [] }); // the header line, ending in \r\n
        for (let start = 0; found && start < list.length; start += EXPORT_BATCH) {
          const rows = await repo.details(found.caller, list.slice(start, start + EXPORT_BATCH));
          const data = rows.map(toProduct(found.terms)).map((p) => columns.map((c) => p[c.field] ?? ''));
          yield `${start ? '\r\n' : ''}${Papa.unparse(data, { escapeFormulae: true })}`;
        }
      }
      return { truncated: ids.length > limit, chunks: chunks() };
    },

    async listFavourites(who: Caller): Promise<ProductPage> {
      const { caller, terms } = await termsOf(who);
      return page(terms, await repo.favourites(caller, limit + 1));
    },

    async listUsuals(who: Caller): Promise<ProductPage> {
      const { caller, terms } = await termsOf(who);
      return page(terms, await repo.usuals(caller, USUAL_MIN_ORDERS, limit + 1));
    },

    async addFavourite(who: Caller, { itemNumber }: ItemNumber): Promise<{ ok: true }> {
      await repo.addFavourite(who.userId, await productIdOr404(itemNumber), nowIso());
      return { ok: true };
    },

    async removeFavourite(who: Caller, { itemNumber }: ItemNumber): Promise<{ ok: true }> {
      await repo.removeFavourite(who.userId, await productIdOr404(itemNumber));
      return { ok: true };
    },

    /** Tiers in the account's currency, lowest minimum first. */
    async listMultiBuyDiscounts(who: Caller, { itemNumber }: ItemNumber): Promise<MultiBuyDiscount[]> {
      const productId = await productIdOr404(itemNumber);
      const { caller, terms } = await termsOf(who);
      const [tiers, [row]] = await Promise.all([
        repo.multiBuyTiers(caller.currency, productId),
        repo.details(caller, [productId]),
      ]);
      // Only tiers below the account's own price are offers (none when the product has no price here).
      const own = row ? ownPriceE5(terms, row) : 0;
      return tiers
        .filter((t) => Number(t.price_e5) < own)
        .map((t) => ({ minimumQuantity: Number(t.minimum_quantity), price: e5ToAmount(Number(t.price_e5)) }));
    },

    /** Inbound deliveries, earliest first. */
    async listDeliverySchedule(_who: Caller, { itemNumber }: ItemNumber): Promise<DeliveryScheduleEntry[]> {
      const rows = await repo.deliverySchedule(await productIdOr404(itemNumber));
      return rows.map((r) => ({ quantity: Number(r.quantity), date: toShortDate(r.due_date) }));
    },

    async getProductImage(itemNumber: string, imageType: number): Promise<ProductImage> {
      const row = await repo.image(await productIdOr404(itemNumber), imageType);
      if (!row) throw notFound(SERVER_MSG.imageNotFound);
      return { contentType: row.content_type, data: Buffer.from(row.data) };
    },
  };
}

export type ProductsService = ReturnType<typeof productsService>;
