/**
 * Operators' view of the mail outbox (`npm run admin -- mail list [--failed]`, `mail resend --id N`).
 */
import { UsageError } from '../../cli/db.js';
import { nowIso } from '../../lib/time.js';
import { recipientsOf } from './mail-outbox.js';
import type { MailRepository } from './mail.repository.js';

export function mailCommands(repo: MailRepository) {
  return {
    /** One line per email, newest first: id, kind, status, attempts, recipients, created, last error. */
    async list({ failed, limit = 50 }: { failed: boolean; limit?: number }): Promise<string> {
      const rows = await repo.list({ failedOnly: failed, limit });
      if (!rows.length) return failed ? 'no failed emails' : 'no emails';
      return rows
        .map((r) =>
          [
            r.id,
            r.kind,
            r.status,
            `attempts ${r.attempts}`,
            (JSON.parse(r.recipients) as string[]).join(',') || '(no address)',
            r.created_at,
            r.last_error ?? '',
          ].join('  '),
        )
        .join('\n');
    },

    /**
     * Queues a failed or unsendable email again with the same Message-ID. One without an address
     * takes the user's and the account's addresses as they are now (after an operator added one).
     */
    async resend({ id }: { id: string }): Promise<string> {
      if (!/^\d+$/.test(id)) throw new UsageError('--id must be the number mail list shows');
      const row = await repo.get(Number(id));
      if (!row) throw new UsageError(`no email ${id}`);
      if (row.status !== 'failed' && row.status !== 'unsendable')
        throw new UsageError(`email ${id} is ${row.status}: only failed or unsendable emails are resent`);
      let recipients: string[] | undefined;
      if ((JSON.parse(row.recipients) as string[]).length === 0) {
        const contact = row.user_id === null ? undefined : await repo.userContact(row.user_id);
        const found = recipientsOf([contact?.user_email, contact?.account_email]);
        if (found.refusal) throw new UsageError(`email ${id}: ${found.refusal}`);
        recipients = found.recipients;
      }
      if (!(await repo.requeue(row.id, nowIso(), recipients))) throw new UsageError(`email ${id} changed: try again`);
      return `email ${id} (${row.kind}) queued again`;
    },
  };
}
