/**
 * A user's optional emails: My Details reads and sets them; the one-click unsubscribe
 * link turns one off. Every call names the user: a caller only ever reads or sets their own.
 */
import { OPTIONAL_MAIL_CATEGORIES, type MailPreferences, type OptionalMailCategory } from '@wholesale/contract';
import type { Caller } from '../../domain/caller.js';
import { nowIso } from '../../lib/time.js';
import type { MailRepository } from './mail.repository.js';
import type { Repos } from '../../db/repos.js';

export function mailPreferencesService(mail: Repos<MailRepository>) {
  const repo = mail.base;
  async function read(userId: number): Promise<MailPreferences> {
    const off = new Set(await repo.optOuts(userId));
    return { despatch: !off.has('despatch'), cancellation: !off.has('cancellation') };
  }
  return {
    /** GET /account/mail-preferences */
    getMailPreferences: (caller: Caller) => read(caller.userId),
    /** PUT /account/mail-preferences */
    async updateMailPreferences(caller: Caller, body: MailPreferences): Promise<MailPreferences> {
      const now = nowIso();
      await mail.transaction(async (r) => {
        for (const c of OPTIONAL_MAIL_CATEGORIES) await r.setOptOut(caller.userId, c, !body[c], now);
      });
      return read(caller.userId);
    },
    /** The unsubscribe link: one category off, for the user its signed token names. */
    unsubscribe: (userId: number, category: OptionalMailCategory) => repo.setOptOut(userId, category, true, nowIso()),
  };
}
export type MailPreferencesService = ReturnType<typeof mailPreferencesService>;
