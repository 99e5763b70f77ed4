import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from '../../lib/router';
import { staffColumns } from './data-table';
import { STAFF_PAGE_SIZE } from './list-params';
import { StaffListTable, useStaffList } from './staff-list';

interface Row {
  id: string;
  name: string;
}
const col = staffColumns<Row>();
const columns = [col.accessor('name', { header: 'Name', enableSorting: true })];
const FILTERS = ['q', 'onStop'] as const;
const rows = Array.from({ length: STAFF_PAGE_SIZE }, (_, i) => ({ id: String(i), name: `Row ${i}` }));

/** A list page as the staff screens make one, with the query's arguments shown instead of sent. */
function ListPage({ defaultSort }: { defaultSort?: { sort: string; dir: 'asc' | 'desc' } }) {
  const list = useStaffList(FILTERS, defaultSort);
  const { pathname, search } = useLocation();
  return (
    <>
      <p data-testid="address">{`${pathname}${search}`}</p>
      <p data-testid="args">{JSON.stringify(list.args)}</p>
      <form role="search" onSubmit={list.submit}>
        <label>
          Search <input {...list.field('q')} />
        </label>
        <label>
          <input
            type="checkbox"
            checked={list.filters.onStop === 'true'}
            onChange={(e) => list.apply('onStop', e.target.checked ? 'true' : '')}
          />
          On stop only
        </label>
        <button type="submit">Search</button>
      </form>
      <StaffListTable
        list={list}
        result={{ data: { rows, total: 60 }, isFetching: false, isLoading: false }}
        label="Things"
        columns={columns}
        rowKey={(r) => r.id}
      />
    </>
  );
}

function renderAt(path: string, defaultSort?: { sort: string; dir: 'asc' | 'desc' }) {
  const router = createMemoryRouter(() => undefined, path);
  render(
    <RouterProvider router={router}>
      <ListPage defaultSort={defaultSort} />
    </RouterProvider>,
  );
  return router;
}
const address = () => screen.getByTestId('address').textContent;
const args = () => JSON.parse(screen.getByTestId('args').textContent!) as Record<string, unknown>;

describe('useStaffList: a list page from its address', () => {
  it('asks for the page, sort and non-empty filters the address names', () => {
    renderAt('/staff/things?page=2&sort=name&dir=desc&q=kin&onStop=');
    expect(args()).toEqual({ page: 2, pageSize: STAFF_PAGE_SIZE, sort: 'name', direction: 'desc', q: 'kin' });
    expect(screen.getByLabelText('Search')).toHaveValue('kin');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows and asks for the default sort until the address names one', async () => {
    renderAt('/staff/things', { sort: 'name', dir: 'desc' });
    expect(args()).toMatchObject({ sort: 'name', direction: 'desc' });
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(address()).toBe('/staff/things?sort=name&dir=asc');
    expect(args()).toMatchObject({ sort: 'name', direction: 'asc' });
  });

  it('applies the typed filters on submit, trimmed, from the first page', async () => {
    renderAt('/staff/things?page=3');
    await userEvent.type(screen.getByLabelText('Search'), '  Kingfisher ');
    expect(args()).toEqual({ page: 3, pageSize: STAFF_PAGE_SIZE });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(address()).toBe('/staff/things?q=Kingfisher');
    expect(args()).toEqual({ page: 1, pageSize: STAFF_PAGE_SIZE, q: 'Kingfisher' });
  });

  it('applies a checkbox at once and keeps what is typed but not yet submitted', async () => {
    renderAt('/staff/things?q=old');
    const search = screen.getByLabelText('Search');
    await userEvent.clear(search);
    await userEvent.type(search, 'new');
    await userEvent.click(screen.getByRole('checkbox', { name: 'On stop only' }));
    expect(address()).toBe('/staff/things?q=old&onStop=true');
    expect(search).toHaveValue('new');
  });

  it('shows the filters of an address it is sent to (a link, back or forward)', async () => {
    const router = renderAt('/staff/things?q=first');
    await act(() => router.navigate('/staff/things?q=second&page=2'));
    expect(screen.getByLabelText('Search')).toHaveValue('second');
    expect(args()).toEqual({ page: 2, pageSize: STAFF_PAGE_SIZE, q: 'second' });
  });

  it('pages through the address', async () => {
    renderAt('/staff/things?q=a');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(address()).toBe('/staff/things?q=a&page=2');
  });
});
