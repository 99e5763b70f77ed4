import { ORDER_STATUSES } from '@wholesale/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { TextField } from '../../components/text-field';
import { Link } from '../../lib/router';
import type { StaffOrderRow } from '@wholesale/contract/staff';
import { DataTable, staffColumns } from './data-table';
import { money, when } from './format';
import { listArgs, STAFF_PAGE_SIZE, useListParams } from './list-params';
import { useListStaffOrdersQuery } from './orders-api';
import { StaffFrame } from './staff-frame';
import { QueryState, inputClass, labelClass } from './ui';

export function StaffOrdersPage() {
  return (
    <StaffFrame>
      <Orders />
    </StaffFrame>
  );
}

const col = staffColumns<StaffOrderRow>();
const columns = [
  col.accessor('orderNumber', {
    header: 'Order',
    enableSorting: true,
    cell: (c) => (
      <Link
        className="font-medium text-brand-700 underline"
        to={`/staff/order?order=${encodeURIComponent(c.getValue())}`}
      >
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor('orderedDate', { header: 'Ordered', enableSorting: true, cell: (c) => when(c.getValue()) }),
  col.accessor('customerNumber', {
    header: 'Account',
    enableSorting: true,
    cell: (c) => `${c.getValue()} ${c.row.original.accountName}`,
  }),
  col.accessor('reference', { header: 'Reference' }),
  col.accessor('status', { header: 'Status', enableSorting: true }),
  col.accessor('total', {
    header: 'Total',
    enableSorting: true,
    cell: (c) => money(c.getValue(), c.row.original.currency),
  }),
];

const FILTERS = ['status', 'customerNumber', 'from', 'to', 'q'] as const;

function Orders() {
  const list = useListParams(FILTERS);
  const { data, isFetching, isLoading, error } = useListStaffOrdersQuery(listArgs(list));
  const [draft, setDraft] = useState(list.filters);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    list.setFilters(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])));
  };
  const field = (k: (typeof FILTERS)[number]) => ({
    value: draft[k],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value }),
  });
  return (
    <>
      <PageHeading title="Orders" />
      <form
        role="search"
        aria-label="Filter orders"
        onSubmit={submit}
        className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
      >
        <TextField label="Order or reference" type="search" {...field('q')} />
        <div>
          <label htmlFor="order-status" className={labelClass}>
            Status
          </label>
          <select id="order-status" className={inputClass} {...field('status')}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <TextField label="Account" {...field('customerNumber')} />
        <TextField label="From" type="date" {...field('from')} />
        <TextField label="To" type="date" {...field('to')} />
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Filter
          </Button>
        </div>
      </form>
      <QueryState isLoading={false} error={error} />
      {!isLoading && (
        <DataTable
          label="Orders"
          columns={columns}
          rows={data?.rows ?? []}
          total={data?.total ?? 0}
          page={list.page}
          pageSize={STAFF_PAGE_SIZE}
          sort={list.sort}
          dir={list.dir}
          onPage={list.setPage}
          onSort={list.setSort}
          rowKey={(r) => r.orderNumber}
          loading={isFetching}
        />
      )}
    </>
  );
}
