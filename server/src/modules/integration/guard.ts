import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiScope } from '@wholesale/contract';

/** The API client an integration request was authenticated as (set by the guard). */
export interface ApiCaller {
  clientId: number;
  name: string;
  scopes: readonly ApiScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the integration guard on `/api/integration/v1` routes; never on customer routes. */
    apiClient: ApiCaller;
  }
}

/**
 * The preHandler factory every integration route uses: no or unknown key 401, a customer's token
 * 401, a key without `scope` 403 (problem+json). Built once by the integration module and handed
 * to each integration route plugin as `guard`.
 */
export type IntegrationGuard = (scope: ApiScope) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
