import Papa from 'papaparse';
import type { AuditEntry, AuditFilter, AuditPage, AuditQuery } from '@wholesale/contract/staff';
import type { Db } from '../../db/client.js';
import type { Repos } from '../../db/repos.js';
import { nowIso } from '../../lib/time.js';
import type { AuditRepository, AuditRow } from './audit.repository.js';

/** Who did something: a signed-in staff member, or the operator's CLI (no staff id). */
export interface AuditActor {
  staffId: number | null;
  username: string;
  address: string;
}

/** One action as the audit log records it. */
export interface AuditRecord {
  action: string;
  targetKind?: string | undefined;
  targetId?: string | number | undefined;
  accountId?: number | null | undefined;
  before?: unknown;
  after?: unknown;
  viewAsId?: string | null | undefined;
}

/** The CLI's actor: the audit log says the change came from a shell on the server. */
export const cliActor = (): AuditActor => ({
  staffId: null,
  username: `cli:${process.env.USER ?? 'operator'}`,
  address: 'cli',
});

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
const parse = (v: string | null): unknown => (v === null ? null : (JSON.parse(v) as unknown));

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: Number(r.id),
    at: r.at,
    staffId: r.staff_id === null ? null : Number(r.staff_id),
    staffUsername: r.staff_username,
    address: r.address,
    action: r.action,
    targetKind: r.target_kind,
    targetId: r.target_id,
    customerNumber: r.customer_number,
    before: parse(r.before_json),
    after: parse(r.after_json),
    viewAsId: r.view_as_id,
  };
}

const CSV_FIELDS = [
  'id',
  'at',
  'staffUsername',
  'address',
  'action',
  'targetKind',
  'targetId',
  'customerNumber',
  'before',
  'after',
  'viewAsId',
] as const;

/**
 * The audit log: append and read, and nothing else. There is deliberately no method that changes
 * or removes an entry, for anyone (the database refuses it as well).
 *
 * A change is audited in its own transaction (`appendIn(trx, ...)`): the change and its row commit
 * together or not at all, so a crash between them cannot lose the row, and a row that cannot be
 * written undoes the change. `append` is for what changes nothing in the database (a refusal, an
 * action outside it).
 */
export function auditService(repos: Repos<AuditRepository>) {
  const repo = repos.base;
  const row = (actor: AuditActor, record: AuditRecord) => ({
    at: nowIso(),
    staff_id: actor.staffId,
    staff_username: actor.username,
    address: actor.address,
    action: record.action,
    target_kind: record.targetKind ?? null,
    target_id: record.targetId === undefined ? null : String(record.targetId),
    account_id: record.accountId ?? null,
    before_json: json(record.before),
    after_json: json(record.after),
    view_as_id: record.viewAsId ?? null,
  });
  return {
    /** Appends the row in `trx`, the transaction of the change it records. */
    async appendIn(trx: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
      await repos.over(trx).append(row(actor, record));
    },

    async append(actor: AuditActor, record: AuditRecord): Promise<void> {
      await repo.append(row(actor, record));
    },

    async searchStaffAudit(_caller: unknown, query: AuditQuery): Promise<AuditPage> {
      const { rows, total } = await repo.page(query);
      return { rows: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize };
    },

    /** The CSV export: a header line, then batches of rows (values that look like formulae escaped). */
    async *exportCsv(filter: AuditFilter): AsyncGenerator<string> {
      // The header line ends in \r\n; each batch after the first starts with one.
      yield Papa.unparse({ fields: [...CSV_FIELDS], data: [] });
      let first = true;
      for await (const batch of repo.all(filter)) {
        const data = batch.map(toEntry).map((e) =>
          CSV_FIELDS.map((f) => {
            const v = e[f];
            return v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
          }),
        );
        yield `${first ? '' : '\r\n'}${Papa.unparse(data, { escapeFormulae: true })}`;
        first = false;
      }
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
