import {
  CURRENCY_SYMBOLS,
  MSG,
  type AuthResponse,
  type ChangePasswordRequest,
  type TeamRole,
  type User,
  SERVER_MSG,
} from '@wholesale/contract';
import { minorToAmount } from '../../domain/money.js';
import { badRequest, notFound, unauthorized } from '../../lib/http-errors.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import type { AuthRepository } from './auth.repository.js';
import { SessionCache, withSessionCache } from './session-cache.js';
import { createOneTimeToken } from './one-time-token.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { AccessTokens, hashToken, newFamilyId, newOpaqueToken, type AccessClaims } from './tokens.js';
export type { AccessClaims } from './tokens.js';
import { addressFromColumns } from '../../domain/address.js';

export interface AuthServiceOptions {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * Seconds during which a just-rotated refresh token still works (RFC 9700 4.14.2): two tabs that
   * refresh at once must not log the user out. Used after that, it revokes its whole family.
   */
  refreshReuseGraceSeconds?: number;
  /** How long an active session is trusted without a database read (session-cache.ts); 0 turns it off. */
  sessionCacheMs?: number;
}

export function authService(auth: AuthRepository, opts: AuthServiceOptions) {
  const sessions = new SessionCache(opts.sessionCacheMs);
  const repo = withSessionCache(auth, sessions);
  const access = new AccessTokens(opts.jwtSecret, opts.accessTokenTtlSeconds);
  const graceMs = (opts.refreshReuseGraceSeconds ?? 0) * 1000;

  async function profile(userId: number): Promise<User> {
    const p = await repo.loadProfile(userId);
    if (!p) throw notFound();
    const { row, addresses, statements } = p;
    return {
      username: row.username,
      name: row.user_name,
      jobTitle: row.job_title,
      customerNumber: row.customer_number,
      contact: row.contact,
      currencyCode: row.currency_code,
      currencySymbol: CURRENCY_SYMBOLS[row.currency_code],
      country: row.country,
      address1: row.address1,
      city: row.city,
      county: row.county,
      postcode: row.postcode,
      email: row.email,
      phoneNumber: row.phone_number,
      faxNumber: row.fax_number,
      creditLimit: minorToAmount(Number(row.credit_limit_minor)),
      balance: minorToAmount(Number(row.balance_minor)),
      onStop: row.on_stop ? 'True' : 'False',
      isProforma: !!row.is_proforma,
      deliveryAddresses: addresses.map((a) => ({ reference: a.reference, ...addressFromColumns(a) })),
      statements,
      role: row.team_role,
    };
  }

  /** A new session: access token, refresh token in a family, and the user. */
  async function issue(
    { id: userId, account_id: accountId, team_role: role }: { id: number; account_id: number; team_role: TeamRole },
    familyId = newFamilyId(),
  ): Promise<AuthResponse> {
    const refreshToken = newOpaqueToken();
    await repo.insertRefreshToken({
      familyId,
      userId,
      tokenHash: hashToken(refreshToken),
      expiresAt: addSeconds(nowIso(), opts.refreshTokenTtlDays * 86_400),
    });
    const accessToken = await access.sign({ userId, accountId, familyId, role });
    return { accessToken, refreshToken, user: await profile(userId) };
  }

  return {
    profile,

    /**
     * Unknown user, disabled user and wrong password answer identically (and take as long).
     * `knownDevice`: the device signed in as this user before; its hash waits ahead of the others.
     */
    async login(username: string, password: string, knownDevice = false): Promise<AuthResponse> {
      const found = await repo.findUserByUsername(username.trim());
      // An unknown user, or one with no password yet (created by the ERP, its set-password link
      // unused), costs a hash all the same: the answer's timing must not tell them apart.
      const stored = found?.password_hash.startsWith('scrypt$') ? found.password_hash : undefined;
      const ok =
        (await verifyPassword(password, stored ?? (await dummyPasswordHash()), knownDevice)) && stored !== undefined;
      if (!found || !ok || found.disabled || found.account_disabled) throw unauthorized(MSG.loginFailed);
      await repo.recordLogin(found.id, nowIso());
      return issue(found);
    },

    /**
     * Rotates a refresh token. A token used again within the grace window (another tab refreshing
     * at the same moment) gets a new token in the same family; used again later, it is taken as
     * stolen and revokes its whole family.
     */
    async refresh(refreshToken: string): Promise<AuthResponse> {
      const row = await repo.findRefreshToken(hashToken(refreshToken));
      if (!row) throw unauthorized();
      if (row.revoked_at) throw unauthorized();
      const rotatedAt = row.rotated_at ?? ((await repo.markRotated(row.id)) ? null : nowIso());
      if (rotatedAt !== null && Date.parse(rotatedAt) + graceMs <= Date.now()) {
        await repo.revokeFamily(row.family_id);
        throw unauthorized();
      }
      if (row.expires_at <= nowIso()) throw unauthorized();
      const user = await repo.findUserById(row.user_id);
      if (!user || user.disabled || user.account_disabled) {
        await repo.revokeFamily(row.family_id);
        throw unauthorized();
      }
      return issue(user, row.family_id);
    },

    /** The /redirect route's rt: works once, within its lifetime. */
    async exchangeOneTimeToken(token: string): Promise<AuthResponse> {
      const userId = await repo.consumeOneTimeToken(hashToken(token));
      if (userId === undefined) throw unauthorized();
      const user = await repo.findUserById(userId);
      if (!user || user.disabled || user.account_disabled) throw unauthorized();
      await repo.recordLogin(user.id, nowIso());
      return issue(user);
    },

    async createOneTimeToken(userId: number, ttlMinutes?: number): Promise<string> {
      return (await createOneTimeToken(repo, userId, ttlMinutes)).token;
    },

    /** Claims of a usable access token, or null (expired, forged, or its session ended). */
    async authenticate(accessToken: string): Promise<AccessClaims | null> {
      const claims = await access.verify(accessToken);
      if (!claims) return null;
      return (await repo.isSessionActive(claims.userId, claims.accountId, claims.familyId, claims.role))
        ? claims
        : null;
    },

    /**
     * A customer access token for a staff member viewing as this user: its session family is the
     * view-as session's id, it has no refresh token and it expires with the session. Ending the
     * view-as session (`endViewAsSession`) revokes the family, so the token stops at once.
     */
    async issueViewAsToken(userId: number, accountId: number, viewAsId: string, expiresAt: string): Promise<string> {
      await repo.insertRefreshToken({
        familyId: viewAsId,
        userId,
        // A token no one holds: the family exists so the session check finds it, nothing can refresh it.
        tokenHash: hashToken(newOpaqueToken()),
        expiresAt,
      });
      // The viewed user's own team role: staff see and may do no more than the user could.
      const user = await repo.findUserById(userId);
      if (!user) throw new Error(`no user ${userId} to view as`);
      return access.sign(
        { userId, accountId, familyId: viewAsId, role: user.team_role, viewAs: viewAsId },
        Math.floor(Date.parse(expiresAt) / 1000),
      );
    },

    async endViewAsSession(viewAsId: string): Promise<void> {
      await repo.revokeFamily(viewAsId);
    },

    /** Checks the old password, stores the new one and ends the user's other sessions. */
    async changePassword(claims: AccessClaims, body: ChangePasswordRequest): Promise<void> {
      const row = await repo.getPasswordHash(claims.userId);
      if (!row || !(await verifyPassword(body.oldPassword, row.password_hash)))
        throw badRequest(SERVER_MSG.wrongCurrentPassword);
      if (body.oldPassword === body.newPassword) throw badRequest(SERVER_MSG.samePassword);
      await repo.setPasswordHash(claims.userId, await hashPassword(body.newPassword));
      await repo.revokeUserSessions(claims.userId, claims.familyId);
    },

    async logout(claims: AccessClaims): Promise<void> {
      await repo.revokeFamily(claims.familyId);
    },

    /**
     * Another module ended a user's sessions in the database (the ERP disabled the user, a
     * set-password link was used): forget them in this process too, so the next request is refused.
     */
    forgetUserSessions(userId: number): void {
      sessions.forgetUser(userId);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
