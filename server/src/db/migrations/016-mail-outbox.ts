import { sql, type Kysely } from 'kysely';
import type { Engine } from '../client.js';

/**
 * Email (docs/areas.md, Email):
 * - `mail_outbox`: one row per email, written in the transaction of the change that causes it and
 *   sent by the server holding its lease (modules/mail/mail-worker.ts). `message_id` is fixed when
 *   the row is written, so every attempt sends the same Message-ID. `status`: pending until sent;
 *   failed (a permanent SMTP refusal, or the attempts ran out) or unsendable (no valid address),
 *   both listed by `npm run admin -- mail list --failed`. `payload` is what the template needs
 *   (an order number...); a token a link carries is kept sealed (events/secret-box.ts).
 * - `mail_opt_outs`: a row per (user, category) the user turned off (despatch, cancellation).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const pgsql = engine === 'postgres';
  await db.schema
    .createTable('mail_outbox')
    .$call((t) =>
      pgsql
        ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed', 'unsendable')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('leased_until', 'text')
    .addColumn('lease_holder', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('mail_opt_outs')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_opt_outs_pk', ['user_id', 'category'])
    .execute();
}
