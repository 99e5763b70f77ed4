import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTEGRATION_MSG } from '@wholesale/contract';
import { nowIso } from '../../lib/time.js';
import { IN_PROGRESS, type IdempotencyRepository } from './idempotency.repository.js';
import { PROBLEM_TYPES, ProblemError } from './problem.js';

/** How long a key is kept (then housekeeping deletes it, and the same key runs as new). */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** How long a duplicate waits for the first request's answer before it is told 409 (in progress). */
const WAIT_FOR_FIRST_MS = 2_000;

/**
 * Fields of an answer that are never stored for a replay: a webhook endpoint's signing secret is
 * shown once (the replay says so instead), so the table holds no secret in plain text.
 */
const SECRET_FIELDS = ['secret'] as const;

const pending = new WeakMap<FastifyRequest, { clientId: number; key: string }>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The answer as stored for a replay: the serialized answer without its secrets. */
function storable(serialized: string): string {
  if (!SECRET_FIELDS.some((f) => serialized.includes(`"${f}"`))) return serialized;
  const body = JSON.parse(serialized) as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return serialized;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  let removed = false;
  for (const f of SECRET_FIELDS)
    if (f in copy) {
      delete copy[f];
      removed = true;
    }
  return removed ? JSON.stringify({ ...copy, secretNote: INTEGRATION_MSG.secretShownOnce }) : serialized;
}

/**
 * `Idempotency-Key` on every integration POST (this plugin's and any route plugin registered under
 * it), per IETF draft-ietf-httpapi-idempotency-key-header: before the handler runs, the key is
 * claimed per API client with one insert-or-nothing, so of concurrent requests with one key exactly
 * one runs. A duplicate waits for that one's answer and gets it again (header
 * `idempotent-replayed: true`); still running after WAIT_FOR_FIRST_MS, it gets 409; the same key
 * with another request gets 422. Answers that say "try again" (429, 5xx) give the claim up, so a
 * retry runs for real. A claim whose request died unanswered is taken over after `staleAfterMs`.
 */
function registerIdempotency(app: FastifyInstance, repo: IdempotencyRepository, opts: { staleAfterMs: number }): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    // No route matched (the 404 handler): nothing runs, so there is nothing to keep.
    if (!request.apiClient) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !/^[\x21-\x7e]{1,200}$/.test(key))
      throw new ProblemError(400, INTEGRATION_MSG.idempotencyKeyInvalid, { type: PROBLEM_TYPES.idempotencyKeyInvalid });
    const clientId = request.apiClient.clientId;
    const hash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await repo.claim({ clientId, key, requestHash: hash, now: nowIso() })) {
        pending.set(request, { clientId, key });
        return;
      }
      const stored = await repo.find(clientId, key);
      if (!stored) continue; // the first gave its claim up a moment ago: claim again
      if (stored.request_hash !== hash)
        throw new ProblemError(422, INTEGRATION_MSG.idempotencyMismatch, { type: PROBLEM_TYPES.idempotency });
      if (stored.status_code !== IN_PROGRESS)
        return reply
          .status(stored.status_code)
          .header('idempotent-replayed', 'true')
          .type(stored.content_type)
          .serializer((p: unknown) => p as string)
          .send(stored.body);
      if (Date.parse(stored.created_at) < Date.now() - opts.staleAfterMs) {
        if (await repo.takeOver(clientId, key, stored.created_at, nowIso())) {
          pending.set(request, { clientId, key });
          return;
        }
        continue;
      }
      if (Date.now() >= waitUntil)
        throw new ProblemError(409, INTEGRATION_MSG.idempotencyInProgress, {
          type: PROBLEM_TYPES.idempotency,
          headers: { 'retry-after': '1' },
        });
      await sleep(25);
    }
  });
  // Before serialization: the compression plugin's onSend (the root's) would hand a later onSend a
  // stream. reply.serialize writes the answer exactly as it will be sent.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const p = pending.get(request);
    if (!p) return payload;
    pending.delete(request);
    const status = reply.statusCode;
    if (status >= 500 || status === 429) {
      await repo.release(p.clientId, p.key);
      return payload;
    }
    await repo.answer({
      clientId: p.clientId,
      key: p.key,
      statusCode: status,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: storable(String(reply.serialize(payload))),
    });
    return payload;
  });
  // An answer that never passed preSerialization (no body, or the request failed on the way):
  // the claim is given up rather than left to block the key until it goes stale.
  app.addHook('onResponse', async (request) => {
    const p = pending.get(request);
    if (!p) return;
    pending.delete(request);
    await repo.release(p.clientId, p.key);
  });
}

/** Idempotency-Keys over their repository (compose.ts builds it once). */
export function idempotencyKeys(repo: IdempotencyRepository) {
  return {
    /** The hooks on the integration API's scope (integration.plugin.ts). */
    register: (app: FastifyInstance, opts: { staleAfterMs: number }) => registerIdempotency(app, repo, opts),
    /** Deletes keys older than IDEMPOTENCY_KEY_HOURS; the housekeeping job `old-idempotency-keys` runs it. */
    purgeOld: (now: Date): Promise<number> =>
      repo.purgeBefore(new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString()),
  };
}
