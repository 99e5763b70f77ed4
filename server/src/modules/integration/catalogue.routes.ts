import { validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { integrationEndpoints as api, upsertEnvelope, upsertNestedEnvelope } from '@wholesale/contract';
import { route } from '../../plugins/routes.js';
import type { IntegrationRoutePlugin } from './integration-plugin-types.js';
import { UPSERT_BODY_LIMITS } from './body-limits.js';
import { linkOrigin } from '../../config.js';

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

export const catalogueRoutes: IntegrationRoutePlugin = async (app, { ctx }) => {
  const service = ctx.services.upserts;
  // Each route's body limit fits its largest valid batch (body-limits.ts).
  const envelope = (bodyLimit: number, validator = envelopeValidator) => ({ validatorCompiler: validator, bodyLimit });
  const L = UPSERT_BODY_LIMITS;

  route(
    app,
    api.upsertProducts,
    (req) => service.upsertProducts(req.body.items, { atomic: req.query.atomic }),
    envelope(L.products),
  );
  route(
    app,
    api.upsertPrices,
    (req) => service.upsertPrices(req.body.items, { atomic: req.query.atomic }),
    envelope(L.prices),
  );
  route(
    app,
    api.upsertStock,
    (req) => service.upsertStock(req.body.items, { atomic: req.query.atomic }),
    envelope(L.stock),
  );
  route(
    app,
    api.upsertAccounts,
    (req) => service.upsertAccounts(req.body.items, { atomic: req.query.atomic }),
    envelope(L.accounts, envelopeValidatorOf(upsertNestedEnvelope(['deliveryAddresses', 'productTypeDiscounts']))),
  );
  route(
    app,
    api.upsertAccountUsers,
    (req) =>
      service.upsertUsers(req.params.customerNumber, req.body.items, {
        atomic: req.query.atomic,
        baseUrl: linkOrigin(ctx.config, app.server.address()),
        sessionsEnded: (ids) => ids.forEach((id) => ctx.services.auth.forgetUserSessions(id)),
        invitations: ctx.services.secretBox,
      }),
    envelope(L.users),
  );
  route(
    app,
    api.upsertInvoices,
    (req) => service.upsertInvoices(req.body.items, { atomic: req.query.atomic }),
    envelope(L.invoices, envelopeValidatorOf(upsertNestedEnvelope(['lines']))),
  );
};
