import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTEGRATION_MSG } from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { nowIso } from '../../lib/time.js';
import { idempotencyRepository } from './idempotency.repository.js';
import { PROBLEM_TYPES, ProblemError } from './problem.js';

const pending = new WeakMap<FastifyRequest, { key: string; hash: string }>();

/**
 * `Idempotency-Key` on every integration POST (this plugin's and any route plugin registered under
 * it): the first answer is stored per API client and key; the same key with the same request gets
 * that answer again (header `idempotent-replayed: true`), with another request 422. Answers that
 * say "try again" (429, 5xx) are not stored, so a retry runs for real.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  const repo = idempotencyRepository(db);
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !/^[\x21-\x7e]{1,200}$/.test(key)) throw new ProblemError(400, INTEGRATION_MSG.idempotencyKeyInvalid);
    const hash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const stored = await repo.find(request.apiClient.clientId, key);
    if (stored) {
      if (stored.request_hash !== hash)
        throw new ProblemError(422, INTEGRATION_MSG.idempotencyMismatch, { type: PROBLEM_TYPES.idempotency });
      return reply
        .status(stored.status_code)
        .header('idempotent-replayed', 'true')
        .type(stored.content_type)
        .serializer((p: unknown) => p as string)
        .send(stored.body);
    }
    pending.set(request, { key, hash });
  });
  // Before serialization: the compression plugin's onSend (the root's) would hand a later onSend a
  // stream. reply.serialize writes the answer exactly as it will be sent.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const p = pending.get(request);
    if (!p) return payload;
    pending.delete(request);
    const status = reply.statusCode;
    if (status >= 500 || status === 429) return payload;
    await repo.save({
      clientId: request.apiClient.clientId,
      key: p.key,
      requestHash: p.hash,
      statusCode: status,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: String(reply.serialize(payload)),
      now: nowIso(),
    });
    return payload;
  });
}
