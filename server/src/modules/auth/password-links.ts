import { MSG, type SetPasswordLinkResponse, type SetPasswordRequest } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/http-errors.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import type { Repos } from '../../db/repos.js';
import { authRepository, type AuthRepository } from './auth.repository.js';
import { hashPassword } from '../../lib/password.js';
import { hashToken, newOpaqueToken } from './tokens.js';
import { SET_PASSWORD_LINK_TTL_HOURS } from '@wholesale/contract';
import { recordPasswordChanged } from '../mail/mail-outbox.js';

/** How long a set-password link works (a new user may read the mail a few days later). */

/** The web page that takes the link (web/src/pages/SetPassword.tsx). */
export const SET_PASSWORD_PATH = '/set-password';

/** A password no scrypt hash can match: a user created by the ERP has none until the link is used. */
export const NO_PASSWORD = '!unset';

/**
 * Creates a one-time set-password link for `userId` inside `db` (the caller's transaction: the
 * auth area's published write, like the outboxes' records, for the ERP's and the CLI's new users): random,
 * stored only as its SHA-256, valid for SET_PASSWORD_LINK_TTL_HOURS. Earlier unused links of the
 * user stop working, so only the newest link does.
 */
export async function createPasswordLink(
  db: Db,
  userId: number,
  baseUrl: string,
  ttlSeconds = SET_PASSWORD_LINK_TTL_HOURS * 3600,
): Promise<{ url: string; expiresAt: string }> {
  const repo = authRepository(db);
  const token = newOpaqueToken();
  const createdAt = nowIso();
  const expiresAt = addSeconds(createdAt, ttlSeconds);
  await repo.endPasswordLinks(userId, createdAt);
  await repo.insertPasswordLink(hashToken(token), userId, createdAt, expiresAt);
  return { url: `${baseUrl.replace(/\/+$/, '')}${SET_PASSWORD_PATH}?token=${token}`, expiresAt };
}

/** 410 Gone: the page says the link expired or was used, and to ask the supplier for a new one. */
const linkGone = () => new HttpError(410, MSG.setPasswordLinkExpired);

/** The set-password page's two calls (auth.routes.ts). */
export function passwordLinksService(auth: Repos<AuthRepository>, onPasswordSet: (userId: number) => void) {
  const repo = auth.base;
  return {
    async describe(token: string): Promise<SetPasswordLinkResponse> {
      const link = await repo.livePasswordLink(hashToken(token), nowIso());
      if (!link) throw linkGone();
      return { username: link.username, expiresAt: link.expires_at };
    },

    /** Uses the link and sets the password in one transaction; the user's sessions end. */
    async setPassword(body: SetPasswordRequest): Promise<{ ok: true; username: string }> {
      const tokenHash = hashToken(body.token);
      if (!(await repo.livePasswordLink(tokenHash, nowIso()))) throw linkGone();
      // Hashing is slow: done before the transaction, so no lock waits on it.
      const hash = await hashPassword(body.newPassword);
      const done = await auth.transaction(async (r, trx) => {
        const now = nowIso();
        const link = await r.livePasswordLink(tokenHash, now);
        if (!link || !(await r.usePasswordLink(tokenHash, now))) return undefined;
        await r.setPasswordHash(link.user_id, hash);
        await r.revokeUserSessions(link.user_id);
        // The user is told by email that the password changed (mail outbox, this transaction).
        await recordPasswordChanged(trx, link.user_id);
        return link;
      });
      if (!done) throw linkGone();
      onPasswordSet(done.user_id);
      return { ok: true, username: done.username };
    },
  };
}
