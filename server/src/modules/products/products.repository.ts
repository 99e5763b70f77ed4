import { UNPLACED_STATUSES, type CurrencyCode } from '@wholesale/contract';
import { sql, type Insertable, type SqlBool } from 'kysely';
import { insertInBatches } from '../../db/batches.js';
import type { Db, Engine } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { TERMS_COLUMNS, termsFrom, type TermsRow } from '../pricing/pricing.repository.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { FavouritesTable } from '../../db/types.js';
import { sharedCatalogueIndex, DEFAULT_RESULT_ENTRIES, ftsPhrase, likeEscape, TRIGRAM } from './catalogue-index.js';
import type { PricedCaller } from '../../domain/caller.js';

/** One catalogue row with everything needed to price and show it for the caller. */
export interface ProductRow {
  id: number;
  item_number: string;
  description: string;
  stock: number;
  product_type_id: number;
  pack_quantity: number;
  unit: string;
  list_price_e5: number;
  is_favourite: number | boolean;
  has_multibuy: number | boolean;
  /** The lowest multi-buy tier price in the caller's currency (null: no tiers). */
  best_tier_e5: number | null;
  quantity_due: number;
  due_date: string | null;
}

export interface SearchFilter {
  typeName?: string;
  rangeName?: string;
  text?: string;
}

/** Text without a product type or range: searched in memory (catalogue-index.ts). */
const textAlone = (filter: SearchFilter) =>
  !filter.typeName && !filter.rangeName && searchWords(filter.text ?? '').length > 0;

/** A user's search text split into words; each word must occur in item code or description. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

const contains = (word: string) => sql<SqlBool>`p.search_text like ${`%${likeEscape(word)}%`} escape '\\'`;
/** The product and price columns of a list row (its facts come beside them). */
const ROW_COLUMNS = [
  'p.id',
  'p.item_number',
  'p.description',
  'p.product_type_id',
  'p.stock',
  'p.pack_quantity',
  'p.unit',
  'pp.list_price_e5',
] as const;

/** Active products with a price in `currency`: what a list may show. Lists filter and order these. */
function sellable(db: Db, currency: CurrencyCode) {
  return db
    .selectFrom('products as p')
    .innerJoin('product_prices as pp', (j) =>
      j.onRef('pp.product_id', '=', 'p.id').on('pp.currency_code', '=', currency),
    )
    .where('p.active', '=', 1);
}

/** A short list's rows, each with its facts looked up beside it (see detailsPerRow). */
const rowsSelect = (db: Db, ids: number[], userId: number, currency: CurrencyCode) =>
  sellable(db, currency)
    .where('p.id', 'in', ids)
    .select([
      ...ROW_COLUMNS,
      sql<number | boolean>`exists (select 1 from favourites f where f.user_id = ${userId} and f.product_id = p.id)`.as(
        'is_favourite',
      ),
      sql<
        number | boolean
      >`exists (select 1 from multibuy_tiers mt where mt.product_id = p.id and mt.currency_code = ${currency})`.as(
        'has_multibuy',
      ),
      sql<
        number | string | null
      >`(select min(mt.price_e5) from multibuy_tiers mt where mt.product_id = p.id and mt.currency_code = ${currency})`.as(
        'best_tier_e5',
      ),
      sql<number>`coalesce((select sum(i.quantity) from inbound_deliveries i where i.product_id = p.id), 0)`.as(
        'quantity_due',
      ),
      sql<string | null>`(select min(i.due_date) from inbound_deliveries i where i.product_id = p.id)`.as('due_date'),
    ]);

const rowsQuery = prepared(rowsSelect);

/** `null as name` for each name: one side's stand-ins for the other side's columns in a union. */
const nulls = <N extends string>(names: readonly N[]) => names.map((n) => sql<null>`null`.as(n));
/** The names of `TERMS_COLUMNS` as they come out (`'d.discount_bp as type_discount_bp'`: `type_discount_bp`). */
const termsNames = TERMS_COLUMNS.map((c) => c.split(/[. ]/).pop()!);
const rowNames = [
  ...ROW_COLUMNS.map((c) => c.split('.').pop()!),
  'is_favourite',
  'has_multibuy',
  'best_tier_e5',
  'quantity_due',
  'due_date',
] as const;

/** An account's terms rows (as `termsQuery` in pricing.repository.ts) with the catalogue revision beside them. */
const termsAndRevision = (db: Db, accountId: number) =>
  termsFrom(db, accountId)
    .crossJoin('catalogue_revision as cr')
    .where('cr.id', '=', 1)
    .select([...nulls(rowNames), ...TERMS_COLUMNS, 'cr.revision']);

/**
 * A page of a text search, the caller's account terms and the catalogue revision, in one statement:
 * the page's rows (as `rowsQuery`, with nulls for the terms columns), then `termsAndRevision` (with
 * nulls for the row columns). On PostgreSQL one round trip instead of two in turn (searchPageAtOnce).
 */
const pageAndTermsQuery = prepared((db: Db, ids: number[], userId: number, currency: CurrencyCode, accountId: number) =>
  rowsSelect(db, ids, userId, currency)
    .select([...nulls(termsNames), sql<null>`null`.as('revision')])
    .unionAll(termsAndRevision(db, accountId) as never),
);
/** The same for an empty page (`in ()` is not SQL on PostgreSQL). */
const termsAndRevisionQuery = prepared(termsAndRevision);
type PageAndTermsRow = Awaited<ReturnType<typeof pageAndTermsQuery.execute>>[number];

const typesQuery = prepared((db: Db) =>
  db.selectFrom('product_types').select(['id', 'name']).orderBy('sort').orderBy('name'),
);
const rangesQuery = prepared((db: Db) =>
  db.selectFrom('product_ranges').select(['product_type_id', 'name']).orderBy('sort').orderBy('name'),
);

/** A row of `rowsSelect` with its facts as the service takes them (the engines differ in types). */
const asProductRow = (r: Awaited<ReturnType<typeof rowsQuery.execute>>[number]): ProductRow => ({
  ...r,
  is_favourite: !!r.is_favourite,
  has_multibuy: !!r.has_multibuy,
  best_tier_e5: r.best_tier_e5 === null || r.best_tier_e5 === undefined ? null : Number(r.best_tier_e5),
  quantity_due: Number(r.quantity_due),
  due_date: r.due_date ?? null,
});

/** `rows` in the order of `ids` (a row whose id is not there is left out). */
function inOrder<R extends { id: number }>(ids: readonly number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Lists up to this many rows are looked up in one statement; longer ones set-based. */
const SMALL_LIST = 50;

export interface RepositoryOptions {
  /** Ranked text searches remembered per catalogue revision (0: none). */
  searchResultEntries?: number;
  /**
   * The database's change feed (db/change-feed.ts): with it, the service wraps this repository in
   * the page cache (page-facts.ts: `withPageCache`), so a page seen before needs no statement.
   */
  changes?: ChangeFeed | undefined;
}

export function productsRepository(db: Db, engine: Engine, options: RepositoryOptions = {}) {
  const index = sharedCatalogueIndex(db, options.searchResultEntries ?? DEFAULT_RESULT_ENTRIES);

  /** Active products with a price in the caller's currency: what a list may show. Lists filter and order these. */
  const candidates = (caller: PricedCaller, executor: Db = db) => sellable(executor, caller.currency);

  /**
   * A short list (a page, an exact code) in one statement, each row's facts looked up beside it:
   * fewer statements than the set-based form, which pays off from a few dozen rows.
   */
  async function detailsPerRow(caller: PricedCaller, ids: readonly number[], executor: Db): Promise<ProductRow[]> {
    const rows = await rowsQuery.execute(executor, [...ids], caller.userId, caller.currency);
    return inOrder(ids, rows.map(asProductRow));
  }

  /**
   * The full rows of a list, in the order of `ids`. A second step, so the lookups run for the rows
   * shown only, not for every match before the list is cut; and set-based (one query per kind of
   * fact over all the ids, not a subquery per row): for 2,000 rows that is a few milliseconds
   * instead of twenty (bench/search.ts).
   */
  async function details(caller: PricedCaller, ids: readonly number[], executor: Db = db): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    if (ids.length <= SMALL_LIST) return detailsPerRow(caller, ids, executor);
    const list = [...ids];
    const [rows, favourites, multibuy, inbound] = await Promise.all([
      candidates(caller, executor).where('p.id', 'in', list).select(ROW_COLUMNS).execute(),
      executor
        .selectFrom('favourites')
        .select('product_id')
        .where('user_id', '=', caller.userId)
        .where('product_id', 'in', list)
        .execute(),
      executor
        .selectFrom('multibuy_tiers')
        .select((eb) => ['product_id', eb.fn.min<number | string>('price_e5').as('best_tier_e5')])
        .where('currency_code', '=', caller.currency)
        .where('product_id', 'in', list)
        .groupBy('product_id')
        .execute(),
      executor
        .selectFrom('inbound_deliveries')
        .select((eb) => [
          'product_id',
          eb.fn.sum<number>('quantity').as('quantity_due'),
          eb.fn.min<string>('due_date').as('due_date'),
        ])
        .where('product_id', 'in', list)
        .groupBy('product_id')
        .execute(),
    ]);
    const isFavourite = new Set(favourites.map((f) => f.product_id));
    const bestTier = new Map(multibuy.map((m) => [m.product_id, Number(m.best_tier_e5)]));
    const due = new Map(inbound.map((i) => [i.product_id, i]));
    return inOrder(
      ids,
      rows.map((r) => {
        const d = due.get(r.id);
        return {
          ...r,
          is_favourite: isFavourite.has(r.id),
          has_multibuy: bestTier.has(r.id),
          best_tier_e5: bestTier.get(r.id) ?? null,
          quantity_due: Number(d?.quantity_due ?? 0),
          due_date: d?.due_date ?? null,
        };
      }),
    );
  }

  const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);

  return {
    async categories() {
      const [types, ranges] = await Promise.all([typesQuery.execute(db), rangesQuery.execute(db)]);
      return types.map((t) => ({
        name: t.name,
        secondaryCategories: ranges.filter((r) => r.product_type_id === t.id).map((r) => r.name),
      }));
    },

    /**
     * What `searchIds` needs from the database before it can answer `filter` from memory (the
     * catalogue revision), for reading beside the caller's terms; undefined when it searches in SQL.
     */
    searchRevision: (filter: SearchFilter): Promise<number> | undefined =>
      textAlone(filter) ? index.revision() : undefined,

    /**
     * The ranked ids of a text alone, from the catalogue in memory as built (no statement), with the
     * revision it was built at; undefined when the filter is not a text alone or the index is not
     * built yet.
     */
    async rankedIds(
      caller: PricedCaller,
      filter: SearchFilter,
      limit: number,
    ): Promise<{ ids: number[]; revision: number } | undefined> {
      const revision = index.builtRevision();
      if (!textAlone(filter) || revision === undefined) return undefined;
      const words = searchWords(filter.text ?? '');
      return {
        ids: await index.search(caller.currency, { words, phrase: words.join(' ') }, limit, revision),
        revision,
      };
    },

    /**
     * The rows of `shown` (in that order), the caller's terms rows and the catalogue revision, read
     * together in one statement (pageAndTermsQuery): on PostgreSQL one round trip instead of two in
     * turn. Undefined when the account is not there or the revision read is newer than `revision`
     * (the index the ids came from was behind). The caller checks the terms' currency.
     */
    async pageAndTerms(
      caller: PricedCaller,
      shown: readonly number[],
      revision: number,
    ): Promise<{ rows: ProductRow[]; terms: TermsRow[]; revision: number } | undefined> {
      const all = (
        shown.length
          ? await pageAndTermsQuery.execute(db, [...shown], caller.userId, caller.currency, caller.accountId)
          : await termsAndRevisionQuery.execute(db, caller.accountId)
      ) as PageAndTermsRow[];
      // Terms rows are the ones without a product id (products.id is never null).
      const terms = all.filter((r) => r.id === null) as unknown as (TermsRow & { revision: number | string })[];
      if (!terms[0] || Number(terms[0].revision) > revision) return undefined;
      const rows = inOrder(shown, all.filter((r) => r.id !== null).map(asProductRow));
      return { rows, terms, revision: Number(terms[0].revision) };
    },

    /** The full rows of the given ids, in their order (a page of a search). */
    details: (caller: PricedCaller, ids: readonly number[]) => details(caller, ids),

    /**
     * The ids of products by type, range and text, ranked; at most `limit`. With text, the exact item
     * code comes first, then codes starting with the text, then rows containing it as one phrase,
     * then the rest; ties by item code.
     */
    async searchIds(caller: PricedCaller, filter: SearchFilter, limit: number, revision?: number): Promise<number[]> {
      const words = filter.text ? searchWords(filter.text) : [];
      // Text alone (what the screen asks): matched and ranked in memory (catalogue-index.ts).
      if (textAlone(filter)) return index.search(caller.currency, { words, phrase: words.join(' ') }, limit, revision);
      const long = words.filter((w) => w.length >= TRIGRAM);
      const short = words.filter((w) => w.length < TRIGRAM);

      const ids = (executor: Db) => {
        let q = candidates(caller, executor);
        if (filter.typeName) {
          q = q.innerJoin('product_types as pt', 'pt.id', 'p.product_type_id').where('pt.name', '=', filter.typeName);
        }
        if (filter.rangeName) {
          q = q.innerJoin('product_ranges as pr', 'pr.id', 'p.range_id').where('pr.name', '=', filter.rangeName);
        }
        if (words.length) {
          // Every word a case-insensitive substring of search_text, through the engine's trigram
          // index: the one place that branches on the engine (architecture.md). Words shorter
          // than a trigram are plain LIKE filters on both.
          const conditions =
            engine === 'postgres' || long.length === 0
              ? words.map(contains) // pg_trgm's GIN index serves LIKE '%word%' itself
              : [
                  sql<SqlBool>`p.id in (select rowid from products_fts where products_fts match ${long.map(ftsPhrase).join(' ')})`,
                  ...short.map(contains),
                ];
          const phrase = words.join(' ');
          // Every match contains a single word already: the phrase test only ranks several words.
          const containsPhrase =
            words.length > 1 ? sql`when p.search_text like ${`%${likeEscape(phrase)}%`} escape '\\' then 2` : sql``;
          q = q.where(sql<SqlBool>`${sql.join(conditions, sql` and `)}`).orderBy(
            sql`case when lower(p.item_number) = ${phrase} then 0
              when p.search_text like ${`${likeEscape(phrase)}%`} escape '\\' then 1
              ${containsPhrase}
              else 3 end`,
          );
        }
        return q.select('p.id').orderBy('p.item_number').limit(limit).execute();
      };

      return idsOf(await ids(db));
    },

    async favourites(caller: PricedCaller, limit: number): Promise<ProductRow[]> {
      const ids = await candidates(caller)
        .innerJoin('favourites as fav', (j) =>
          j.onRef('fav.product_id', '=', 'p.id').on('fav.user_id', '=', caller.userId),
        )
        .select('p.id')
        .orderBy('p.item_number')
        .limit(limit)
        .execute();
      return details(caller, idsOf(ids));
    },

    /**
     * Usual orders: products the account ordered in at least `minOrders` of its placed orders
     * (cancelled ones aside, and orders never placed: awaiting approval or payment, declined,
     * withdrawn), most often ordered first.
     */
    async usuals(caller: PricedCaller, minOrders: number, limit: number): Promise<ProductRow[]> {
      const history = db
        .selectFrom('order_lines as ol')
        .innerJoin('orders as o', 'o.id', 'ol.order_id')
        .where('o.account_id', '=', caller.accountId)
        .where('o.status', 'not in', ['Cancelled', ...UNPLACED_STATUSES])
        .where('ol.product_id', 'is not', null)
        .groupBy('ol.product_id')
        .having(sql`count(distinct o.id)`, '>=', minOrders)
        .select([
          'ol.product_id',
          sql<number>`count(distinct o.id)`.as('times'),
          sql<string>`max(o.ordered_date)`.as('last_ordered'),
        ]);
      const ids = await candidates(caller)
        .innerJoin(history.as('h'), 'h.product_id', 'p.id')
        .select('p.id')
        .orderBy('h.times', 'desc')
        .orderBy('h.last_ordered', 'desc')
        .orderBy('p.item_number')
        .limit(limit)
        .execute();
      return details(caller, idsOf(ids));
    },

    /** The id of the active product with exactly this item number. */
    async productId(itemNumber: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('products')
        .select('id')
        .where('item_number', '=', itemNumber)
        .where('active', '=', 1)
        .executeTakeFirst();
      return row?.id;
    },

    multiBuyTiers(currency: CurrencyCode, productId: number) {
      return db
        .selectFrom('multibuy_tiers')
        .where('product_id', '=', productId)
        .where('currency_code', '=', currency)
        .select(['minimum_quantity', 'price_e5'])
        .orderBy('minimum_quantity')
        .execute();
    },

    deliverySchedule(productId: number) {
      return db
        .selectFrom('inbound_deliveries')
        .where('product_id', '=', productId)
        .select(['quantity', 'due_date'])
        .orderBy('due_date')
        .orderBy('id')
        .execute();
    },

    image(productId: number, imageType: number) {
      return db
        .selectFrom('product_images')
        .where('product_id', '=', productId)
        .where('image_type', '=', imageType)
        .select(['content_type', 'data'])
        .executeTakeFirst();
    },

    async addFavourite(userId: number, productId: number, now: string): Promise<void> {
      await db
        .insertInto('favourites')
        .values({ user_id: userId, product_id: productId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .execute();
    },

    /** Favourites in bulk (the demo seed). */
    insertFavourites: (rows: readonly Insertable<FavouritesTable>[]) => insertInBatches(db, 'favourites', rows),

    async removeFavourite(userId: number, productId: number): Promise<void> {
      await db.deleteFrom('favourites').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    },
  };
}

export type ProductsRepository = ReturnType<typeof productsRepository>;

/**
 * A page of a text search with its terms in one statement, when the catalogue in memory can rank it:
 * the ranked ids, then the rows of those `pick` chooses. Undefined when it cannot (see `rankedIds`
 * and `pageAndTerms`): the caller then asks the usual way.
 */
export async function searchPageAtOnce(
  repo: Pick<ProductsRepository, 'rankedIds' | 'pageAndTerms'>,
  caller: PricedCaller,
  filter: SearchFilter,
  limit: number,
  pick: (ids: number[]) => number[],
): Promise<{ ids: number[]; rows: ProductRow[]; terms: TermsRow[] } | undefined> {
  const ranked = await repo.rankedIds(caller, filter, limit);
  if (!ranked) return undefined;
  const page = await repo.pageAndTerms(caller, pick(ranked.ids), ranked.revision);
  return page && { ids: ranked.ids, rows: page.rows, terms: page.terms };
}
