import type { AuditEntry } from '@wholesale/contract/staff';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { TextField } from '../../components/text-field';
import { saveFile } from '../../lib/save-file';
import { useExportStaffAuditMutation, useSearchStaffAuditQuery } from './audit-api';
import { staffColumns } from './data-table';
import { when } from './format';
import { STAFF_PAGE_SIZE } from './list-params';
import { StaffFrame } from './staff-frame';
import { StaffListTable, useStaffList, type StaffListState } from './staff-list';
import { Outcome } from './ui';

export function StaffAuditPage() {
  return (
    <StaffFrame>
      <Audit />
    </StaffFrame>
  );
}

/** Before and after as short text (the CSV has them whole). */
const brief = (v: unknown) => {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

const col = staffColumns<AuditEntry>();
const columns = [
  col.accessor('at', { header: 'When', enableSorting: true, cell: (c) => when(c.getValue()) }),
  col.accessor('staffUsername', { id: 'staff', header: 'Staff', enableSorting: true }),
  col.accessor('address', { header: 'From' }),
  col.accessor('action', { header: 'Action', enableSorting: true }),
  col.accessor('customerNumber', { header: 'Customer', cell: (c) => c.getValue() ?? '' }),
  col.display({
    id: 'target',
    header: 'Target',
    cell: (c) => [c.row.original.targetKind, c.row.original.targetId].filter(Boolean).join(' '),
  }),
  col.display({
    id: 'change',
    header: 'Before → after',
    cell: (c) => {
      const { before, after } = c.row.original;
      if (before === null && after === null) return '';
      return (
        <span className="font-mono text-xs">
          {brief(before)} → {brief(after)}
        </span>
      );
    },
  }),
];

const FILTERS = ['staff', 'customer', 'from', 'to'] as const;

const given = (filters: Record<string, string>) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;

/** The audit list takes one sort: a field, with a leading - for descending. */
const auditArgs = (l: StaffListState<(typeof FILTERS)[number]>) => ({
  ...given(l.filters),
  page: l.page,
  pageSize: STAFF_PAGE_SIZE,
  sort: `${l.dir === 'desc' ? '-' : ''}${l.sort ?? 'at'}`,
});

function Audit() {
  // Newest first until another sort is chosen.
  const list = useStaffList(FILTERS, { sort: 'at', dir: 'desc' });
  const result = useSearchStaffAuditQuery(auditArgs(list));
  const { field } = list;
  const filters = given(list.filters);
  const [exportCsv, exportState] = useExportStaffAuditMutation();
  return (
    <>
      <PageHeading title="Audit log">
        <Button
          variant="secondary"
          disabled={exportState.isLoading}
          onClick={() =>
            void exportCsv(filters)
              .unwrap()
              .then(
                (blob) => saveFile(blob, 'staff-audit.csv'),
                () => undefined,
              )
          }
        >
          Export CSV
        </Button>
      </PageHeading>
      <form
        role="search"
        aria-label="Filter the audit log"
        onSubmit={list.submit}
        className="mb-4 grid gap-3 sm:grid-cols-5"
      >
        <TextField label="Staff username" {...field('staff')} />
        <TextField label="Customer number" {...field('customer')} />
        <TextField label="From" type="date" {...field('from')} />
        <TextField label="To" type="date" {...field('to')} />
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Search
          </Button>
        </div>
      </form>
      <Outcome error={exportState.error} />
      <StaffListTable list={list} result={result} label="Audit log" columns={columns} rowKey={(r) => String(r.id)} />
    </>
  );
}
