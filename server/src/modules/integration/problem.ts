import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  INTEGRATION_MSG,
  problemType,
  type ProblemDetails,
  type ProblemFieldError,
  type ProblemKind,
  SERVER_MSG,
} from '@wholesale/contract';
import { HttpError } from '../../lib/http-errors.js';
import { isDatabaseUnavailable } from '../../db/client.js';
import { ResponseSchemaError } from '../../lib/serializer.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/errors.js';

/** Problem types of this API (RFC 9457 `type`; the contract's PROBLEM_KINDS describes each). */
export const PROBLEM_TYPES = {
  invalid: problemType('invalid-request'),
  malformedJson: problemType('malformed-json'),
  webhookUrl: problemType('webhook-url-refused'),
  idempotencyKeyInvalid: problemType('idempotency-key-invalid'),
  atomic: problemType('atomic-refused'),
  rateLimited: problemType('rate-limited'),
  idempotency: problemType('idempotency-key-reused'),
  conflict: problemType('conflict'),
} as const;

/** The kind of a problem raised with no type of its own: the one its status stands for. */
const KIND_OF_STATUS: Record<number, ProblemKind> = {
  400: 'bad-request',
  401: 'unauthenticated',
  403: 'missing-scope',
  404: 'not-found',
  409: 'conflict',
  413: 'content-too-large',
  415: 'unsupported-media-type',
  422: 'unprocessable',
  429: 'rate-limited',
  500: 'server-error',
  503: 'unavailable',
};
const typeOfStatus = (status: number): string =>
  problemType(KIND_OF_STATUS[status] ?? (status >= 500 ? 'server-error' : 'bad-request'));

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An integration error: answered as problem+json with its type, field errors and headers. */
export class ProblemError extends HttpError {
  constructor(
    statusCode: number,
    detail: string,
    readonly extra: { type?: string; errors?: ProblemFieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(statusCode, detail, extra.headers ?? {});
  }
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: string,
  extra: { type?: string; errors?: ProblemFieldError[]; headers?: Record<string, string> } = {},
): FastifyReply {
  const body: ProblemDetails = {
    type: extra.type ?? typeOfStatus(status),
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    instance: request.url.split('?')[0] ?? request.url,
    requestId: String(request.id),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
  return reply
    .status(status)
    .headers(extra.headers ?? {})
    .type('application/problem+json')
    .serializer((p: unknown) => JSON.stringify(p))
    .send(body);
}

/** `items.3.listPrice` style paths (zod) and `/items/3/listPrice` (ajv) as a JSON pointer. */
export const pointerOf = (path: readonly PropertyKey[]): string =>
  path.length === 0 ? '' : `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * Errors on the integration API only: every 4xx/5xx is problem+json. Customer routes keep their
 * own shape (plugins/errors.ts); this handler and 404 are set inside the integration plugin.
 */
export function registerProblemHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const errors = err.validation.map((v) => ({
        // Into the body as RFC 6901 says; a query or path parameter as /querystring/<name>.
        pointer: where === 'body' ? v.instancePath : `/${where}${v.instancePath}`,
        detail: v.message ?? SERVER_MSG.badRequest,
      }));
      return sendProblem(request, reply, 400, INTEGRATION_MSG.invalidRequest, { type: PROBLEM_TYPES.invalid, errors });
    }
    if (err instanceof ProblemError) return sendProblem(request, reply, err.statusCode, err.message, err.extra);
    if (err instanceof HttpError)
      return sendProblem(request, reply, err.statusCode, err.message, { headers: err.headers });
    if (err instanceof ResponseSchemaError) {
      request.log.error({ err }, 'response did not match its schema');
      return sendProblem(request, reply, 500, SERVER_MSG.serverError);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ code: (err as { code?: unknown }).code, msg: err.message }, 'database unavailable');
      return sendProblem(request, reply, 503, SERVER_MSG.unavailable, {
        headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      });
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    // Fastify's JSON parser: a body that is not JSON (or empty where one is needed).
    if (status === 400 && (err instanceof SyntaxError || /^FST_ERR_CTP_(INVALID_JSON|EMPTY_JSON)/.test(err.code ?? '')))
      return sendProblem(request, reply, 400, err.message || SERVER_MSG.badRequest, {
        type: PROBLEM_TYPES.malformedJson,
      });
    if (status >= 500) {
      request.log.error({ err }, 'integration request failed');
      return sendProblem(request, reply, 500, SERVER_MSG.serverError);
    }
    return sendProblem(request, reply, status, err.message || SERVER_MSG.badRequest);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, 404, INTEGRATION_MSG.noRoute(request.method, request.url.split('?')[0] ?? '')),
  );
}
