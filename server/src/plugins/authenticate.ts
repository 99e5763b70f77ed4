import { API_KEY_PREFIX, SERVER_MSG, TEAM_MSG, roleMay } from '@wholesale/contract';
import { STAFF_MSG, STAFF_TOKEN_PREFIX } from '@wholesale/contract/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessClaims, AuthService } from '../modules/auth/auth.service.js';
import { forbidden, unauthorized } from '../lib/http-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`: who is calling; every query is scoped by `auth.accountId`. */
    auth: AccessClaims;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/**
 * preHandler for protected routes. No token: 401 with a plain Bearer challenge (the web logs out).
 * Expired, forged or ended session: 401 with error="invalid_token" (the web refreshes once).
 * A team role the route's contract entry does not allow (`access.roles`, set on the route's config
 * by plugins/routes.ts): 403 with the contract's message, before the body is read.
 */
export function requireAuth(
  auth: AuthService,
  /** A staff member viewing as the customer: what the view-as session may do (modules/staff/view-as-policy.ts). */
  viewAsGate?: (request: FastifyRequest, viewAsId: string) => Promise<void>,
) {
  return async function (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    // An ERP's API key is no session that expired: say what it is, and no invalid_token (nothing to refresh).
    if (token.startsWith(API_KEY_PREFIX)) throw unauthorized(SERVER_MSG.apiKeyOnCustomerRoute);
    // A back-office sign-in is no customer session: staff reach the portal only through View as customer.
    if (token.startsWith(STAFF_TOKEN_PREFIX)) throw forbidden(STAFF_MSG.staffTokenOnCustomerRoute);
    const claims = await auth.authenticate(token);
    if (!claims) throw unauthorized(SERVER_MSG.sessionExpired, true);
    if (claims.viewAs) {
      if (!viewAsGate) throw unauthorized(SERVER_MSG.sessionExpired, true);
      await viewAsGate(request, claims.viewAs);
    }
    request.auth = claims;
    if (!roleMay(claims.role, request.routeOptions.config.roles)) throw forbidden(TEAM_MSG.roleNotAllowed(claims.role));
  };
}
