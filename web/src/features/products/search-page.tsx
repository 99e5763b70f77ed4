import { skipToken } from '@reduxjs/toolkit/query';
import {
  MSG,
  SEARCH_PAGE_SIZE,
  SEARCH_RESULT_LIMIT,
  type ActiveFilter,
  type Product,
  ORDERING_ROLES,
} from '@wholesale/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { isNoAnswer, onConnectionBack } from '../../lib/connection';
import { cx } from '../../lib/cx';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { focusElement, revealAndFocus } from '../../lib/focus';
import { saveFile } from '../../lib/save-file';
import { may, selectUser } from '../../lib/session';
import { useAppDispatch, useAppSelector, useAppStore } from '../../lib/store-types';
import { EXPORT_FILENAME } from './export-csv-name';
import { LazyProductModals } from './lazy-product-modals';
import { ProductCards, ProductTable } from './product-results';
import {
  productsApi,
  useExportSearchMutation,
  useListCategoriesQuery,
  useListFavouritesQuery,
  useListUsualsQuery,
  useSearchProductsQuery,
} from './products-api';
import {
  emptySearchQuery,
  FILTER_LABELS,
  filterToggled,
  readSearchQuery,
  searchQueryString,
  searchRequest,
  submitted,
  withFavourite,
  type ProductModal,
  type SearchDraft,
  type SearchQuery,
} from './search-state';
import { useMediaQuery } from './use-media-query';

type Filter = Exclude<ActiveFilter, 'none'>;
/** What the screen is loading: a search, or one of the two filters. */
type Busy = 'search' | Filter | null;

const pageParams = (page: number) => ({ page: String(page), pageSize: String(SEARCH_PAGE_SIZE) });

const FILTER_FAILED: Record<Filter, string> = { Favourites: MSG.favouritesFailed, Usuals: MSG.usualsFailed };

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';

function FilterToggle({
  filter,
  active: activeFilter,
  busy,
  onToggle,
}: {
  filter: Filter;
  active: ActiveFilter;
  busy: Busy;
  onToggle: (f: Filter) => void;
}) {
  const active = activeFilter === filter;
  const disabled = busy !== null;
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
      {busy === filter && <Spinner decorative size="sm" />}
      {FILTER_LABELS[filter]}
    </button>
  );
}

/** What a list is for, for 'Displaying N results for ...'. */
const listFor = (q: SearchQuery, request: ReturnType<typeof searchRequest>) =>
  q.activeFilter === 'none' ? (request?.resultsFor ?? '') : FILTER_LABELS[q.activeFilter];

/** Order Products (/products/search, titled Create Orders): spec sections 2, 4, 5 and 8. */
export function SearchPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const query = useMemo(() => readSearchQuery(location.search), [location.search]);
  const user = useAppSelector(selectUser);
  const symbol = user?.currencySymbol ?? '£';
  const currency = user?.currencyCode ?? 'GBP';
  const wide = useMediaQuery('(min-width: 1024px)');
  const ids = { type: useId(), range: useId(), text: useId() };

  // The form as typed; it follows the URL when the URL changes (Back, a link, a search).
  const [draft, setDraft] = useState<SearchDraft>(() => query);
  const [draftFor, setDraftFor] = useState(location.search);
  if (draftFor !== location.search) {
    setDraftFor(location.search);
    setDraft(query);
  }
  const [modal, setModal] = useState<ProductModal>(null);

  const { data: categories = [] } = useListCategoriesQuery();
  // The URL's arguments are the state; RTK Query's cache holds the lists (a list seen before comes
  // back at once on Back, without a request or a spinner).
  const request = query.activeFilter === 'none' ? searchRequest(query) : null;
  const searchArgs = request ? { ...request.params, ...pageParams(query.page) } : skipToken;
  const search = useSearchProductsQuery(searchArgs);
  const favourites = useListFavouritesQuery(query.activeFilter === 'Favourites' ? undefined : skipToken);
  const usuals = useListUsualsQuery(query.activeFilter === 'Usuals' ? undefined : skipToken);
  const active = query.activeFilter === 'Favourites' ? favourites : query.activeFilter === 'Usuals' ? usuals : search;
  const listed = request !== null || query.activeFilter !== 'none';
  // What failed keeps the list shown before (a dropped connection must not wipe it).
  const result = listed ? (active.currentData ?? (active.isError ? active.data : undefined)) : undefined;
  // What that kept list was for ("Displaying 45 results for blind", not the text that failed).
  const [shownFor, setShownFor] = useState('');
  const currentFor = listFor(query, request);
  if (active.currentData && shownFor !== currentFor) setShownFor(currentFor);

  const busy = listed && active.isFetching;
  const busyWith: Busy = !busy ? null : query.activeFilter === 'none' ? 'search' : query.activeFilter;

  /** Goes to a state of the screen: a new history entry, so Back returns to the one before. */
  const go = (next: SearchQuery) => {
    const to = `${location.pathname}${searchQueryString(next)}`;
    startLoad(searchQueryString(next));
    setModal(null);
    void navigate(to);
  };

  // Searching and paging disable or replace the control that acted, which drops focus to <body>.
  // When the list has loaded, focus goes to the result count (read out, and where the new list
  // starts); after a failure, back to the control that acted, if it is still there. Back and a
  // reload leave focus alone.
  const countRef = useRef<HTMLDivElement>(null);
  const afterLoad = useRef<{ actor: Element | null; search: string } | null>(null);
  const startLoad = (search: string) => {
    afterLoad.current = { actor: document.activeElement, search };
  };
  useEffect(() => {
    const pending = afterLoad.current;
    if (busy || !pending || pending.search !== location.search) return;
    afterLoad.current = null;
    const { actor } = pending;
    if (active.isError && actor instanceof HTMLElement && actor.isConnected && !actor.matches(':disabled')) {
      focusElement(actor);
      return;
    }
    if (countRef.current) revealAndFocus(countRef.current);
  });

  // A failed lookup says so once; one that got no answer runs again when the connection is back.
  const failedMessage = query.activeFilter === 'none' ? MSG.searchFailed : FILTER_FAILED[query.activeFilter as Filter];
  const { isError, error, refetch, requestId } = active;
  useEffect(() => {
    if (!listed || !isError) return;
    toast.error(failedMessage);
  }, [listed, isError, requestId, failedMessage]);
  useEffect(() => {
    if (!listed || !isError || !isNoAnswer(error)) return;
    return onConnectionBack(() => void refetch());
  }, [listed, isError, error, refetch]);

  const ranges = categories.find((c) => c.name === draft.primaryCategory)?.secondaryCategories ?? [];

  function toggleFilter(filter: Filter) {
    go(filterToggled(query, draft, filter));
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const next = submitted(draft);
    if (!searchRequest(next)) return;
    // The same search again: fetch it afresh (stock moves), as the Search button always did.
    if (searchQueryString(next) === location.search) {
      startLoad(location.search);
      void search.refetch();
      return;
    }
    go(next);
  }

  const [downloading, setDownloading] = useState(false);

  const [exportSearch] = useExportSearchMutation();

  /**
   * Download All: every row of the list. A paged search has only its page here: the server writes
   * the whole list's file, streamed as it looks the rows up; other lists are written here.
   */
  async function download() {
    if (!result?.products.length) {
      toast.error(MSG.downloadProductsFailed);
      return;
    }
    let csv = '';
    if (request && result.total !== undefined) {
      setDownloading(true);
      try {
        csv = await exportSearch(request.params).unwrap();
      } catch {
        toast.error(MSG.downloadProductsFailed);
        return;
      } finally {
        setDownloading(false);
      }
    } else {
      // papaparse loads with the first download, not with the screen.
      const { productsCsv } = await import('./export-csv');
      csv = productsCsv(result.products, query.activeFilter !== 'none', currency);
    }
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), EXPORT_FILENAME);
  }

  const onModal = useCallback((m: NonNullable<ProductModal>) => setModal(m), []);
  const onModalClose = useCallback(() => setModal(null), []);
  // The flag changes in place in every cached list that shows the product (no list is refetched).
  const onFavouriteChanged = useCallback(
    (itemNumber: string, isFavourite: boolean) => {
      const state = store.getState();
      const patch = (draftList: { products: Product[] }) => withFavourite(draftList.products, itemNumber, isFavourite);
      for (const args of productsApi.util.selectCachedArgsForQuery(state, 'searchProducts'))
        dispatch(productsApi.util.updateQueryData('searchProducts', args, patch));
      dispatch(productsApi.util.updateQueryData('listFavourites', undefined, patch));
      dispatch(productsApi.util.updateQueryData('listUsuals', undefined, patch));
      setModal((m) => (m?.product.itemNumber === itemNumber ? { ...m, product: { ...m.product, isFavourite } } : m));
    },
    [dispatch, store],
  );

  const products = result?.products ?? null;
  const resultsFor = active.currentData ? currentFor : shownFor;
  const paged = result?.total !== undefined;
  const count = result?.total ?? products?.length ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / SEARCH_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const visible = paged
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
            onPageChange={(p) => go({ ...query, page: p })}
            label="Product pages"
          />
        </div>
      </>
    );
  }

  return (
    <div>
      <PageHeading title="Create Orders">
        {may(user, ORDERING_ROLES) && (
          <Link to="/quick-order" className="text-sm font-medium text-brand-700 underline underline-offset-4">
            Quick Order: paste or upload a list
          </Link>
        )}
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
              value={draft.primaryCategory}
              disabled={busy}
              // Choosing a product type clears the range.
              onChange={(e) => setDraft((d) => ({ ...d, primaryCategory: e.target.value, secondaryCategory: '' }))}
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
              value={draft.secondaryCategory}
              disabled={busy || !draft.primaryCategory}
              onChange={(e) => setDraft((d) => ({ ...d, secondaryCategory: e.target.value }))}
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
              value={draft.searchValue}
              disabled={busy}
              maxLength={100}
              placeholder="Item code or description"
              onChange={(e) => setDraft((d) => ({ ...d, searchValue: e.target.value }))}
              className={fieldClass}
            />
          </div>
          <div className="flex items-end gap-2 md:col-span-2 lg:col-span-1">
            <Button type="submit" disabled={busy} className="flex-1 lg:flex-none">
              {busyWith === 'search' ? MSG.searchingButton : 'Search'}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              // Clear search resets parameters, filters and display.
              onClick={() => {
                setDraft(emptySearchQuery);
                if (location.search) go(emptySearchQuery);
              }}
              className="flex-1 lg:flex-none"
            >
              Clear search
            </Button>
          </div>
        </div>
      </form>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <FilterToggle filter="Favourites" active={query.activeFilter} busy={busyWith} onToggle={toggleFilter} />
          <FilterToggle filter="Usuals" active={query.activeFilter} busy={busyWith} onToggle={toggleFilter} />
        </div>
        <Button variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
          {downloading && <Spinner decorative size="sm" />}
          Download All
        </Button>
      </div>

      <div ref={countRef} className="mt-4 mb-3 min-h-6 scroll-mt-4 text-sm text-slate-700" aria-live="polite">
        {!busy && products && <p>{MSG.displayingResults(count, resultsFor)}</p>}
        {!busy && !products && <p>{MSG.enterProductDetails}</p>}
        {!busy && result?.truncated && (
          <p className="mt-1 text-amber-800">
            Only the first {SEARCH_RESULT_LIMIT.toLocaleString('en-GB')} matches are listed. Narrow the search to see
            the rest.
          </p>
        )}
      </div>

      {results}

      <LazyProductModals modal={modal} symbol={symbol} onClose={onModalClose} />
    </div>
  );
}
