import { sql, type RawBuilder } from 'kysely';
import type { Db, Engine } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';

/**
 * Text search's ranking, kept out of the database's per-row work.
 *
 * The database finds the products whose text matches (the trigram index: FTS5 on SQLite, pg_trgm
 * on PostgreSQL), ids only. Ranking them (exact code, code prefix, whole phrase, the rest; ties by
 * item code) and keeping the sellable ones (active, priced in the caller's currency) would cost a
 * product and a price lookup per match, as much again as the match itself for a common word
 * (bench/search.ts). Instead each server keeps the catalogue's order in memory: every product's
 * place in item-code order, its code in lower case, and whether it sells in each currency, a few
 * bytes per product (about 3 MB at 50,000, built in about 0.1 s). It is rebuilt when the catalogue
 * revision moves (migration 004: triggers bump it on any change that can change a search, in any
 * process).
 *
 * Ranked lists are also remembered per revision, currency and text (`resultEntries`, least recently
 * used out first; at most 2,001 ids each, so 256 entries stay under 4 MB), so paging through a list,
 * or many customers asking for the same word, ranks once.
 */

/** The catalogue in item-code order, as this server last read it. */
interface CatalogueOrder {
  revision: number;
  /** Product id to its place in item-code order (-1: no such product). */
  place: Int32Array;
  /** Place to product id. */
  ids: Int32Array;
  /** Place to item code, lower case. */
  codes: string[];
  /** Places in the order of their lower-case codes: code-prefix lookups by binary search. */
  byCode: Int32Array;
  /** Per currency, place to 1 when the product is active and priced in it. */
  sellable: Map<string, Uint8Array>;
  /** Per currency, how many products do not sell in it. */
  unsellable: Map<string, number>;
}

/** How a text search's words reach the index: all of them, and as one phrase. */
export interface TextQuery {
  words: string[];
  phrase: string;
}

/** Places fit in the low bits of a sort key, the tier (0-3) above them: 2^26 products at most. */
const PLACE_BITS = 2 ** 26;

/** LIKE pattern that matches `text` literally (\\ escapes % _ and itself). */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likeContains = (word: string) => sql`search_text like ${`%${likeEscape(word)}%`} escape '\\'`;
/** An FTS5 phrase that matches `word` literally: quoted, inner quotes doubled. */
export const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
/** The trigram tokenizer indexes 3-character sequences; shorter words cannot use it. */
export const TRIGRAM = 3;

export const DEFAULT_RESULT_ENTRIES = 256;

const revisionQuery = prepared((db: Db) => db.selectFrom('catalogue_revision').select('revision').where('id', '=', 1));

export function catalogueIndex(db: Db, engine: Engine, resultEntries = DEFAULT_RESULT_ENTRIES) {
  let order: CatalogueOrder | undefined;
  let building: Promise<CatalogueOrder> | undefined;
  const results = new Map<string, number[]>();

  async function currentRevision(): Promise<number> {
    const [row] = await revisionQuery.execute(db);
    return Number(row?.revision ?? 0);
  }

  async function build(revision: number): Promise<CatalogueOrder> {
    const [products, prices] = await Promise.all([
      db.selectFrom('products').select(['id', 'item_number', 'active']).orderBy('item_number').orderBy('id').execute(),
      db.selectFrom('product_prices').select(['product_id', 'currency_code']).execute(),
    ]);
    const maxId = products.reduce((m, p) => Math.max(m, p.id), 0);
    const place = new Int32Array(maxId + 1).fill(-1);
    const ids = new Int32Array(products.length);
    const codes = new Array<string>(products.length);
    products.forEach((p, i) => {
      place[p.id] = i;
      ids[i] = p.id;
      codes[i] = p.item_number.toLowerCase();
    });
    const byCode = Int32Array.from(codes.keys()).sort((a, b) =>
      codes[a]! < codes[b]! ? -1 : codes[a]! > codes[b]! ? 1 : a - b,
    );
    const sellable = new Map<string, Uint8Array>();
    const unsellable = new Map<string, number>();
    for (const price of prices) {
      const i = price.product_id <= maxId ? place[price.product_id]! : -1;
      if (i < 0 || !Number(products[i]!.active)) continue;
      let flags = sellable.get(price.currency_code);
      if (!flags) sellable.set(price.currency_code, (flags = new Uint8Array(products.length)));
      if (!flags[i]) unsellable.set(price.currency_code, (unsellable.get(price.currency_code) ?? products.length) - 1);
      flags[i] = 1;
    }
    return { revision, place, ids, codes, byCode, sellable, unsellable };
  }

  /** The order at this revision: the one in memory, or one build shared by concurrent callers. */
  async function orderAt(revision: number): Promise<CatalogueOrder> {
    if (order && order.revision >= revision) return order;
    building ??= build(revision).finally(() => (building = undefined));
    const built = await building;
    if (!order || built.revision > order.revision) {
      order = built;
      results.clear();
    }
    return built.revision >= revision ? built : orderAt(revision);
  }

  /**
   * The ids a statement finds, as one JSON array: one row to hand over instead of thousands of row
   * objects (for 7,000 ids a third of the time through the driver, bench/search.ts).
   */
  async function idList(from: RawBuilder<unknown>): Promise<number[]> {
    const aggregate = engine === 'postgres' ? sql`coalesce(json_agg(id), '[]')` : sql`json_group_array(id)`;
    const row = (await sql<{ ids: string | number[] }>`select ${aggregate} as ids from (${from}) m`.execute(db))
      .rows[0];
    return typeof row?.ids === 'string' ? (JSON.parse(row.ids) as number[]) : (row?.ids ?? []);
  }

  /** SQLite: ids of products whose text contains every word, through FTS5's trigram index, unordered. */
  function matching(text: TextQuery): Promise<number[]> {
    const long = text.words.filter((w) => w.length >= TRIGRAM);
    const short = text.words.filter((w) => w.length < TRIGRAM);
    const match = sql`select rowid as id from products_fts where products_fts match ${long.map(ftsPhrase).join(' ')}`;
    return idList(
      short.length === 0
        ? match
        : sql`select id from products where id in (${match}) and ${sql.join(short.map(likeContains), sql` and `)}`,
    );
  }

  /** SQLite: ids of products containing the whole phrase (several words, in order, one space apart). */
  async function containingPhrase(text: TextQuery): Promise<Set<number>> {
    return new Set(
      await idList(sql`select rowid as id from products_fts where products_fts match ${ftsPhrase(text.phrase)}`),
    );
  }

  /** PostgreSQL: every product containing all the words, and which of them contain the whole phrase. */
  async function matchingWithPhrase(text: TextQuery): Promise<{ matched: number[]; phrased: Set<number> }> {
    const row = (
      await sql<{ ids: number[]; phrased: number[] }>`select coalesce(json_agg(id), '[]') as ids,
          coalesce(json_agg(id) filter (where ${likeContains(text.phrase)}), '[]') as phrased
        from products where ${sql.join(text.words.map(likeContains), sql` and `)}`.execute(db)
    ).rows[0];
    return { matched: row?.ids ?? [], phrased: new Set(row?.phrased ?? []) };
  }

  /**
   * Ranks the matches: the exact item code first, then codes starting with the text, then (several
   * words) rows containing them as one phrase, then the rest; ties by item code. Unsellable rows
   * (inactive, no price in the currency) are left out. Sorts one integer per row: tier and place.
   */
  function rank(at: CatalogueOrder, currency: string, text: TextQuery, matched: number[], phrased?: Set<number>) {
    const sellable = at.sellable.get(currency);
    if (!sellable) return [];
    const keys = new Int32Array(matched.length);
    let n = 0;
    for (const id of matched) {
      const i = id < at.place.length ? at.place[id]! : -1;
      if (i < 0 || !sellable[i]) continue;
      const code = at.codes[i]!;
      const tier = code === text.phrase ? 0 : code.startsWith(text.phrase) ? 1 : phrased?.has(id) ? 2 : 3;
      keys[n++] = tier * PLACE_BITS + i;
    }
    const sorted = keys.subarray(0, n).sort();
    const ranked = new Array<number>(n);
    for (let k = 0; k < n; k++) ranked[k] = at.ids[sorted[k]! % PLACE_BITS]!;
    return ranked;
  }

  /**
   * Sellable places whose code starts with `phrase`, the exact code first, then in item-code order;
   * at most `limit`.
   */
  function codesStarting(at: CatalogueOrder, sellable: Uint8Array, phrase: string, limit: number): number[] {
    let lo = 0;
    let hi = at.byCode.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at.codes[at.byCode[mid]!]! < phrase) lo = mid + 1;
      else hi = mid;
    }
    const exact: number[] = [];
    const starting: number[] = [];
    for (let k = lo; k < at.byCode.length && at.codes[at.byCode[k]!]!.startsWith(phrase); k++) {
      const i = at.byCode[k]!;
      if (sellable[i]) (at.codes[i] === phrase ? exact : starting).push(i);
    }
    return [...exact, ...Int32Array.from(starting).sort()].slice(0, limit);
  }

  /**
   * The same ranking when the engine reads matches fastest in item-code order and can stop early
   * (PostgreSQL; SQLite's scan for words too short for its trigram index): the list is cut at
   * `limit`, so only its first matches in item-code order can appear after the codes starting with
   * the text (found in memory: such a code's text starts with the phrase, so it matches). Rows that
   * are left out (those codes, unsellable ones) are made up for by reading that many more.
   */
  async function rankInCodeOrder(at: CatalogueOrder, currency: string, text: TextQuery, limit: number) {
    const sellable = at.sellable.get(currency);
    if (!sellable) return [];
    const first = codesStarting(at, sellable, text.phrase, limit);
    const ranked = first.map((i) => at.ids[i]!);
    if (ranked.length >= limit) return ranked;
    // Of the first `enough` matches, at most first.length + unsellable are passed over.
    const enough = limit + (at.unsellable.get(currency) ?? 0);
    const inCodeOrder = (where: RawBuilder<unknown>) =>
      idList(sql`select id from products where ${where} order by item_number limit ${enough}`);
    const [phrased, matched] = await Promise.all([
      text.words.length > 1 ? inCodeOrder(likeContains(text.phrase)) : [],
      inCodeOrder(sql.join(text.words.map(likeContains), sql` and `)),
    ]);
    const taken = new Set(first);
    for (const ids of [phrased, matched]) {
      // The engine's order is item-code order; sorting by place keeps that without trusting it.
      const places = ids.flatMap((id) => (id < at.place.length && at.place[id]! >= 0 ? [at.place[id]!] : []));
      for (const i of places.sort((a, b) => a - b)) {
        if (ranked.length >= limit) return ranked;
        if (!sellable[i] || taken.has(i)) continue;
        taken.add(i);
        ranked.push(at.ids[i]!);
      }
    }
    return ranked;
  }

  return {
    /** Ranked ids of the sellable products matching `text` in `currency`; at most `limit`. */
    async search(currency: string, text: TextQuery, limit: number): Promise<number[]> {
      const revision = await currentRevision();
      const key = `${revision}\u0000${currency}\u0000${limit}\u0000${text.words.join('\u0000')}`;
      const remembered = results.get(key);
      if (remembered) {
        results.delete(key); // most recently used last
        results.set(key, remembered);
        return remembered.slice();
      }
      let ranked: number[];
      if (engine === 'sqlite' && text.words.some((w) => w.length >= TRIGRAM)) {
        // FTS5 hands over every match quickly but unordered: rank them all here.
        const [at, matched, phrased] = await Promise.all([
          orderAt(revision),
          matching(text),
          text.words.length > 1 ? containingPhrase(text) : undefined,
        ]);
        ranked = rank(at, currency, text, matched, phrased).slice(0, limit);
      } else if (engine === 'postgres' && text.words.length > 1 && text.words.some((w) => w.length >= TRIGRAM)) {
        // Several words: one pass over the trigram index's matches tells which hold the phrase too,
        // where reading in item-code order would take a second query for the phrase.
        const [at, { matched, phrased }] = await Promise.all([orderAt(revision), matchingWithPhrase(text)]);
        ranked = rank(at, currency, text, matched, phrased).slice(0, limit);
      } else {
        ranked = await rankInCodeOrder(await orderAt(revision), currency, text, limit);
      }
      if (resultEntries > 0 && order?.revision === revision) {
        results.set(key, ranked);
        if (results.size > resultEntries) results.delete(results.keys().next().value!);
      }
      return ranked.slice();
    },
  };
}

export type CatalogueIndex = ReturnType<typeof catalogueIndex>;
