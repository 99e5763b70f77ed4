/**
 * Forgotten password. `POST /api/auth/forgot-password` answers the same words whatever
 * was typed, so nobody learns which usernames or addresses exist; behind that answer, each enabled
 * login that matches (by username, or by email: several may share one) gets a one-time link valid
 * for PASSWORD_RESET_LINK_TTL_MINUTES by email, recorded with the link in one transaction (mail
 * outbox). The link opens /set-password, which asks for the new password first: opening it (a mail
 * scanner) spends nothing (password-links.ts). Throttled per client address (429, as login), and
 * quietly per address typed and per user: over those limits nothing more is sent, same answer.
 */
import { PASSWORD_RESET_LINK_TTL_MINUTES, RESET_MSG, type PasswordResetResponse } from '@wholesale/contract';
import type { Repos } from '../../db/repos.js';
import { keyPart } from '../../lib/throttle.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordPasswordLinkMail } from '../mail/mail-outbox.js';
import type { AuthRepository } from './auth.repository.js';
import { createPasswordLink } from './password-links.js';

export interface PasswordResetDeps {
  box: SecretBox;
  baseUrl: string;
}

/** The caller's throttle (app.ts): whether one more request for this address typed, or this user, is allowed. */
export interface ResetAllowance {
  address(typed: string): Promise<boolean>;
  user(userId: number): Promise<boolean>;
}

export function passwordResetService(auth: Repos<AuthRepository>, deps: PasswordResetDeps) {
  const repo = auth.base;
  const answer: PasswordResetResponse = { message: RESET_MSG.answer };
  return {
    async requestPasswordReset(usernameOrEmail: string, allow: ResetAllowance): Promise<PasswordResetResponse> {
      if (!(await allow.address(keyPart(usernameOrEmail)))) return answer;
      const users = await repo.usersByUsernameOrEmail(usernameOrEmail.trim());
      for (const u of users) {
        if (!(await allow.user(u.id))) continue;
        await auth.transaction(async (_r, trx) => {
          const link = await createPasswordLink(trx, u.id, deps.baseUrl, PASSWORD_RESET_LINK_TTL_MINUTES * 60);
          await recordPasswordLinkMail(trx, deps.box, 'password.reset', u.id, link);
        });
      }
      return answer;
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
