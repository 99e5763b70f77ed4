import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '@wholesale/contract';
import { STAFF_MSG, STAFF_TOKEN_PREFIX, staffRoleAllows, type StaffRole } from '@wholesale/contract/staff';
import { forbidden, unauthorized } from '../../lib/http-errors.js';
import { bearerToken } from '../../plugins/authenticate.js';
import type { AccessGuard } from '../../plugins/routes.js';
import type { StaffCaller, StaffService } from './staff.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff guard: who is calling the back office, from where, with which role. */
    staff: StaffCaller;
  }
}

/**
 * The staff access kind's guard (contract `staff(role)`): a back-office bearer token whose staff
 * member's role holds `role` (staffRoleAllows). A customer session or an API key is refused with
 * a message saying what it is; a back-office token is refused on every other surface likewise
 * (plugins/authenticate.ts, integration-guard.ts).
 */
export function staffGuard(staff: StaffService): (role: StaffRole) => AccessGuard {
  return (role) => ({
    security: [{ staffBearer: [] }],
    async check(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token) throw unauthorized(STAFF_MSG.signInRequired);
      if (token.startsWith(API_KEY_PREFIX)) throw unauthorized(STAFF_MSG.apiKeyOnStaffRoute);
      if (!token.startsWith(STAFF_TOKEN_PREFIX)) throw unauthorized(STAFF_MSG.customerTokenOnStaffRoute);
      const caller = await staff.authenticate(token, request.ip);
      if (!staffRoleAllows(caller.role, role)) throw forbidden(STAFF_MSG.roleRequired(role));
      request.staff = caller;
    },
  });
}

/** The OpenAPI security scheme the staff routes document. */
export const STAFF_SECURITY_SCHEMES = {
  staffBearer: {
    type: 'http',
    scheme: 'bearer',
    description: `A back-office session token (${STAFF_TOKEN_PREFIX}...) from POST /api/staff/auth/second-factor or /enrol`,
  },
} as const;
