import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Opaque tokens (refresh, one-time rt) are random and stored only as their SHA-256. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newFamilyId = (): string => randomUUID();

export interface AccessClaims {
  userId: number;
  accountId: number;
  /** The refresh-token family (the login session) this access token belongs to. */
  familyId: string;
}

export class AccessTokens {
  private key: Uint8Array;
  constructor(
    secret: string,
    private ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ acc: claims.accountId, fam: claims.familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setIssuer('wholesale-portal')
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for an expired, forged or malformed one. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: 'wholesale-portal' });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.acc !== 'number' || typeof payload.fam !== 'string') return null;
      return { userId, accountId: payload.acc, familyId: payload.fam };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
