import { MSG, SEARCH_PAGE_SIZE, SEARCH_RESULT_LIMIT, type ActiveFilter } from '@wholesale/contract';
import { useCallback, useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { isNoAnswer, onConnectionBack } from '../../lib/connection';
import { cx } from '../../lib/cx';
import { Link } from '../../lib/router';
import { focusElement, revealAndFocus } from '../../lib/focus';
import { saveFile } from '../../lib/save-file';
import { selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { EXPORT_FILENAME } from './export-csv-name';
import { LazyProductModals } from './lazy-product-modals';
import { ProductCards, ProductTable } from './product-results';
import {
  useExportSearchMutation,
  useLazyListFavouritesQuery,
  useLazyListUsualsQuery,
  useLazySearchProductsQuery,
  useListCategoriesQuery,
} from './products-api';
import {
  FILTER_LABELS,
  initialSearchState,
  searchReducer,
  searchRequest,
  type ProductModal,
  type SearchState,
} from './search-state';
import { useMediaQuery } from './use-media-query';

type Filter = Exclude<ActiveFilter, 'none'>;

const pageParams = (page: number) => ({ page: String(page), pageSize: String(SEARCH_PAGE_SIZE) });

const FILTER_FAILED: Record<Filter, string> = { Favourites: MSG.favouritesFailed, Usuals: MSG.usualsFailed };

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';

function FilterToggle({
  filter,
  state,
  disabled,
  onToggle,
}: {
  filter: Filter;
  state: SearchState;
  disabled: boolean;
  onToggle: (f: Filter) => void;
}) {
  const active = state.activeFilter === filter;
  return (
    <button
      type="button"
      aria-pressed={active}
      disabled={disabled}
      onClick={() => onToggle(filter)}
      className={cx(
        'inline-flex items-center gap-2 rounded-full border px-4 py-1.5 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-60',
        active
          ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      {state.busy === filter && <Spinner decorative size="sm" />}
      {FILTER_LABELS[filter]}
    </button>
  );
}

/** Order Products (/products/search, titled Create Orders): spec sections 2, 4, 5 and 8. */
export function SearchPage() {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const user = useAppSelector(selectUser);
  const symbol = user?.currencySymbol ?? '£';
  const currency = user?.currencyCode ?? 'GBP';
  const wide = useMediaQuery('(min-width: 1024px)');
  const ids = { type: useId(), range: useId(), text: useId() };

  const { data: categories = [] } = useListCategoriesQuery();
  const [searchProducts] = useLazySearchProductsQuery();
  const [listFavourites] = useLazyListFavouritesQuery();
  const [listUsuals] = useLazyListUsualsQuery();

  const busy = state.busy !== null;

  // Searching and paging disable or replace the control that acted, which drops focus to <body>.
  // When the list has loaded, focus goes to the result count (read out, and where the new list
  // starts); after a failure, back to the control that acted, if it is still there.
  const countRef = useRef<HTMLDivElement>(null);
  const afterLoad = useRef<{ actor: Element | null; failed: boolean } | null>(null);
  const startLoad = () => {
    afterLoad.current = { actor: document.activeElement, failed: false };
  };
  const loadFailed = () => {
    if (afterLoad.current) afterLoad.current.failed = true;
  };
  useEffect(() => {
    const pending = afterLoad.current;
    if (busy || !pending) return;
    afterLoad.current = null;
    const { actor, failed } = pending;
    if (failed && actor instanceof HTMLElement && actor.isConnected && !actor.matches(':disabled')) {
      focusElement(actor);
      return;
    }
    if (countRef.current) revealAndFocus(countRef.current);
  });

  /** A lookup that got no answer (the connection dropped): run again when the connection is back. */
  const retryWhenBack = useRef<(() => void) | null>(null);
  useEffect(
    () =>
      onConnectionBack(() => {
        const again = retryWhenBack.current;
        retryWhenBack.current = null;
        again?.();
      }),
    [],
  );
  const ranges = categories.find((c) => c.name === state.primaryCategory)?.secondaryCategories ?? [];

  /** The normal search with the given parameters; does nothing when there is nothing to search by. */
  async function runSearch(params: Pick<SearchState, 'primaryCategory' | 'secondaryCategory' | 'searchValue'>) {
    const request = searchRequest(params);
    if (!request) return;
    startLoad();
    dispatch({ type: 'searchStarted' });
    try {
      // One page at a time: the server ranks the whole list but looks up and prices only the page.
      const result = await searchProducts({ ...request.params, ...pageParams(1) }).unwrap();
      retryWhenBack.current = null;
      dispatch({ type: 'searchSucceeded', ...result, resultsFor: request.resultsFor, request: request.params });
    } catch (error) {
      loadFailed();
      retryWhenBack.current = isNoAnswer(error) ? () => void runSearch(params) : null;
      dispatch({ type: 'searchFailed' });
      toast.error(MSG.searchFailed);
    }
  }

  /** Another page: fetched from the server for a paged search, sliced here for a whole list. */
  async function changePage(page: number) {
    startLoad();
    if (!state.request) {
      dispatch({ type: 'pageChanged', page });
      return;
    }
    dispatch({ type: 'pageStarted' });
    try {
      const result = await searchProducts({ ...state.request, ...pageParams(page) }).unwrap();
      retryWhenBack.current = null;
      dispatch({ type: 'pageLoaded', products: result.products, page });
    } catch (error) {
      loadFailed();
      retryWhenBack.current = isNoAnswer(error) ? () => void changePage(page) : null;
      dispatch({ type: 'pageFailed' });
      toast.error(MSG.searchFailed);
    }
  }

  async function toggleFilter(filter: Filter) {
    if (state.activeFilter === filter) {
      // Leaving the mode clears the list and, with a category or text set, reruns the normal search.
      dispatch({ type: 'filterLeft' });
      await runSearch(state);
      return;
    }
    startLoad();
    dispatch({ type: 'filterStarted', filter });
    try {
      const result = await (filter === 'Favourites' ? listFavourites() : listUsuals()).unwrap();
      retryWhenBack.current = null;
      dispatch({ type: 'filterLoaded', filter, ...result });
    } catch (error) {
      loadFailed();
      retryWhenBack.current = isNoAnswer(error) ? () => void toggleFilter(filter) : null;
      dispatch({ type: 'filterFailed', filter });
      toast.error(FILTER_FAILED[filter]);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!busy) void runSearch(state);
  }

  const [downloading, setDownloading] = useState(false);

  const [exportSearch] = useExportSearchMutation();

  /**
   * Download All: every row of the list. A paged search has only its page here: the server writes
   * the whole list's file, streamed as it looks the rows up; other lists are written here.
   */
  async function download() {
    if (!state.products?.length) {
      toast.error(MSG.downloadProductsFailed);
      return;
    }
    let csv = '';
    if (state.request) {
      setDownloading(true);
      try {
        csv = await exportSearch(state.request).unwrap();
      } catch {
        toast.error(MSG.downloadProductsFailed);
        return;
      } finally {
        setDownloading(false);
      }
    } else {
      // papaparse loads with the first download, not with the screen.
      const { productsCsv } = await import('./export-csv');
      csv = productsCsv(state.products, state.activeFilter !== 'none', currency);
    }
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), EXPORT_FILENAME);
  }

  const onModal = useCallback((modal: NonNullable<ProductModal>) => dispatch({ type: 'modalOpened', modal }), []);
  const onModalClose = useCallback(() => dispatch({ type: 'modalClosed' }), []);
  const onFavouriteChanged = useCallback(
    (itemNumber: string, isFavourite: boolean) => dispatch({ type: 'favouriteChanged', itemNumber, isFavourite }),
    [],
  );

  const products = state.products;
  const count = state.total ?? products?.length ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / SEARCH_PAGE_SIZE));
  const page = Math.min(state.page, pageCount);
  const visible =
    state.total !== null
      ? (products ?? [])
      : (products?.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE) ?? []);

  let results = null;
  if (busy) {
    results = (
      <div
        role="status"
        className="flex items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white py-12 text-slate-700"
      >
        <Spinner decorative /> {MSG.searching}
      </div>
    );
  } else if (products && count === 0) {
    results = (
      <p className="rounded-xl border border-slate-200 bg-white py-12 text-center text-slate-700">{MSG.noResults}</p>
    );
  } else if (products) {
    const rowProps = { products: visible, symbol, onModal, onFavouriteChanged };
    results = (
      <>
        {wide ? <ProductTable {...rowProps} /> : <ProductCards {...rowProps} />}
        <div className="mt-4">
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={(p) => void changePage(p)}
            label="Product pages"
          />
        </div>
      </>
    );
  }

  return (
    <div>
      <PageHeading title="Create Orders">
        <Link to="/quick-order" className="text-sm font-medium text-brand-700 underline underline-offset-4">
          Quick Order: paste or upload a list
        </Link>
      </PageHeading>

      <form
        onSubmit={onSubmit}
        aria-label="Search products"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_auto]">
          <div>
            <label htmlFor={ids.type} className="block text-sm font-medium text-slate-800">
              Product type
            </label>
            <select
              id={ids.type}
              value={state.primaryCategory}
              disabled={busy}
              onChange={(e) => dispatch({ type: 'typeChosen', name: e.target.value })}
              className={fieldClass}
            >
              <option value="">Choose Product Type...</option>
              {categories.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.range} className="block text-sm font-medium text-slate-800">
              Range
            </label>
            <select
              id={ids.range}
              value={state.secondaryCategory}
              disabled={busy || !state.primaryCategory}
              onChange={(e) => dispatch({ type: 'rangeChosen', name: e.target.value })}
              className={fieldClass}
            >
              <option value="">Choose Range...</option>
              {ranges.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          <div className="md:col-span-2 lg:col-span-1">
            <label htmlFor={ids.text} className="block text-sm font-medium text-slate-800">
              Look up product
            </label>
            <input
              id={ids.text}
              type="search"
              value={state.searchValue}
              disabled={busy}
              maxLength={100}
              placeholder="Item code or description"
              onChange={(e) => dispatch({ type: 'textChanged', text: e.target.value })}
              className={fieldClass}
            />
          </div>
          <div className="flex items-end gap-2 md:col-span-2 lg:col-span-1">
            <Button type="submit" disabled={busy} className="flex-1 lg:flex-none">
              {state.busy === 'search' ? MSG.searchingButton : 'Search'}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => dispatch({ type: 'cleared' })}
              className="flex-1 lg:flex-none"
            >
              Clear search
            </Button>
          </div>
        </div>
      </form>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <FilterToggle filter="Favourites" state={state} disabled={busy} onToggle={(f) => void toggleFilter(f)} />
          <FilterToggle filter="Usuals" state={state} disabled={busy} onToggle={(f) => void toggleFilter(f)} />
        </div>
        <Button variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
          {downloading && <Spinner decorative size="sm" />}
          Download All
        </Button>
      </div>

      <div ref={countRef} className="mt-4 mb-3 min-h-6 scroll-mt-4 text-sm text-slate-700" aria-live="polite">
        {!busy && products && <p>{MSG.displayingResults(count, state.resultsFor)}</p>}
        {!busy && !products && <p>{MSG.enterProductDetails}</p>}
        {!busy && state.truncated && (
          <p className="mt-1 text-amber-800">
            Only the first {SEARCH_RESULT_LIMIT.toLocaleString('en-GB')} matches are listed. Narrow the search to see
            the rest.
          </p>
        )}
      </div>

      {results}

      <LazyProductModals modal={state.modal} symbol={symbol} onClose={onModalClose} />
    </div>
  );
}
