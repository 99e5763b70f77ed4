import { ORDER_STATUSES } from '@wholesale/contract';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { TextField } from '../../components/text-field';
import { Link } from '../../lib/router';
import type { StaffOrderRow } from '@wholesale/contract/staff';
import { staffColumns } from './data-table';
import { money, when } from './format';
import { useListStaffOrdersQuery } from './orders-api';
import { StaffFrame } from './staff-frame';
import { StaffListTable, useStaffList } from './staff-list';
import { inputClass, labelClass } from './ui';

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
  const list = useStaffList(FILTERS);
  const result = useListStaffOrdersQuery(list.args);
  const { field } = list;
  return (
    <>
      <PageHeading title="Orders" />
      <form
        role="search"
        aria-label="Filter orders"
        onSubmit={list.submit}
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
      <StaffListTable list={list} result={result} label="Orders" columns={columns} rowKey={(r) => r.orderNumber} />
    </>
  );
}
