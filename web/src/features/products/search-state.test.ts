import type { Product } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';
import { initialSearchState, searchReducer, searchRequest, type SearchAction, type SearchState } from './search-state';
import { product } from './products-test-data';

const run = (actions: SearchAction[], from: SearchState = initialSearchState) => actions.reduce(searchReducer, from);
const rows: Product[] = [product('A-1'), product('A-2', { isFavourite: true })];

describe('search state rules (spec section 4)', () => {
  it('clears the range when a product type is chosen', () => {
    const s = run([
      { type: 'typeChosen', name: 'Blinds' },
      { type: 'rangeChosen', name: 'Blackout' },
      { type: 'typeChosen', name: 'Tracks' },
    ]);
    expect(s).toMatchObject({ primaryCategory: 'Tracks', secondaryCategory: '' });
  });

  it('searches by text alone, clearing category and range', () => {
    const s = run([
      { type: 'typeChosen', name: 'Blinds' },
      { type: 'rangeChosen', name: 'Blackout' },
      { type: 'textChanged', text: ' white ' },
    ]);
    expect(searchRequest(s)).toEqual({ params: { searchValue: 'white', isSearching: 'true' }, resultsFor: 'white' });
    expect(run([{ type: 'searchStarted' }], s)).toMatchObject({
      primaryCategory: '',
      secondaryCategory: '',
      searchValue: ' white ',
      busy: 'search',
    });
    const byCategory = run([
      { type: 'typeChosen', name: 'Blinds' },
      { type: 'rangeChosen', name: 'Blackout' },
    ]);
    expect(searchRequest(byCategory)).toEqual({
      params: { primaryCategory: 'Blinds', secondaryCategory: 'Blackout', isSearching: 'false' },
      resultsFor: 'Blinds - Blackout',
    });
    expect(searchRequest(initialSearchState)).toBeNull();
  });

  it('replaces the list on success, back to page 1 with no filter and no modal', () => {
    const before: SearchState = {
      ...initialSearchState,
      activeFilter: 'Favourites',
      products: rows,
      page: 3,
      modal: { kind: 'image', product: rows[0]! },
    };
    const s = run(
      [
        { type: 'searchStarted' },
        {
          type: 'searchSucceeded',
          products: [rows[1]!],
          truncated: false,
          resultsFor: 'x',
          request: { searchValue: 'x', isSearching: 'true' },
        },
      ],
      before,
    );
    expect(s).toMatchObject({
      products: [rows[1]],
      page: 1,
      activeFilter: 'none',
      busy: null,
      modal: null,
      resultsFor: 'x',
    });
  });

  it('keeps the list shown when a search fails (a dropped connection must not wipe it)', () => {
    const before = { ...initialSearchState, products: rows, resultsFor: 'blind', page: 2 };
    const s = run([{ type: 'searchStarted' }, { type: 'searchFailed' }], before);
    expect(s).toMatchObject({ products: rows, resultsFor: 'blind', page: 2, busy: null });
  });

  it('enters a filter with its list, and leaving it clears the list', () => {
    const s = run([
      { type: 'filterStarted', filter: 'Usuals' },
      { type: 'filterLoaded', filter: 'Usuals', products: rows, truncated: false },
    ]);
    expect(s).toMatchObject({
      activeFilter: 'Usuals',
      products: rows,
      page: 1,
      resultsFor: 'Usual Orders',
      busy: null,
    });
    expect(run([{ type: 'filterLeft' }], s)).toMatchObject({ activeFilter: 'none', products: null });
    // A filter that cannot be loaded is not entered: the list and mode shown stay.
    expect(
      run(
        [
          { type: 'filterStarted', filter: 'Favourites' },
          { type: 'filterFailed', filter: 'Favourites' },
        ],
        s,
      ),
    ).toMatchObject({
      activeFilter: 'Usuals',
      products: rows,
      busy: null,
    });
  });

  it('updates a favourite flag in place', () => {
    const s = run([{ type: 'favouriteChanged', itemNumber: 'A-1', isFavourite: true }], {
      ...initialSearchState,
      products: rows,
      page: 2,
    });
    expect(s.products?.map((p) => p.isFavourite)).toEqual([true, true]);
    expect(s.page).toBe(2);
  });

  it('clears parameters, filters and display', () => {
    const s = run([
      { type: 'typeChosen', name: 'Blinds' },
      { type: 'filterLoaded', filter: 'Favourites', products: rows, truncated: true },
      { type: 'cleared' },
    ]);
    expect(s).toEqual(initialSearchState);
  });
});

describe('paged search lists', () => {
  const rows = [product('A-1'), product('A-2'), product('A-3')];
  // (shadows the file's two-row list on purpose: three rows make pages)
  const request = { searchValue: 'a', isSearching: 'true' as const };

  it('keeps the total and the request of a paged list, and replaces the rows page by page', () => {
    let s = run([
      { type: 'searchStarted' },
      { type: 'searchSucceeded', products: rows.slice(0, 2), truncated: false, resultsFor: 'a', total: 45, request },
    ]);
    expect(s).toMatchObject({ total: 45, request, page: 1, products: rows.slice(0, 2) });
    s = searchReducer(s, { type: 'pageStarted' });
    expect(s.busy).toBe('search');
    s = searchReducer(s, { type: 'pageLoaded', products: [rows[2]!], page: 3 });
    expect(s).toMatchObject({ total: 45, page: 3, products: [rows[2]], busy: null });
    s = searchReducer({ ...s, busy: 'search' }, { type: 'pageFailed' });
    expect(s).toMatchObject({ page: 3, busy: null, products: [rows[2]] });
  });

  it('holds a whole list (no total) when the server does not page, and after a filter', () => {
    const whole = run([{ type: 'searchSucceeded', products: rows, truncated: false, resultsFor: 'a', request }]);
    expect(whole).toMatchObject({ total: null, request: null });
    const fav = run([{ type: 'filterLoaded', filter: 'Favourites', products: rows, truncated: false }]);
    expect(fav).toMatchObject({ total: null, request: null, products: rows });
  });
});
