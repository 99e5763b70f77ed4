import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResponseSchemaError } from '../lib/serializer.js';
import { SERVER_MSG } from '@wholesale/contract';
import { HttpError } from '../lib/http-errors.js';
import { isDatabaseUnavailable } from '../db/client.js';
import { redactUrl } from '../lib/redact.js';

/** Seconds a client is asked to wait when the database cannot answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const reason: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Every error answers {statusCode, error, message[, issues]}; no stack trace ever leaves. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? SERVER_MSG.badRequest,
      }));
      const first = issues[0];
      return reply.status(400).send({
        statusCode: 400,
        error: reason[400],
        message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : SERVER_MSG.badRequest,
        issues,
      });
    }
    if (err instanceof HttpError) {
      return reply
        .status(err.statusCode)
        .headers(err.headers)
        .send({
          ...err.details,
          statusCode: err.statusCode,
          error: reason[err.statusCode] ?? 'Error',
          message: err.message,
        });
    }
    if (err instanceof ResponseSchemaError) {
      request.log.error({ err, url: redactUrl(request.url) }, 'response did not match its schema');
      return reply.status(500).send({ statusCode: 500, error: reason[500], message: SERVER_MSG.serverError });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ code: (err as { code?: unknown }).code, msg: err.message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, error: reason[503], message: SERVER_MSG.unavailable });
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ statusCode: 500, error: reason[500], message: SERVER_MSG.serverError });
    }
    const message = status === 429 ? SERVER_MSG.tooManyRequests : err.message || SERVER_MSG.badRequest;
    return reply.status(status).send({ statusCode: status, error: reason[status] ?? 'Error', message });
  });
}
