import { useState, type FormEvent } from 'react';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type ListSort, type StaffColumn } from './data-table';
import { listArgs, STAFF_PAGE_SIZE, useListParams } from './list-params';
import { QueryState } from './ui';

/** What a list page's query hook answers (an RTK Query hook of a staff list endpoint). */
export interface StaffListResult<R> {
  data?: { rows: readonly R[]; total: number } | undefined;
  isFetching: boolean;
  isLoading: boolean;
  error?: unknown;
}

/** The address's page, sort and applied filters, as a list page's query arguments are made from. */
export interface StaffListState<F extends string> {
  page: number;
  sort?: string | undefined;
  dir?: ListSort['dir'] | undefined;
  filters: Record<F, string>;
}

/**
 * One back-office list page's set-up: the page, sort and filters in the address (list-params.ts),
 * the query arguments made from them, and a draft of the filter form that is applied on submit. The
 * page passes `args` (or its own made from the state) to its list endpoint's query, and the list and
 * the query's result to `StaffListTable`.
 */
export function useStaffList<F extends string>(
  filters: readonly F[],
  /** The sort shown and asked for while the address names none. */
  defaultSort?: Required<ListSort>,
) {
  const params = useListParams(filters);
  const sorted = params.sort !== undefined;
  const state: StaffListState<F> = {
    page: params.page,
    sort: sorted ? params.sort : defaultSort?.sort,
    dir: sorted ? params.dir : defaultSort?.dir,
    filters: params.filters,
  };

  const [draft, setDraft] = useState(params.filters);
  // A filter the address changes (back, forward, a link, one applied at once) shows in the form;
  // what is typed in the others and not yet submitted stays.
  const [applied, setApplied] = useState(params.filters);
  if (filters.some((f) => applied[f] !== params.filters[f])) {
    setApplied(params.filters);
    setDraft((d) => {
      const next = { ...d };
      for (const f of filters) if (applied[f] !== params.filters[f]) next[f] = params.filters[f];
      return next;
    });
  }

  return {
    ...state,
    /** The query's arguments: page, page size, sort, direction and the non-empty filters. */
    args: listArgs(state),
    /** The filter form's value and change handler of one filter. */
    field: (name: F) => ({
      value: draft[name],
      onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
    }),
    /** The filter form's submit: applies every filter as typed (trimmed), back to the first page. */
    submit: (e: FormEvent) => {
      e.preventDefault();
      const trimmed: Partial<Record<F, string>> = {};
      for (const f of filters) trimmed[f] = draft[f].trim();
      params.setFilters(trimmed);
    },
    /** Applies one filter at once (a checkbox or a choice that needs no submit). */
    apply: (name: F, value: string) => params.setFilters({ [name]: value } as Partial<Record<F, string>>),
    paging: {
      page: state.page,
      pageSize: STAFF_PAGE_SIZE,
      sort: state.sort,
      dir: state.dir,
      onPage: params.setPage,
      onSort: params.setSort,
    },
  };
}

/** A list page's results: the query's failure, or the server-paged table once the first answer is in. */
export function StaffListTable<R extends RowData>({
  list,
  result,
  label,
  columns,
  rowKey,
}: {
  list: Pick<ReturnType<typeof useStaffList>, 'paging'>;
  result: StaffListResult<R>;
  label: string;
  columns: StaffColumn<R>[];
  rowKey: (row: R) => string;
}) {
  return (
    <>
      <QueryState isLoading={false} error={result.error} />
      {!result.isLoading && (
        <DataTable
          label={label}
          columns={columns}
          rowKey={rowKey}
          rows={result.data?.rows ?? []}
          total={result.data?.total ?? 0}
          loading={result.isFetching}
          {...list.paging}
        />
      )}
    </>
  );
}
