import { describe, expect, it } from 'vitest';
import type { ChangeFeed, Heard } from '../../db/change-feed.js';
import type { TermsRow } from '../pricing/pricing.repository.js';
import { pageFacts } from './page-facts.js';
import type { ProductRow } from './products.repository.js';

/** A change feed at the edge: the test says when it is live and what is heard. */
function fakeFeed() {
  const subscribers = new Set<Heard>();
  const feed = {
    live: true as boolean,
    subscribe(heard: Heard) {
      subscribers.add(heard);
      return () => void subscribers.delete(heard);
    },
    poll: () => {},
    caughtUp: () => Promise.resolve(),
    close: () => Promise.resolve(),
  } satisfies ChangeFeed;
  const hear = (topic?: string, key?: string) => subscribers.forEach((h) => h(topic, key));
  return { feed, hear };
}

const row = (id: number, stock = 5): ProductRow => ({
  id,
  item_number: `P-${id}`,
  description: `Product ${id}`,
  stock,
  product_type_id: 1,
  pack_quantity: 1,
  unit: 'EACH',
  list_price_e5: 100_000,
  is_favourite: false,
  has_multibuy: false,
  best_tier_e5: null,
  quantity_due: 0,
  due_date: null,
});
const termsRows = [{ currency_code: 'GBP', discount_bp: 1000 }] as unknown as TermsRow[];
const pia = { userId: 7, accountId: 3, currency: 'GBP' as const };
const pim = { userId: 8, accountId: 3, currency: 'GBP' as const };
const REVISION = 4;

/** Facts that have read rows 1 and 2 for pia (row 2 a favourite of hers). */
function remembered() {
  const { feed, hear } = fakeFeed();
  const facts = pageFacts(feed);
  facts.remember(facts.ticket(), pia, REVISION, [row(1), { ...row(2), is_favourite: true }], termsRows);
  return { feed, hear, facts };
}

describe('page facts', () => {
  it('answers a page whose rows, flags and terms were all read, at the revision they were read at', () => {
    const { facts } = remembered();
    const page = facts.page(pia, [2, 1], REVISION);
    expect(page?.rows.map((r) => [r.id, r.is_favourite])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(page?.terms).toEqual(termsRows);
    expect(facts.page(pia, [], REVISION)?.rows).toEqual([]);
    // Not known: another row, another user's flags, another currency, another revision of the index.
    expect(facts.page(pia, [1, 3], REVISION)).toBeUndefined();
    expect(facts.page(pim, [1], REVISION)).toBeUndefined();
    expect(facts.page({ ...pia, currency: 'EUR' }, [1], REVISION)).toBeUndefined();
    expect(facts.page(pia, [1], REVISION + 1)).toBeUndefined();
  });

  it('forgets what a change heard touches, and only that', () => {
    const { facts, hear } = remembered();
    hear('favourites', '8'); // pim's
    expect(facts.page(pia, [1], REVISION)).toBeDefined();
    hear('favourites', '7');
    expect(facts.page(pia, [1], REVISION)).toBeUndefined();

    const second = remembered();
    second.hear('terms');
    expect(second.facts.page(pia, [1], REVISION)).toBeUndefined();

    const third = remembered();
    third.hear('catalogue');
    expect(third.facts.page(pia, [1], REVISION)).toBeUndefined();

    const fourth = remembered();
    fourth.hear('something-else');
    expect(fourth.facts.page(pia, [1], REVISION)).toBeDefined();
    fourth.hear(); // the feed dropped or came back: anything may have changed
    expect(fourth.facts.page(pia, [1], REVISION)).toBeUndefined();
  });

  it("forgets a user's flags when this server changes their favourites", () => {
    const { facts } = remembered();
    facts.forgetUser(7);
    expect(facts.page(pia, [1], REVISION)).toBeUndefined();
  });

  it('keeps nothing read while a change was heard, and uses and keeps nothing while the feed is not live', () => {
    const { feed, hear } = fakeFeed();
    const facts = pageFacts(feed);
    const ticket = facts.ticket();
    hear('favourites', '99'); // anyone's change, while the read was under way
    facts.remember(ticket, pia, REVISION, [row(1)], termsRows);
    expect(facts.page(pia, [1], REVISION)).toBeUndefined();
    const own = facts.ticket();
    facts.forgetUser(8);
    facts.remember(own, pia, REVISION, [row(1)], termsRows);
    expect(facts.page(pia, [1], REVISION)).toBeUndefined();

    const known = remembered();
    known.feed.live = false;
    expect(known.facts.page(pia, [1], REVISION)).toBeUndefined();
    expect(known.facts.ticket()).toBeUndefined();
    known.facts.remember(undefined, pia, REVISION, [row(5)], termsRows);
    known.feed.live = true;
    expect(known.facts.page(pia, [5], REVISION)).toBeUndefined();
  });

  it('answers with the rows as they were last read', () => {
    const { facts } = remembered();
    facts.remember(facts.ticket(), pia, REVISION, [row(1, 42)], termsRows);
    expect(facts.page(pia, [1, 2], REVISION)?.rows.map((r) => r.stock)).toEqual([42, 5]);
  });
});
