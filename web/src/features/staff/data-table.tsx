import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { RowData } from '@tanstack/react-table';
import { Pagination } from '../../components/pagination';
import { STAFF_MSG } from './staff-messages';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });

export const staffColumns = <T extends RowData>() => createColumnHelper<typeof features, T>();
export type StaffColumn<T extends RowData> = ColumnDef<typeof features, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One sort key and direction, as the staff list endpoints take them. */
export interface ListSort {
  sort?: string;
  dir?: 'asc' | 'desc';
}

export interface DataTableProps<T extends RowData> extends ListSort {
  /** Names the table (its caption, read by screen readers). */
  label: string;
  columns: StaffColumn<T>[];
  rows: readonly T[];
  /** 1-based page and the total the server counted. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onSort: (sort: ListSort) => void;
  rowKey: (row: T) => string;
  loading?: boolean;
}

/**
 * A back-office list: TanStack Table with manual sorting and pagination, so the server pages and
 * sorts (a column sorts when its definition has `enableSorting`, by its id). On a phone each row is
 * a card (the same cells, each with its column's name), so nothing scrolls sideways.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  rows,
  page,
  pageSize,
  total,
  sort,
  dir,
  onPage,
  onSort,
  rowKey,
  loading = false,
}: DataTableProps<T>) {
  const sorting: SortingState = useMemo(() => (sort ? [{ id: sort, desc: dir === 'desc' }] : []), [sort, dir]);
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns,
    data,
    getRowId: rowKey,
    manualSorting: true,
    // Only the columns that say so sort: the server takes only its list's sort keys.
    defaultColumn: { enableSorting: false },
    manualPagination: true,
    enableSortingRemoval: false,
    rowCount: total,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSort(first ? { sort: first.id, dir: first.desc ? 'desc' : 'asc' } : {});
    },
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater({ pageIndex: page - 1, pageSize }) : updater;
      onPage(next.pageIndex + 1);
    },
  });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const sortable = table.getAllLeafColumns().filter((c) => c.getCanSort());
  const headerOf = (id: string) => {
    const header = columns.find((c) => c.id === id || ('accessorKey' in c && c.accessorKey === id))?.header;
    return typeof header === 'string' ? header : id;
  };
  return (
    <div className="space-y-3" aria-busy={loading || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {loading ? STAFF_MSG.loading : STAFF_MSG.results(total)}
        </p>
        {/* On a phone the rows are cards without column headers: the sort is chosen here. */}
        {sortable.length > 0 && (
          <label className="flex items-center gap-2 text-sm md:hidden">
            Sort by
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              value={sort ? `${sort}:${dir ?? 'asc'}` : ''}
              onChange={(e) => {
                const [id, direction] = e.target.value.split(':');
                onSort(id ? { sort: id, dir: direction === 'desc' ? 'desc' : 'asc' } : {});
              }}
            >
              {!sort && <option value="">Default</option>}
              {sortable.flatMap((c) => [
                <option key={`${c.id}:asc`} value={`${c.id}:asc`}>
                  {headerOf(c.id)}, ascending
                </option>,
                <option key={`${c.id}:desc`} value={`${c.id}:desc`}>
                  {headerOf(c.id)}, descending
                </option>,
              ])}
            </select>
          </label>
        )}
      </div>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="hidden bg-slate-100 md:table-header-group">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className="px-3 py-2 font-semibold text-slate-800"
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded hover:underline"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {title}
                          <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-4 text-slate-700">
                  {loading ? STAFF_MSG.loading : STAFF_MSG.none}
                </td>
              </tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className="block border-t border-slate-200 px-3 py-2 first:border-t-0 md:table-row md:px-0 md:py-0"
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="flex gap-2 py-0.5 md:table-cell md:px-3 md:py-2">
                    <span className="w-32 shrink-0 font-medium text-slate-600 md:hidden" aria-hidden="true">
                      {typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : ''}
                    </span>
                    <span className="min-w-0 wrap-anywhere md:wrap-break-word">
                      <table.FlexRender cell={cell} />
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pageCount > 1 && (
        <Pagination
          label={`${label} pages`}
          page={page}
          pageCount={pageCount}
          onPageChange={(p) => table.setPageIndex(p - 1)}
        />
      )}
    </div>
  );
}
