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
      [{ type: 'searchStarted' }, { type: 'searchSucceeded', products: [rows[1]!], truncated: false, resultsFor: 'x' }],
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

  it('sets an empty list when a search fails', () => {
    const s = run([{ type: 'searchStarted' }, { type: 'searchFailed' }], { ...initialSearchState, products: rows });
    expect(s).toMatchObject({ products: [], busy: null });
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
    expect(run([{ type: 'filterFailed', filter: 'Favourites' }], s)).toMatchObject({
      activeFilter: 'Favourites',
      products: [],
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
