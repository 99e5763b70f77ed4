import type { ActiveFilter, Product } from '@wholesale/contract';

/** Which of the three modals is open, for which product. */
export type ProductModal = { kind: 'multiBuy' | 'schedule' | 'image'; product: Product } | null;

/**
 * What the Order Products screen shows (spec sections 3 and 4), kept in the URL so that
 * Back, a reload and a shared link bring the same list back: the search parameters, the active
 * filter and the page. The lists themselves are RTK Query's cache entries for these arguments; the
 * screen holds no copy of them.
 */
export interface SearchQuery {
  primaryCategory: string;
  secondaryCategory: string;
  searchValue: string;
  activeFilter: ActiveFilter;
  /** 1-based. */
  page: number;
}

/** The URL's names: short and readable in a shared link (?q=blackout&page=2, ?filter=favourites). */
const KEYS = { type: 'type', range: 'range', text: 'q', filter: 'filter', page: 'page' } as const;
const FILTER_IN_URL: Record<Exclude<ActiveFilter, 'none'>, string> = { Favourites: 'favourites', Usuals: 'usuals' };

export const emptySearchQuery: SearchQuery = {
  primaryCategory: '',
  secondaryCategory: '',
  searchValue: '',
  activeFilter: 'none',
  page: 1,
};

/** The screen's state from the location's search string; anything unreadable is left out. */
export function readSearchQuery(search: string): SearchQuery {
  const p = new URLSearchParams(search);
  const filter = p.get(KEYS.filter);
  const page = Number(p.get(KEYS.page));
  const activeFilter: ActiveFilter =
    filter === FILTER_IN_URL.Favourites ? 'Favourites' : filter === FILTER_IN_URL.Usuals ? 'Usuals' : 'none';
  const searchValue = (p.get(KEYS.text) ?? '').slice(0, 100);
  return {
    // Searching by text searches on the text alone: a link with both keeps the text.
    primaryCategory: searchValue.trim() ? '' : (p.get(KEYS.type) ?? ''),
    secondaryCategory: searchValue.trim() || !p.get(KEYS.type) ? '' : (p.get(KEYS.range) ?? ''),
    searchValue,
    activeFilter,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The search string for a state ('' for none), in a fixed order so that equal states read the same. */
export function searchQueryString(q: SearchQuery): string {
  const p = new URLSearchParams();
  if (q.activeFilter !== 'none') p.set(KEYS.filter, FILTER_IN_URL[q.activeFilter]);
  if (q.searchValue.trim()) p.set(KEYS.text, q.searchValue.trim());
  else if (q.primaryCategory) {
    p.set(KEYS.type, q.primaryCategory);
    if (q.secondaryCategory) p.set(KEYS.range, q.secondaryCategory);
  }
  if (q.page > 1) p.set(KEYS.page, String(q.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The form as typed, before it is searched. */
export type SearchDraft = Pick<SearchQuery, 'primaryCategory' | 'secondaryCategory' | 'searchValue'>;

/** Search pressed: a new list from page 1 with no filter (spec section 4). */
export const submitted = (d: SearchDraft): SearchQuery => ({
  ...emptySearchQuery,
  primaryCategory: d.primaryCategory,
  secondaryCategory: d.secondaryCategory,
  searchValue: d.searchValue,
});

/**
 * A filter toggled. Entering one empties the search box, so no old text sits beside the favourites;
 * the type and range stay. Leaving it reruns the normal search with whatever the form
 * holds then (spec: when a category or text is set), else shows no list.
 */
export function filterToggled(q: SearchQuery, d: SearchDraft, filter: Exclude<ActiveFilter, 'none'>): SearchQuery {
  if (q.activeFilter === filter) return submitted(d);
  return {
    ...emptySearchQuery,
    primaryCategory: d.primaryCategory,
    secondaryCategory: d.primaryCategory ? d.secondaryCategory : '',
    activeFilter: filter,
  };
}

export const FILTER_LABELS: Record<Exclude<ActiveFilter, 'none'>, string> = {
  Favourites: 'Favorites',
  Usuals: 'Usual Orders',
};

export type SearchParams = NonNullable<ReturnType<typeof searchRequest>>['params'];

/** What a search would send now: the text alone when there is text, else type and range; null for nothing. */
export function searchRequest(s: SearchDraft) {
  const text = s.searchValue.trim();
  if (text) return { params: { searchValue: text, isSearching: 'true' as const }, resultsFor: text };
  if (!s.primaryCategory) return null;
  return {
    params: {
      primaryCategory: s.primaryCategory,
      ...(s.secondaryCategory ? { secondaryCategory: s.secondaryCategory } : {}),
      isSearching: 'false' as const,
    },
    resultsFor: s.secondaryCategory ? `${s.primaryCategory} - ${s.secondaryCategory}` : s.primaryCategory,
  };
}

/** A product's favourite flag changed: every cached list that shows it says so (spec: in place). */
export const withFavourite = (products: Product[], itemNumber: string, isFavourite: boolean): void => {
  for (const p of products) if (p.itemNumber === itemNumber) p.isFavourite = isFavourite;
};
