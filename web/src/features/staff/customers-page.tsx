import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { TextField } from '../../components/text-field';
import { Link } from '../../lib/router';
import type { CustomerRow } from '@wholesale/contract/staff';
import { useSearchCustomersQuery } from './customers-api';
import { staffColumns } from './data-table';
import { money } from './format';
import { StaffFrame } from './staff-frame';
import { StaffListTable, useStaffList } from './staff-list';

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

const FILTERS = ['q', 'onStop'] as const;

function Customers() {
  const list = useStaffList(FILTERS);
  const result = useSearchCustomersQuery(list.args);
  return (
    <>
      <PageHeading title="Customers" />
      <form role="search" onSubmit={list.submit} className="mb-4 flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-60 flex-1"
          label="Search customers"
          hint="Account number, name, postcode, or a user's username, name or email"
          type="search"
          {...list.field('q')}
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={list.filters.onStop === 'true'}
            onChange={(e) => list.apply('onStop', e.target.checked ? 'true' : '')}
          />
          On stop only
        </label>
        <Button type="submit">Search</Button>
      </form>
      <StaffListTable
        list={list}
        result={result}
        label="Customers"
        columns={columns}
        rowKey={(r) => r.customerNumber}
      />
    </>
  );
}
