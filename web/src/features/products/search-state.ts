import type { ActiveFilter, Product } from '@wholesale/contract';

/** Which of the three modals is open, for which product. */
export type ProductModal = { kind: 'multiBuy' | 'schedule' | 'image'; product: Product } | null;

/** What the screen is loading: a search, or one of the two filters. */
export type Busy = 'search' | Exclude<ActiveFilter, 'none'> | null;

/**
 * The Order Products screen state (spec sections 3 and 4): the search parameters, the active
 * filter, the product list (null until something was looked up), the page, and the open modal.
 */
export interface SearchState {
  primaryCategory: string;
  secondaryCategory: string;
  searchValue: string;
  activeFilter: ActiveFilter;
  products: Product[] | null;
  /**
   * Rows in the whole list when the server pages it (`products` is then the current page); null
   * when the whole list is held here (the filters, or a server that does not page).
   */
  total: number | null;
  /** The search a paged list came from (null exactly when `total` is), to fetch its other pages and Download All. */
  request: SearchParams | null;
  /** The server cut the list at its limit. */
  truncated: boolean;
  /** What the list shows, for 'Displaying N results for ...'. */
  resultsFor: string;
  /** 1-based. */
  page: number;
  busy: Busy;
  modal: ProductModal;
}

/** No list at all: what Clear search and leaving a filter show. */
const listCleared = {
  activeFilter: 'none',
  products: null,
  total: null,
  request: null,
  truncated: false,
  resultsFor: '',
  page: 1,
  modal: null,
} as const satisfies Partial<SearchState>;

export const initialSearchState: SearchState = {
  primaryCategory: '',
  secondaryCategory: '',
  searchValue: '',
  ...listCleared,
  busy: null,
};

export const FILTER_LABELS: Record<Exclude<ActiveFilter, 'none'>, string> = {
  Favourites: 'Favorites',
  Usuals: 'Usual Orders',
};

export type SearchAction =
  | { type: 'typeChosen'; name: string }
  | { type: 'rangeChosen'; name: string }
  | { type: 'textChanged'; text: string }
  | { type: 'searchStarted' }
  | {
      type: 'searchSucceeded';
      products: Product[];
      truncated: boolean;
      resultsFor: string;
      total?: number;
      request: SearchParams;
    }
  | { type: 'pageStarted' }
  | { type: 'pageLoaded'; products: Product[]; page: number }
  | { type: 'pageFailed' }
  | { type: 'searchFailed' }
  | { type: 'filterStarted'; filter: Exclude<ActiveFilter, 'none'> }
  | { type: 'filterLoaded'; filter: Exclude<ActiveFilter, 'none'>; products: Product[]; truncated: boolean }
  | { type: 'filterFailed'; filter: Exclude<ActiveFilter, 'none'> }
  | { type: 'filterLeft' }
  | { type: 'favouriteChanged'; itemNumber: string; isFavourite: boolean }
  | { type: 'pageChanged'; page: number }
  | { type: 'modalOpened'; modal: NonNullable<ProductModal> }
  | { type: 'modalClosed' }
  | { type: 'cleared' };

export type SearchParams = NonNullable<ReturnType<typeof searchRequest>>['params'];

/** What a search would send now: the text alone when there is text, else type and range; null for nothing. */
export function searchRequest(s: Pick<SearchState, 'primaryCategory' | 'secondaryCategory' | 'searchValue'>) {
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

/** A new list replaces the old one: back to page 1, and the results table closes every modal. */
const newList = (
  s: SearchState,
  products: Product[],
  truncated: boolean,
  total: number | null = null,
  request: SearchParams | null = null,
): SearchState => ({
  ...s,
  products,
  total,
  request,
  truncated,
  page: 1,
  busy: null,
  modal: null,
});

export function searchReducer(s: SearchState, a: SearchAction): SearchState {
  switch (a.type) {
    case 'typeChosen':
      // Choosing a product type clears the range.
      return { ...s, primaryCategory: a.name, secondaryCategory: '' };
    case 'rangeChosen':
      return { ...s, secondaryCategory: a.name };
    case 'textChanged':
      return { ...s, searchValue: a.text };
    case 'searchStarted':
      // Searching by text clears category and range and searches on the text alone.
      return s.searchValue.trim()
        ? { ...s, primaryCategory: '', secondaryCategory: '', busy: 'search', modal: null }
        : { ...s, busy: 'search', modal: null };
    case 'searchSucceeded':
      return {
        ...newList(s, a.products, a.truncated, a.total ?? null, a.total === undefined ? null : a.request),
        activeFilter: 'none',
        resultsFor: a.resultsFor,
      };
    case 'pageStarted':
      return { ...s, busy: 'search', modal: null };
    case 'pageLoaded':
      return { ...s, products: a.products, page: a.page, busy: null };
    case 'pageFailed':
      // The page the customer was on stays.
      return { ...s, busy: null };
    case 'searchFailed':
      // What was listed stays (a dropped connection must not wipe it); the toast says the search failed.
      return { ...s, busy: null };
    case 'filterStarted':
      return { ...s, busy: a.filter, modal: null };
    case 'filterLoaded':
      return { ...newList(s, a.products, a.truncated), activeFilter: a.filter, resultsFor: FILTER_LABELS[a.filter] };
    case 'filterFailed':
      // Not entered: the list and the mode shown stay as they were.
      return { ...s, busy: null };
    case 'filterLeft':
      // Leaving a filter clears the list; the screen reruns the normal search when it can.
      return { ...s, ...listCleared };
    case 'favouriteChanged':
      return {
        ...s,
        products:
          s.products?.map((p) => (p.itemNumber === a.itemNumber ? { ...p, isFavourite: a.isFavourite } : p)) ?? null,
        modal:
          s.modal?.product.itemNumber === a.itemNumber
            ? { ...s.modal, product: { ...s.modal.product, isFavourite: a.isFavourite } }
            : s.modal,
      };
    case 'pageChanged':
      return { ...s, page: a.page };
    case 'modalOpened':
      return { ...s, modal: a.modal };
    case 'modalClosed':
      return { ...s, modal: null };
    case 'cleared':
      // Clear search resets parameters, filters and display.
      return initialSearchState;
  }
}
