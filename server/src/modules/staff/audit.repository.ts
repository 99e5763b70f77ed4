import { sql, type Selectable } from 'kysely';
import type { AuditFilter, AuditQuery } from '@wholesale/contract/staff';
import type { Db } from '../../db/client.js';
import type { StaffAuditTable } from '../../db/types.js';

export type AuditRow = Selectable<StaffAuditTable> & { customer_number: string | null };
export type NewAuditRow = Omit<Selectable<StaffAuditTable>, 'id'>;

const SORT_COLUMNS = {
  at: 'staff_audit.at',
  staff: 'staff_audit.staff_username',
  action: 'staff_audit.action',
} as const;

/**
 * The audit log's SQL: insert and select, nothing else. There is no update or delete here by
 * design, and the database refuses them (migration 030's triggers).
 */
export function auditRepository(db: Db) {
  function filtered(f: AuditFilter) {
    let q = db.selectFrom('staff_audit').leftJoin('accounts', 'accounts.id', 'staff_audit.account_id');
    if (f.staff) q = q.where(sql<string>`lower(staff_audit.staff_username)`, '=', f.staff.toLowerCase());
    if (f.customer) q = q.where('accounts.customer_number', '=', f.customer);
    if (f.from) q = q.where('staff_audit.at', '>=', `${f.from}T00:00:00.000Z`);
    // `to` is inclusive: everything before the next day.
    if (f.to) q = q.where('staff_audit.at', '<', nextDay(f.to));
    if (f.action) q = q.where('staff_audit.action', '=', f.action);
    return q;
  }
  const columns = [
    'staff_audit.id',
    'staff_audit.at',
    'staff_audit.staff_id',
    'staff_audit.staff_username',
    'staff_audit.address',
    'staff_audit.action',
    'staff_audit.target_kind',
    'staff_audit.target_id',
    'staff_audit.account_id',
    'staff_audit.before_json',
    'staff_audit.after_json',
    'staff_audit.view_as_id',
    'accounts.customer_number',
  ] as const;

  return {
    async append(row: NewAuditRow): Promise<void> {
      await db.insertInto('staff_audit').values(row).execute();
    },

    async page(q: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
      const desc = q.sort.startsWith('-');
      const column = SORT_COLUMNS[q.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
      const [rows, count] = await Promise.all([
        filtered(q)
          .select(columns)
          .orderBy(column, desc ? 'desc' : 'asc')
          .orderBy('staff_audit.id', desc ? 'desc' : 'asc')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        filtered(q)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Every matching row, oldest first, a batch at a time (the CSV export). */
    async *all(f: AuditFilter, batch = 500): AsyncGenerator<AuditRow[]> {
      let after = 0;
      for (;;) {
        const rows = await filtered(f)
          .select(columns)
          .where('staff_audit.id', '>', after)
          .orderBy('staff_audit.id')
          .limit(batch)
          .execute();
        if (rows.length) yield rows;
        if (rows.length < batch) return;
        after = Number(rows[rows.length - 1]!.id);
      }
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
