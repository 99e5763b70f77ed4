import type { CurrencyCode } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { catalogueIndexRepository } from './catalogue-index.repository.js';

/**
 * Text search, matched and ranked in memory.
 *
 * Each server keeps the catalogue's searchable part in memory: every product's place in item-code
 * order, its code and search text in lower case, whether it sells in each currency, and a trigram
 * index over the texts (for each three-character sequence, the places whose text holds it). A text
 * search takes the shortest list among its words' trigrams, keeps the places whose text contains
 * every word (`includes`: exactly what `search_text like '%word%'` finds on both engines) and ranks
 * them: the exact item code first, then codes starting with the text, then (several words) texts
 * holding them as one phrase, then the rest; ties by item code; unsellable rows (inactive, no price
 * in the currency) left out. The database then looks up and prices only the rows shown.
 *
 * Matching in the database cost a statement that read every match (FTS5's trigram MATCH on SQLite,
 * pg_trgm's GIN index on PostgreSQL: 4-10 ms for a common word at 50,000 products) on every search;
 * here it is well under a millisecond on both engines (bench/search.ts). The price is memory and a
 * build: about 7 MB and 0.5-0.7 s at 50,000 products (bench/search.ts prints both), built a slice
 * at a time so that other requests run in between. It is rebuilt when the catalogue revision moves
 * (migration 004: triggers bump it on any change that can change a search, in any process); stock
 * and price changes do not move it.
 * The database's trigram indexes still serve text combined with a product type or range
 * (products.repository.ts).
 *
 * Ranked lists are also remembered per revision, currency and text (`resultEntries`, least recently
 * used out first; at most 2,001 ids each, so 256 entries stay under 4 MB), so paging through a list,
 * or many customers asking for the same word, ranks once.
 */

/** The searchable catalogue in item-code order, as this server last read it. */
interface CatalogueOrder {
  revision: number;
  /** Product id to its place in item-code order (-1: no such product). */
  place: Int32Array;
  /** Place to product id. */
  ids: Int32Array;
  /** Place to item code, lower case. */
  codes: string[];
  /** Place to search text (item code and description, lower case). */
  texts: string[];
  /** Trigram (gramKey) to the places whose text holds it, ascending. */
  grams: Map<number, Int32Array>;
  /** Places in the order of their lower-case codes: code-prefix lookups by binary search. */
  byCode: Int32Array;
  /** Per currency, place to 1 when the product is active and priced in it. */
  sellable: Map<string, Uint8Array>;
}

/** How a text search's words reach the index: all of them, and as one phrase. */
export interface TextQuery {
  words: string[];
  phrase: string;
}

/** LIKE pattern that matches `text` literally (\\ escapes % _ and itself). */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** An FTS5 phrase that matches `word` literally: quoted, inner quotes doubled. */
export const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
/** Trigram indexes (FTS5's, pg_trgm's, this one) index 3-character sequences; shorter words cannot use them. */
export const TRIGRAM = 3;

export const DEFAULT_RESULT_ENTRIES = 256;

/** Products indexed between two yields to the event loop while the trigram index is built. */
const BUILD_SLICE = 1000;
/**
 * Rows read per statement while the index is built: a whole catalogue in one answer held the event
 * loop for a fifth of a second on PostgreSQL (its driver turns an answer into rows in one go).
 */
const READ_BATCH = 5000;

/** Lets the event loop answer what is waiting before the build goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every row of a keyed read, a batch at a time: `next(last row of the previous batch)`. */
async function inBatches<R>(next: (after?: R) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let batch = await next(); ; batch = await next(batch[batch.length - 1])) {
    for (const row of batch) rows.push(row);
    if (batch.length < READ_BATCH) return rows;
  }
}

/** The trigram at `k` in `text` as one number: three UTF-16 code units, 16 bits each (exact below 2^53). */
const gramKey = (text: string, k: number) =>
  text.charCodeAt(k) * 2 ** 32 + text.charCodeAt(k + 1) * 2 ** 16 + text.charCodeAt(k + 2);

const NONE = new Int32Array(0);

/** Nearest codes: places either side of a code's place in code order that are considered. */
const NEIGHBOURS = 4;
/** Nearest codes: a trigram held by more texts than this is not counted (too common to tell codes apart). */
const COMMON_GRAM = 2000;
/** Nearest codes: places (most trigrams shared first) whose edit distance is measured. */
const NEAREST_CANDIDATES = 40;

/** Levenshtein distance of two short codes; anything above `max` is answered as max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/** One index per database handle, shared by the product search and Quick Order. */
const shared = new WeakMap<object, Map<number, ReturnType<typeof catalogueIndex>>>();
export function sharedCatalogueIndex(db: Db, resultEntries = DEFAULT_RESULT_ENTRIES): CatalogueIndex {
  let byEntries = shared.get(db);
  if (!byEntries) shared.set(db, (byEntries = new Map()));
  let index = byEntries.get(resultEntries);
  if (!index) byEntries.set(resultEntries, (index = catalogueIndex(db, resultEntries)));
  return index;
}

/**
 * For each trigram of the texts, the places holding it, ascending. Built `BUILD_SLICE` texts at a
 * time with a yield between, so a rebuild does not hold up the requests the server is answering.
 */
async function trigramIndex(texts: readonly string[]): Promise<Map<number, Int32Array>> {
  const lists = new Map<number, number[]>();
  for (let start = 0; start < texts.length; start += BUILD_SLICE) {
    if (start > 0) await nextTurn();
    const end = Math.min(start + BUILD_SLICE, texts.length);
    for (let i = start; i < end; i++) {
      const text = texts[i]!;
      for (let k = 0; k + TRIGRAM <= text.length; k++) {
        const key = gramKey(text, k);
        const list = lists.get(key);
        if (!list) lists.set(key, [i]);
        else if (list[list.length - 1] !== i) list.push(i); // a text holding a trigram twice is listed once
      }
    }
  }
  const grams = new Map<number, Int32Array>();
  let copied = 0;
  for (const [key, list] of lists) {
    grams.set(key, Int32Array.from(list));
    copied += list.length;
    if (copied > BUILD_SLICE * 100) {
      copied = 0;
      await nextTurn();
    }
  }
  return grams;
}

/** An item code with only its letters and digits: "RB-BLK 0001" and "rbblk0001" read alike. */
const compactCode = (code: string) => code.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** Words shorter than this are never read as another word: too many are one letter from another. */
const TYPO_MIN = 4;
/** From this length a word may be two letters from the one meant. */
const TYPO_TWO = 8;

/**
 * Whether `a` and `b` differ by one edit at most (one letter changed, added or dropped): a single
 * walk, where the general edit distance fills a table; most typed words are short enough for it.
 */
export function withinOne(a: string, b: string): boolean {
  if (a.length < b.length) [a, b] = [b, a];
  if (a.length - b.length > 1) return false;
  let i = 0;
  while (i < b.length && a[i] === b[i]) i++;
  // The first difference: the rest must match with one letter changed (same length) or one dropped.
  return a.length === b.length ? a.slice(i + 1) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}

interface Fallback {
  /** Places whose compact code starts with `compact`: the exact one first, then in code order. */
  codesStarting(compact: string): number[];
  /** The catalogue word nearest `word` when no text holds it (`occurs` false); else `word` itself. */
  nearestWord(word: string, occurs: (word: string) => boolean): string;
}

/**
 * The compact codes in order and the catalogue's words with the number of texts holding each: a
 * few milliseconds' work at 50,000 products, done only when a search first falls back.
 */
function fallbackIndex(codes: readonly string[], texts: readonly string[]): Fallback {
  const compact = codes.map(compactCode);
  const byCompact = Int32Array.from(compact.keys()).sort((a, b) =>
    compact[a]! < compact[b]! ? -1 : compact[a]! > compact[b]! ? 1 : a - b,
  );
  const inTexts = new Map<string, number>();
  for (const text of texts)
    for (const word of new Set(text.split(/[^\p{L}\p{N}]+/u)))
      if (word.length >= TYPO_MIN - 1) inTexts.set(word, (inTexts.get(word) ?? 0) + 1);
  const byLength = new Map<number, string[]>();
  for (const word of inTexts.keys()) {
    const same = byLength.get(word.length);
    if (same) same.push(word);
    else byLength.set(word.length, [word]);
  }
  return {
    codesStarting(wanted) {
      let lo = 0;
      let hi = byCompact.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compact[byCompact[mid]!]! < wanted) lo = mid + 1;
        else hi = mid;
      }
      const exact: number[] = [];
      const starting: number[] = [];
      for (let k = lo; k < byCompact.length && compact[byCompact[k]!]!.startsWith(wanted); k++) {
        const i = byCompact[k]!;
        (compact[i] === wanted ? exact : starting).push(i);
      }
      return [...exact, ...Int32Array.from(starting).sort()];
    },
    nearestWord(word, occurs) {
      if (word.length < TYPO_MIN || occurs(word)) return word;
      const allowed = word.length >= TYPO_TWO ? 2 : 1;
      let best = word;
      let bestDistance = allowed + 1;
      let bestCount = 0;
      for (let length = word.length - allowed; length <= word.length + allowed; length++)
        for (const v of byLength.get(length) ?? []) {
          const d = allowed === 1 ? (withinOne(word, v) ? 1 : 2) : editDistance(word, v, allowed);
          const count = inTexts.get(v)!;
          if (
            d < bestDistance ||
            (d === bestDistance && d <= allowed && (count > bestCount || (count === bestCount && v < best)))
          ) {
            best = v;
            bestDistance = d;
            bestCount = count;
          }
        }
      return best;
    },
  };
}

export function catalogueIndex(db: Db, resultEntries = DEFAULT_RESULT_ENTRIES) {
  let order: CatalogueOrder | undefined;
  let building: Promise<CatalogueOrder> | undefined;
  const results = new Map<string, number[]>();
  const repo = catalogueIndexRepository(db);
  const currentRevision = repo.revision;

  async function build(revision: number): Promise<CatalogueOrder> {
    const [products, prices] = await Promise.all([
      inBatches((after?: { item_number: string }) => repo.productsAfter(after, READ_BATCH)),
      inBatches((after?: { product_id: number; currency_code: CurrencyCode }) => repo.pricesAfter(after, READ_BATCH)),
    ]);
    await nextTurn();
    const maxId = products.reduce((m, p) => Math.max(m, p.id), 0);
    const place = new Int32Array(maxId + 1).fill(-1);
    const ids = new Int32Array(products.length);
    const codes = new Array<string>(products.length);
    const texts = new Array<string>(products.length);
    products.forEach((p, i) => {
      place[p.id] = i;
      ids[i] = p.id;
      codes[i] = p.item_number.toLowerCase();
      texts[i] = p.search_text;
    });
    const byCode = Int32Array.from(codes.keys()).sort((a, b) =>
      codes[a]! < codes[b]! ? -1 : codes[a]! > codes[b]! ? 1 : a - b,
    );
    await nextTurn();
    const sellable = new Map<string, Uint8Array>();
    for (const price of prices) {
      const i = price.product_id <= maxId ? place[price.product_id]! : -1;
      if (i < 0 || !Number(products[i]!.active)) continue;
      let flags = sellable.get(price.currency_code);
      if (!flags) sellable.set(price.currency_code, (flags = new Uint8Array(products.length)));
      flags[i] = 1;
    }
    return { revision, place, ids, codes, texts, grams: await trigramIndex(texts), byCode, sellable };
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

  /** The first place in code order whose code is not before `code` (binary search over `byCode`). */
  function firstCodeAtOrAfter(at: CatalogueOrder, code: string): number {
    let lo = 0;
    let hi = at.byCode.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at.codes[at.byCode[mid]!]! < code) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Sellable places whose code starts with `phrase`, the exact code first, then in item-code order;
   * at most `limit`. Every one matches the text: its search text starts with its code.
   */
  function codesStarting(at: CatalogueOrder, sellable: Uint8Array, phrase: string, limit: number): number[] {
    const lo = firstCodeAtOrAfter(at, phrase);
    const exact: number[] = [];
    const starting: number[] = [];
    for (let k = lo; k < at.byCode.length && at.codes[at.byCode[k]!]!.startsWith(phrase); k++) {
      const i = at.byCode[k]!;
      if (sellable[i]) (at.codes[i] === phrase ? exact : starting).push(i);
    }
    return [...exact, ...Int32Array.from(starting).sort()].slice(0, limit);
  }

  /**
   * The places that can hold every word, ascending: the shortest list among the words' trigrams
   * (none when a trigram occurs nowhere). Undefined when every word is shorter than a trigram: then
   * every place is a candidate.
   */
  function candidates(at: CatalogueOrder, words: readonly string[]): Int32Array | undefined {
    let shortest: Int32Array | undefined;
    for (const word of words)
      for (let k = 0; k + TRIGRAM <= word.length; k++) {
        const list = at.grams.get(gramKey(word, k));
        if (!list) return NONE;
        if (!shortest || list.length < shortest.length) shortest = list;
      }
    return shortest;
  }

  /**
   * Ranked ids (see the comment at the top): the codes starting with the text from the binary
   * search, then one pass over the candidates in item-code order, which stops once the phrase rows
   * alone fill the list.
   */
  function rank(at: CatalogueOrder, currency: string, text: TextQuery, limit: number): number[] {
    const sellable = at.sellable.get(currency);
    if (!sellable) return [];
    const first = codesStarting(at, sellable, text.phrase, limit);
    const taken = new Set(first);
    const room = limit - first.length;
    const phrased: number[] = [];
    const rest: number[] = [];
    const within = candidates(at, text.words);
    const count = within ? within.length : at.ids.length;
    const oneWord = text.words.length === 1;
    for (let k = 0; k < count && phrased.length < room; k++) {
      const i = within ? within[k]! : k;
      if (!sellable[i] || taken.has(i)) continue;
      const own = at.texts[i]!;
      if (!text.words.every((w) => own.includes(w))) continue;
      if (oneWord || own.includes(text.phrase)) phrased.push(i);
      else if (rest.length < room) rest.push(i);
    }
    const ranked = first.concat(phrased, rest);
    return ranked.slice(0, limit).map((i) => at.ids[i]!);
  }

  /** What only a fallback needs, built from an order the first time a search there finds nothing. */
  const fallbacks = new WeakMap<CatalogueOrder, Fallback>();
  function fallbackOf(at: CatalogueOrder): Fallback {
    let found = fallbacks.get(at);
    if (!found) fallbacks.set(at, (found = fallbackIndex(at.codes, at.texts)));
    return found;
  }

  /**
   * When a text finds nothing as typed (the hot path costs nothing more): a code typed without its
   * dashes or spaces ("rbblk0001") finds the codes that read so once theirs are taken out, exact
   * first; else each word found in no text is read as the nearest word of the catalogue (edit
   * distance 1, 2 from 8 letters; the word in most texts on a tie) and the text ranked again.
   */
  function rankFallback(at: CatalogueOrder, currency: string, text: TextQuery, limit: number): number[] {
    const sellable = at.sellable.get(currency);
    if (!sellable) return [];
    const fallback = fallbackOf(at);
    const compact = compactCode(text.phrase);
    if (compact.length >= TRIGRAM) {
      const places = fallback.codesStarting(compact).filter((i) => sellable[i]);
      if (places.length) return places.slice(0, limit).map((i) => at.ids[i]!);
    }
    const occurs = (word: string) => {
      const within = candidates(at, [word]);
      if (!within) return true; // shorter than a trigram: not corrected anyway
      for (const i of within) if (at.texts[i]!.includes(word)) return true;
      return false;
    };
    const words = text.words.map((w) => fallback.nearestWord(w, occurs));
    if (words.every((w, k) => w === text.words[k])) return [];
    return rank(at, currency, { words, phrase: words.join(' ') }, limit);
  }

  /**
   * Sellable places whose codes are nearest `code` (edit distance), best first; at most `limit`.
   * `counts` is scratch space of one entry per place, all 0, and left so.
   */
  function nearest(at: CatalogueOrder, sellable: Uint8Array, code: string, limit: number, counts: Uint16Array) {
    const touched: number[] = [];
    const hit = (i: number, by: number) => {
      if (counts[i] === 0) touched.push(i);
      counts[i]! += by;
    };
    // Neighbours in code order catch a typo near the end of a code.
    const lo = firstCodeAtOrAfter(at, code);
    for (let k = Math.max(0, lo - NEIGHBOURS); k < Math.min(at.byCode.length, lo + NEIGHBOURS); k++)
      hit(at.byCode[k]!, 1);
    // Shared trigrams catch the rest; a trigram held by very many texts says little and is skipped.
    for (let k = 0; k + TRIGRAM <= code.length; k++) {
      const list = at.grams.get(gramKey(code, k));
      if (!list || list.length > COMMON_GRAM) continue;
      for (const i of list) hit(i, 1);
    }
    // The places sharing most, by buckets of their count (no sort of every place touched).
    const byCount: number[][] = [];
    for (const i of touched) {
      if (sellable[i]) (byCount[counts[i]!] ??= []).push(i);
      counts[i] = 0;
    }
    const allowed = Math.max(2, Math.floor(code.length / 3));
    const scored: { i: number; d: number }[] = [];
    let measured = 0;
    for (let c = byCount.length - 1; c > 0 && measured < NEAREST_CANDIDATES; c--)
      for (const i of byCount[c] ?? []) {
        if (measured++ >= NEAREST_CANDIDATES) break;
        const d = editDistance(code, at.codes[i]!, allowed);
        if (d <= allowed) scored.push({ i, d });
      }
    scored.sort((a, b) => a.d - b.d || (at.codes[a.i]! < at.codes[b.i]! ? -1 : 1));
    return scored.slice(0, limit).map((s) => s.i);
  }

  return {
    /** The catalogue revision now: read it beside other work and hand it to `search`. */
    revision: currentRevision,

    /**
     * Quick Order: for each code (any case), the product id with exactly that code
     * (active or not, priced or not; undefined: none), and for a code with no product, the ids of
     * the nearest codes sold in `currency` (`suggest` at most).
     */
    async findCodes(
      currency: string,
      codes: readonly string[],
      suggest: number,
    ): Promise<{ id: number | undefined; nearest: number[] }[]> {
      const at = await orderAt(await currentRevision());
      const sellable = at.sellable.get(currency) ?? new Uint8Array(at.ids.length);
      let counts: Uint16Array | undefined;
      return codes.map((raw) => {
        const code = raw.toLowerCase();
        if (!code) return { id: undefined, nearest: [] };
        const lo = firstCodeAtOrAfter(at, code);
        const place = lo < at.byCode.length && at.codes[at.byCode[lo]!] === code ? at.byCode[lo]! : -1;
        if (place >= 0) return { id: at.ids[place]!, nearest: [] };
        counts ??= new Uint16Array(at.ids.length);
        return { id: undefined, nearest: nearest(at, sellable, code, suggest, counts).map((i) => at.ids[i]!) };
      });
    },

    /** The revision of the index in memory (undefined before the first build): `search` at it asks nothing. */
    builtRevision: (): number | undefined => order?.revision,

    /**
     * Ranked ids of the sellable products matching `text` in `currency`; at most `limit`. At the
     * catalogue `revision` given (read by `revision()` during this request), else at the one now.
     */
    async search(currency: string, text: TextQuery, limit: number, revision?: number): Promise<number[]> {
      revision ??= await currentRevision();
      const key = `${revision}\u0000${currency}\u0000${limit}\u0000${text.words.join('\u0000')}`;
      const remembered = results.get(key);
      if (remembered) {
        results.delete(key); // most recently used last
        results.set(key, remembered);
        return remembered.slice();
      }
      const at = await orderAt(revision);
      let ranked = rank(at, currency, text, limit);
      if (!ranked.length) ranked = rankFallback(at, currency, text, limit);
      if (resultEntries > 0 && at.revision === revision) {
        results.set(key, ranked);
        if (results.size > resultEntries) results.delete(results.keys().next().value!);
      }
      return ranked.slice();
    },
  };
}

export type CatalogueIndex = ReturnType<typeof catalogueIndex>;
