import type { FastifyRequest } from 'fastify';
import { API_KEY_FAILURES_PER_MINUTE, INTEGRATION_MSG } from '@wholesale/contract';
import { STAFF_MSG, STAFF_TOKEN_PREFIX } from '@wholesale/contract/staff';
import type { AppContext } from '../../context.js';
import type { Limit } from '../../lib/throttle.js';
import { KEY_PREFIX, keyIdOf, type ApiKeysService } from './api-keys.js';
import type { IntegrationGuard } from './guard.js';
import { PROBLEM_TYPES, ProblemError } from './problem.js';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="wholesale-portal-integration"' };

/** The key a request presents: `Authorization: Bearer wpk_...` or `X-Api-Key: wpk_...`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return m?.[1];
}

/**
 * The integration guard: a key of a live client (401 otherwise; a customer's session token is not
 * a key; failed keys are counted per address, API_KEY_FAILURES_PER_MINUTE, then 429), the client's rate limit (429 with Retry-After; counted in Redis when configured, so
 * every server shares one budget), then the route's scope (403).
 */
export function createIntegrationGuard(ctx: AppContext, keys: ApiKeysService): IntegrationGuard {
  const perMinute = ctx.config.INTEGRATION_RATE_LIMIT_PER_MINUTE;
  const limit: Limit = { name: 'integration-client', points: perMinute, seconds: 60 };
  const failures: Limit = { name: 'integration-key-failures', points: API_KEY_FAILURES_PER_MINUTE, seconds: 60 };
  const tooManyFailures = (retryAfterSeconds: number) =>
    new ProblemError(429, INTEGRATION_MSG.tooManyKeyFailures, {
      type: PROBLEM_TYPES.rateLimited,
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  /** A presented key refused: logged with the address and key id (never the secret), and counted. */
  const refuse = async (request: FastifyRequest, key: string, detail: string) => {
    request.log.warn({ address: request.ip, keyId: keyIdOf(key) ?? null }, 'integration: API key refused');
    const verdict = await ctx.throttle.consume([failures, request.ip]);
    return verdict.ok
      ? new ProblemError(401, detail, { headers: CHALLENGE })
      : tooManyFailures(verdict.retryAfterSeconds);
  };
  return (scope) => async (request) => {
    const key = presentedKey(request);
    if (!key) throw new ProblemError(401, INTEGRATION_MSG.missingKey, { headers: CHALLENGE });
    // An address that spent its failures is refused before its key is looked at.
    const blocked = await ctx.throttle.spent(failures, request.ip);
    if (!blocked.ok) throw tooManyFailures(blocked.retryAfterSeconds);
    // A back-office sign-in is refused as plainly as a customer session (and counted the same).
    if (key.startsWith(STAFF_TOKEN_PREFIX)) throw await refuse(request, key, STAFF_MSG.staffTokenOnIntegrationRoute);
    if (!key.startsWith(KEY_PREFIX)) throw await refuse(request, key, INTEGRATION_MSG.notAKey);
    const caller = await keys.authenticate(key);
    if (!caller) throw await refuse(request, key, INTEGRATION_MSG.unknownKey);
    request.apiClient = caller;
    const verdict = await ctx.throttle.consume([limit, String(caller.clientId)]);
    if (!verdict.ok)
      throw new ProblemError(429, INTEGRATION_MSG.rateLimited(perMinute), {
        type: PROBLEM_TYPES.rateLimited,
        headers: { 'retry-after': String(verdict.retryAfterSeconds) },
      });
    if (!caller.scopes.includes(scope)) throw new ProblemError(403, INTEGRATION_MSG.missingScope(scope));
  };
}
