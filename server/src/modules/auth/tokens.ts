import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { TEAM_ROLES, type TeamRole } from '@wholesale/contract';
import type { Caller } from '../../domain/caller.js';

/** Opaque tokens (refresh, one-time rt) are random and stored only as their SHA-256. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newFamilyId = (): string => randomUUID();

/** A verified access token: the caller it stands for and its login session. */
export interface AccessClaims extends Caller {
  /** The refresh-token family (the login session) this access token belongs to. */
  familyId: string;
  /**
   * The user's role within the account when the token was issued. The session check compares it
   * with the stored role on every request, so a changed role ends the token (401 invalid_token, the
   * web refreshes and the new token carries the new role).
   */
  role: TeamRole;
  /**
   * Set when a staff member is viewing the portal as this user (the view-as session's id, which is
   * also the session family): writes are refused or audited (modules/staff/view-as-policy.ts).
   */
  viewAs?: string;
}

/** Verified access tokens remembered at most (oldest forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  /** Imported once: jose would import a raw secret again on every sign and verify. */
  private key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** `expiresAt` (epoch seconds) replaces the usual lifetime: a view-as token lasts as long as its session. */
  async sign(claims: AccessClaims, expiresAt?: number): Promise<string> {
    return new SignJWT({
      acc: claims.accountId,
      sid: claims.familyId,
      rol: claims.role,
      ...(claims.viewAs ? { vas: claims.viewAs } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setIssuer('wholesale-portal')
      .setExpirationTime(expiresAt ?? `${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /**
   * The claims of a valid token, or null for an expired, forged or malformed one. A token must carry
   * exp, sub (the user), acc (the account), sid (the session) and rol (the team role); one without
   * any of them is refused
   * even when its signature is good.
   */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
    }
    const claims = await this.verifyAnew(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims?.claims ?? null;
  }

  /**
   * Tokens whose signature and claims were checked, until they expire: the same token string always
   * verifies the same way, so a signed-in client's later requests skip the HMAC (a thread-pool
   * round trip with WebCrypto). The session itself is still checked on every request.
   */
  private verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  private async verifyAnew(token: string): Promise<{ claims: AccessClaims; expiresAtMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: 'wholesale-portal',
        requiredClaims: ['exp', 'iat', 'sub', 'acc', 'sid', 'rol'],
      });
      const userId = typeof payload.sub === 'string' && /^\d{1,15}$/.test(payload.sub) ? Number(payload.sub) : NaN;
      const { acc, sid, rol, vas } = payload;
      if (!Number.isSafeInteger(userId) || userId < 1 || !Number.isSafeInteger(acc) || typeof sid !== 'string')
        return null;
      const role = TEAM_ROLES.find((r) => r === rol);
      if (!role) return null;
      if (!/^[0-9a-f-]{36}$/i.test(sid)) return null;
      if (vas !== undefined && vas !== sid) return null;
      return {
        claims: { userId, accountId: acc as number, familyId: sid, role, ...(vas ? { viewAs: vas } : {}) },
        expiresAtMs: (payload.exp as number) * 1000,
      };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
