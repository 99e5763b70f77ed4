import { addSeconds, nowIso } from '../../lib/time.js';
import type { AuthRepository } from './auth.repository.js';
import { hashToken, newOpaqueToken } from './tokens.js';

/** The longest an rt for /redirect may live (architecture.md). */
export const ONE_TIME_TOKEN_MAX_MINUTES = 10;

/**
 * A one-time login token for /redirect?rt=: random, stored only as its SHA-256, usable once
 * (GET /api/auth/refresh/{rt} consumes it), valid for at most 10 minutes.
 */
export async function createOneTimeToken(
  repo: Pick<AuthRepository, 'insertOneTimeToken'>,
  userId: number,
  ttlMinutes = ONE_TIME_TOKEN_MAX_MINUTES,
): Promise<{ token: string; expiresAt: string }> {
  const token = newOpaqueToken();
  const createdAt = nowIso();
  const expiresAt = addSeconds(createdAt, Math.min(ttlMinutes, ONE_TIME_TOKEN_MAX_MINUTES) * 60);
  await repo.insertOneTimeToken(hashToken(token), userId, createdAt, expiresAt);
  return { token, expiresAt };
}
