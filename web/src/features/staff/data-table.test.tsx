import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, staffColumns } from './data-table';

interface Row {
  id: string;
  name: string;
  city: string;
}
const col = staffColumns<Row>();
const columns = [
  col.accessor('name', { header: 'Name', enableSorting: true }),
  col.accessor('city', { header: 'City' }),
];
const rows: Row[] = [
  { id: '1', name: 'Kingfisher', city: 'Bristol' },
  { id: '2', name: 'Liffey', city: 'Dublin' },
];

function renderTable(props: { sort?: string; dir?: 'asc' | 'desc'; page?: number; total?: number }) {
  const onSort = vi.fn();
  const onPage = vi.fn();
  render(
    <DataTable
      label="Customers"
      columns={columns}
      rows={rows}
      page={props.page ?? 1}
      pageSize={2}
      total={props.total ?? 2}
      sort={props.sort}
      dir={props.dir}
      onSort={onSort}
      onPage={onPage}
      rowKey={(r) => r.id}
    />,
  );
  return { onSort, onPage };
}

describe('DataTable: the server sorts and pages', () => {
  it('shows the rows it is given, in that order, and the total', () => {
    renderTable({});
    const table = screen.getByRole('table', { name: 'Customers' });
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['NameKingfisher', 'CityBristol', 'NameLiffey', 'CityDublin']);
    expect(screen.getByText('2 results')).toBeInTheDocument();
  });

  it('asks for the next sort from a sortable header and marks the current one', async () => {
    const { onSort } = renderTable({ sort: 'name', dir: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.queryByRole('button', { name: /City/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith({ sort: 'name', dir: 'desc' });
  });

  it('asks for another page by number', async () => {
    const { onPage } = renderTable({ page: 1, total: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
