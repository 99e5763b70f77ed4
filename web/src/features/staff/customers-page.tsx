import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { TextField } from '../../components/text-field';
import { Link } from '../../lib/router';
import type { CustomerRow } from '@wholesale/contract/staff';
import { useSearchCustomersQuery } from './customers-api';
import { DataTable, staffColumns } from './data-table';
import { money } from './format';
import { listArgs, STAFF_PAGE_SIZE, useListParams } from './list-params';
import { StaffFrame } from './staff-frame';
import { QueryState } from './ui';

export function StaffCustomersPage() {
  return (
    <StaffFrame>
      <Customers />
    </StaffFrame>
  );
}

const col = staffColumns<CustomerRow>();
const columns = [
  col.accessor('customerNumber', {
    header: 'Account',
    enableSorting: true,
    cell: (c) => (
      <Link
        className="font-medium text-brand-700 underline"
        to={`/staff/customer?customer=${encodeURIComponent(c.getValue())}`}
      >
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor('name', { header: 'Name', enableSorting: true }),
  col.accessor('postcode', { header: 'Postcode', enableSorting: true }),
  col.accessor('balance', {
    header: 'Balance',
    enableSorting: true,
    cell: (c) => money(c.getValue(), c.row.original.currency),
  }),
  col.accessor('creditLimit', {
    header: 'Credit limit',
    enableSorting: true,
    cell: (c) => money(c.getValue(), c.row.original.currency),
  }),
  col.accessor('onStop', { header: 'On stop', cell: (c) => (c.getValue() ? 'On stop' : 'No') }),
  col.accessor('users', { header: 'Users' }),
];

function Customers() {
  const list = useListParams(['q', 'onStop'] as const);
  const { data, isFetching, error, isLoading } = useSearchCustomersQuery(listArgs(list));
  const [q, setQ] = useState(list.filters.q);
  const search = (e: FormEvent) => {
    e.preventDefault();
    list.setFilters({ q: q.trim() });
  };
  return (
    <>
      <PageHeading title="Customers" />
      <form role="search" onSubmit={search} className="mb-4 flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-60 flex-1"
          label="Search customers"
          hint="Account number, name, postcode, or a user's username, name or email"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          type="search"
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={list.filters.onStop === 'true'}
            onChange={(e) => list.setFilters({ onStop: e.target.checked ? 'true' : '' })}
          />
          On stop only
        </label>
        <Button type="submit">Search</Button>
      </form>
      <QueryState isLoading={false} error={error} />
      {!isLoading && (
        <DataTable
          label="Customers"
          columns={columns}
          rows={data?.rows ?? []}
          total={data?.total ?? 0}
          page={list.page}
          pageSize={STAFF_PAGE_SIZE}
          sort={list.sort}
          dir={list.dir}
          onPage={list.setPage}
          onSort={list.setSort}
          rowKey={(r) => r.customerNumber}
          loading={isFetching}
        />
      )}
    </>
  );
}
