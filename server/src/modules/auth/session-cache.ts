import type { AuthRepository } from './auth.repository.js';

/** How long a session found active is trusted without asking the database again. */
export const SESSION_CACHE_MS = 2000;
const MAX_ENTRIES = 10_000;

interface Entry {
  userId: number;
  familyId: string;
  until: number;
  /** From then on, the next request has it checked again in the background (refresh-ahead). */
  renewAt: number;
  renewing?: boolean;
}

/**
 * Remembers, for a short time, that a session (user and refresh-token family) was active, so each
 * authenticated request need not read the users, accounts and refresh_tokens rows again.
 *
 * Correctness within this process: every way this process ends a session forgets it at once
 * (`forgetFamily` on logout and refresh-token reuse, `forgetUser` on a password change). Only
 * "active" is remembered; an ended session is asked about every time. Another process (a second
 * server behind the proxy, the admin CLI disabling a user) is seen after at most `ttlMs`.
 *
 * Refresh-ahead: in the second half of an entry's time, the first request that uses it has the
 * session checked again in the background (`claimRenewal`), and the answer renews or ends the
 * entry. A client that keeps asking then never waits for the check (on PostgreSQL a round trip,
 * which every few hundred requests set the tail of a signed-in read: bench/README.md), while no
 * entry is trusted longer than `ttlMs` after the check that made it.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  /** Bumped by every forget: an answer read before a revocation must not be remembered after it. */
  private epoch = 0;
  constructor(
    readonly ttlMs = SESSION_CACHE_MS,
    private now: () => number = Date.now,
  ) {}

  private key = (userId: number, familyId: string, rest: readonly unknown[]) =>
    [userId, familyId, ...rest].map(String).join('\u0000');

  isActive(userId: number, familyId: string, rest: readonly unknown[] = []): boolean {
    const key = this.key(userId, familyId, rest);
    const e = this.entries.get(key);
    if (!e) return false;
    if (e.until > this.now()) return true;
    this.entries.delete(key);
    return false;
  }

  /** A token for `remember`: taken before the database is asked. */
  begin(): number {
    return this.epoch;
  }

  /** Remembers an active session, unless some session was ended since `begin` returned `since`. */
  remember(userId: number, familyId: string, rest: readonly unknown[] = [], since = this.epoch): void {
    if (this.ttlMs <= 0 || since !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const now = this.now();
    this.entries.set(this.key(userId, familyId, rest), {
      userId,
      familyId,
      until: now + this.ttlMs,
      renewAt: now + this.ttlMs / 2,
    });
  }

  /**
   * True once for an active entry in the second half of its time: the caller checks the session
   * again, calls `remember` (still active) or `forget` (ended), and then `endRenewal`.
   */
  claimRenewal(userId: number, familyId: string, rest: readonly unknown[] = []): boolean {
    const e = this.entries.get(this.key(userId, familyId, rest));
    if (!e || e.renewing || this.now() < e.renewAt) return false;
    e.renewing = true;
    return true;
  }

  /**
   * A renewal is over. An entry it did not replace (the database did not answer, or a session was
   * ended meanwhile so the answer was not remembered) may be claimed again by a later request.
   */
  endRenewal(userId: number, familyId: string, rest: readonly unknown[] = []): void {
    const e = this.entries.get(this.key(userId, familyId, rest));
    if (e) e.renewing = false;
  }

  /** One session found ended. */
  forget(userId: number, familyId: string, rest: readonly unknown[] = []): void {
    this.entries.delete(this.key(userId, familyId, rest));
  }

  forgetFamily(familyId: string): void {
    this.epoch++;
    for (const [k, e] of this.entries) if (e.familyId === familyId) this.entries.delete(k);
  }

  forgetUser(userId: number): void {
    this.epoch++;
    for (const [k, e] of this.entries) if (e.userId === userId) this.entries.delete(k);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The auth repository with `isSessionActive` answered from the cache while fresh, and every write
 * that ends sessions (revoking a family or a user's sessions, a new password) forgetting them
 * before and after it. An answer read while such a write ran is used for its request but not
 * remembered (the epoch changed), so a revoked session cannot come back from the cache.
 */
export function withSessionCache(repo: AuthRepository, cache: SessionCache): AuthRepository {
  return {
    ...repo,
    async isSessionActive(userId, accountId, familyId, role) {
      const rest = [accountId, role];
      const check = async () => {
        const since = cache.begin();
        const active = await repo.isSessionActive(userId, accountId, familyId, role);
        if (active) cache.remember(userId, familyId, rest, since);
        else cache.forget(userId, familyId, rest);
        return active;
      };
      if (!cache.isActive(userId, familyId, rest)) return check();
      if (cache.claimRenewal(userId, familyId, rest)) {
        const done = () => cache.endRenewal(userId, familyId, rest);
        check().then(done, done);
      }
      return true;
    },
    async revokeFamily(familyId) {
      cache.forgetFamily(familyId);
      await repo.revokeFamily(familyId);
      cache.forgetFamily(familyId);
    },
    async revokeUserSessions(userId, exceptFamilyId) {
      cache.forgetUser(userId);
      const revoked = await repo.revokeUserSessions(userId, exceptFamilyId);
      cache.forgetUser(userId);
      return revoked;
    },
    async setPasswordHash(userId, hash) {
      await repo.setPasswordHash(userId, hash);
      cache.forgetUser(userId);
    },
  };
}
