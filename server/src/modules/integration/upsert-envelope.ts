import { validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { upsertEnvelope, upsertNestedEnvelope } from '@wholesale/contract';

/**
 * Bodies of bulk upserts are checked only as an envelope (1 to 1,000 objects) before the handler;
 * each item is then validated on its own, so one bad row is `failed` beside the good ones. The
 * OpenAPI document still shows the full item schema (the route's `body`).
 */
export const envelopeValidatorOf =
  (envelope: typeof upsertEnvelope | ReturnType<typeof upsertNestedEnvelope>): FastifySchemaCompiler<FastifySchema> =>
  (req) =>
    validatorCompiler(
      req.httpPart === 'body'
        ? { ...req, schema: envelope }
        : (req as unknown as Parameters<typeof validatorCompiler>[0]),
    ) as ReturnType<FastifySchemaCompiler<FastifySchema>>;
export const envelopeValidator = envelopeValidatorOf(upsertEnvelope);
