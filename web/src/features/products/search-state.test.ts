import { describe, expect, it } from 'vitest';
import {
  emptySearchQuery,
  filterToggled,
  readSearchQuery,
  searchQueryString,
  searchRequest,
  submitted,
  withFavourite,
} from './search-state';
import { product } from './products-test-data';

describe('search state in the URL', () => {
  it('writes and reads back text, type, range, filter and page', () => {
    const states = [
      { ...emptySearchQuery, searchValue: 'blackout', page: 2 },
      { ...emptySearchQuery, primaryCategory: 'Roller Blinds', secondaryCategory: 'Blackout Fabrics', page: 3 },
      { ...emptySearchQuery, activeFilter: 'Favourites' as const },
      { ...emptySearchQuery, activeFilter: 'Usuals' as const, page: 2 },
      emptySearchQuery,
    ];
    for (const s of states) expect(readSearchQuery(searchQueryString(s))).toEqual(s);
    expect(searchQueryString(states[1]!)).toBe('?type=Roller+Blinds&range=Blackout+Fabrics&page=3');
    expect(searchQueryString(states[2]!)).toBe('?filter=favourites');
    expect(searchQueryString(emptySearchQuery)).toBe('');
  });

  it('reads a hand-made or damaged link safely', () => {
    expect(readSearchQuery('?page=0&filter=x&range=Blackout')).toEqual(emptySearchQuery);
    expect(readSearchQuery('?page=2.5').page).toBe(1);
    // Text wins: searching by text searches on the text alone.
    expect(readSearchQuery('?q=chain&type=Roller+Blinds&range=R')).toEqual({
      ...emptySearchQuery,
      searchValue: 'chain',
    });
    expect(readSearchQuery(`?q=${'x'.repeat(300)}`).searchValue).toHaveLength(100);
  });
});

describe('search state rules (spec section 4)', () => {
  it('Search starts a new list at page 1 with no filter', () => {
    expect(submitted({ primaryCategory: 'Roller Blinds', secondaryCategory: '', searchValue: '' })).toEqual({
      ...emptySearchQuery,
      primaryCategory: 'Roller Blinds',
    });
  });

  it('searches by text alone, else by type and range', () => {
    expect(searchRequest({ primaryCategory: 'Roller Blinds', secondaryCategory: 'X', searchValue: ' chain ' })).toEqual(
      {
        params: { searchValue: 'chain', isSearching: 'true' },
        resultsFor: 'chain',
      },
    );
    expect(searchRequest({ primaryCategory: 'Roller Blinds', secondaryCategory: 'X', searchValue: '' })).toEqual({
      params: { primaryCategory: 'Roller Blinds', secondaryCategory: 'X', isSearching: 'false' },
      resultsFor: 'Roller Blinds - X',
    });
    expect(searchRequest(emptySearchQuery)).toBeNull();
  });

  it('entering a filter empties the search box (type and range stay); leaving it reruns what the form holds', () => {
    const onSearch = { ...emptySearchQuery, searchValue: 'blackout', page: 2 };
    const entered = filterToggled(onSearch, onSearch, 'Usuals');
    expect(entered).toEqual({ ...emptySearchQuery, activeFilter: 'Usuals' });
    expect(filterToggled(entered, emptySearchQuery, 'Usuals')).toEqual(emptySearchQuery);
    const typed = { primaryCategory: '', secondaryCategory: '', searchValue: 'chain' };
    expect(filterToggled(entered, typed, 'Usuals')).toEqual({ ...emptySearchQuery, searchValue: 'chain' });
    // The form follows the URL, so it may carry the filter: leaving still leaves.
    expect(filterToggled(entered, entered, 'Usuals')).toEqual(emptySearchQuery);
    // Type and range stay, and leaving reruns them.
    const browsing = { ...emptySearchQuery, primaryCategory: 'Roller Blinds', secondaryCategory: 'X' };
    const inFavourites = filterToggled(browsing, browsing, 'Favourites');
    expect(inFavourites).toEqual({ ...browsing, activeFilter: 'Favourites' });
    expect(filterToggled(inFavourites, inFavourites, 'Favourites')).toEqual(browsing);
    // The other filter: straight from one to the other.
    expect(filterToggled(entered, typed, 'Favourites')).toEqual({ ...emptySearchQuery, activeFilter: 'Favourites' });
  });

  it('updates a favourite flag in place', () => {
    const list = [product('A'), product('B')];
    withFavourite(list, 'B', true);
    expect(list.map((p) => p.isFavourite)).toEqual([false, true]);
  });
});
