import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { STAFF_PAGE_SIZE } from '@wholesale/contract';
import type { ListSort } from './data-table';

export { STAFF_PAGE_SIZE };

/**
 * A list's page, sort and filters live in the address (back and forward return to them, a link can
 * be shared); each change navigates, and the screen's query follows the address.
 */
export function useListParams<F extends string>(filters: readonly F[]) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort = params.get('sort') ?? undefined;
  const dirRaw = params.get('dir');
  const dir: ListSort['dir'] = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : undefined;
  const values = Object.fromEntries(filters.map((f) => [f, params.get(f) ?? ''])) as Record<F, string>;
  const go = (changes: Record<string, string | number | undefined>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    const search = next.toString();
    void navigate(`${pathname}${search ? `?${search}` : ''}`, { replace });
  };
  return {
    page,
    sort,
    dir,
    filters: values,
    setPage: (p: number) => go({ page: p === 1 ? undefined : p }),
    setSort: (s: ListSort) => go({ sort: s.sort, dir: s.dir, page: undefined }, true),
    setFilters: (f: Partial<Record<F, string>>) => go({ ...f, page: undefined }),
  };
}

/** The query a staff list endpoint takes: page, size, sort and the non-empty filters. */
export function listArgs<F extends string>(l: {
  page: number;
  sort?: string | undefined;
  dir?: string | undefined;
  filters: Record<F, string>;
}) {
  const q: Record<string, string | number> = { page: l.page, pageSize: STAFF_PAGE_SIZE };
  if (l.sort) q.sort = l.sort;
  if (l.dir) q.direction = l.dir;
  for (const [k, v] of Object.entries<string>(l.filters)) if (v) q[k] = v;
  return q;
}
