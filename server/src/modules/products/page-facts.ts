import type { CurrencyCode } from '@wholesale/contract';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { PricedCaller } from '../../domain/caller.js';
import type { TermsRow } from '../pricing/pricing.repository.js';
import type { ProductRow, ProductsRepository } from './products.repository.js';

/**
 * What a page of a text search reads from the database, kept in memory while the database's change
 * feed is live (db/change-feed.ts: LISTEN/NOTIFY on PostgreSQL, a change log polled on SQLite), so
 * that a page of rows seen before is answered with no statement at all: each product's row in each
 * currency (stock, schedule, price, multi-buy), each user's favourite flags, each account's terms
 * rows, and the catalogue revision the search index was last confirmed against.
 *
 * Only what a page statement read is kept (nothing is loaded ahead). Everything is forgotten as
 * a change to it is heard: `catalogue` forgets every row and the confirmed revision (a stock
 * change, an import), `terms` every account's terms, `favourites:<user>` that user's flags; a
 * dropped feed everything, and nothing is used or kept until it is live again. A read that was
 * under way when any change was heard is not kept (`ticket`): it may have read the rows as they
 * were before it.
 *
 * So a change made by any process is seen by the next page once it is heard (PostgreSQL sends it as
 * the change commits, under a millisecond on one machine; on SQLite the feed reads its change log
 * before each use, so at once), and this server's own favourite changes at once (`forgetUser`).
 * What a page shows is for reading: placing an order prices and checks every line from the database.
 */
export interface PageFacts {
  /** The rows, terms rows and favourite flags of `ids` for the caller, if every one is known. */
  page(
    caller: PricedCaller,
    ids: readonly number[],
    revision: number,
  ): { rows: ProductRow[]; terms: TermsRow[] } | undefined;
  /** Taken before a read whose answer may be kept: undefined when nothing may be kept now. */
  ticket(): number | undefined;
  /** Keeps what a page statement read (rows with the user's flags, the terms, the revision) unless anything changed since `ticket`. */
  remember(
    ticket: number | undefined,
    caller: PricedCaller,
    revision: number,
    rows: readonly ProductRow[],
    terms: readonly TermsRow[],
  ): void;
  /** This server changed the user's favourites: their flags are read again. */
  forgetUser(userId: number): void;
}

/** Bounds: past one, that kind of entry is forgotten whole and read again as pages ask. */
const MAX_ROWS = 100_000;
const MAX_ACCOUNTS = 10_000;
const MAX_USERS = 10_000;
const MAX_FLAGS_PER_USER = 5_000;

export function pageFacts(feed: ChangeFeed): PageFacts {
  /** Moves on every change heard: a read begun before it is not kept. */
  let generation = 0;
  let confirmed: number | undefined;
  const rows = new Map<CurrencyCode, Map<number, ProductRow>>();
  const terms = new Map<number, readonly TermsRow[]>();
  const flags = new Map<number, Map<number, boolean>>();

  feed.subscribe((topic, key) => {
    if (topic === 'catalogue') {
      rows.clear();
      confirmed = undefined;
    } else if (topic === 'terms') {
      terms.clear();
    } else if (topic === 'favourites' && key !== undefined) {
      flags.delete(Number(key));
    } else if (topic === undefined || topic === 'favourites') {
      rows.clear();
      terms.clear();
      flags.clear();
      confirmed = undefined;
    } else {
      return; // a topic of no concern here
    }
    generation++;
  });

  return {
    page(caller, ids, revision) {
      feed.poll();
      if (!feed.live || confirmed !== revision) return undefined;
      const account = terms.get(caller.accountId);
      const mine = flags.get(caller.userId);
      const priced = rows.get(caller.currency);
      if (!account || !mine || !priced) return undefined;
      const out: ProductRow[] = [];
      for (const id of ids) {
        const row = priced.get(id);
        const favourite = mine.get(id);
        if (!row || favourite === undefined) return undefined;
        out.push({ ...row, is_favourite: favourite });
      }
      return { rows: out, terms: [...account] };
    },

    ticket() {
      feed.poll();
      return feed.live ? generation : undefined;
    },

    remember(ticket, caller, revision, read, termsRows) {
      feed.poll();
      if (ticket === undefined || ticket !== generation || !feed.live) return;
      confirmed = revision;
      if (terms.size >= MAX_ACCOUNTS) terms.clear();
      terms.set(caller.accountId, termsRows);
      let priced = rows.get(caller.currency);
      if (!priced) rows.set(caller.currency, (priced = new Map()));
      if (priced.size + read.length > MAX_ROWS) priced.clear();
      let mine = flags.get(caller.userId);
      if (!mine || mine.size + read.length > MAX_FLAGS_PER_USER) {
        if (!mine && flags.size >= MAX_USERS) flags.clear();
        flags.set(caller.userId, (mine = new Map()));
      }
      for (const row of read) {
        priced.set(row.id, row);
        mine.set(row.id, Boolean(row.is_favourite));
      }
    },

    forgetUser(userId) {
      generation++;
      flags.delete(userId);
    },
  };
}

/**
 * The products repository with the page cache in front of it, as the session cache wraps the auth
 * repository (auth/session-cache.ts): a page whose rows, terms and flags were all read before and
 * have not changed since is answered from memory with no statement; a page read is kept; a
 * favourite change by this server forgets that user's flags at once.
 */
export function withPageCache(repo: ProductsRepository, facts: PageFacts): ProductsRepository {
  return {
    ...repo,
    async pageAndTerms(caller, shown, revision) {
      const known = facts.page(caller, shown, revision);
      if (known) return { ...known, revision };
      const ticket = facts.ticket();
      const read = await repo.pageAndTerms(caller, shown, revision);
      if (read && read.terms[0]?.currency_code === caller.currency && read.rows.length === shown.length)
        facts.remember(ticket, caller, read.revision, read.rows, read.terms);
      return read;
    },
    async addFavourite(userId, productId, now) {
      await repo.addFavourite(userId, productId, now);
      facts.forgetUser(userId);
    },
    async removeFavourite(userId, productId) {
      await repo.removeFavourite(userId, productId);
      facts.forgetUser(userId);
    },
  };
}
