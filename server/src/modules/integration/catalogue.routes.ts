import { validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { integrationEndpoints as api, upsertEnvelope } from '@wholesale/contract';
import { route } from '../../plugins/routes.js';
import type { IntegrationRoutePlugin } from './integration-plugin-types.js';

/**
 * Bodies of bulk upserts are checked only as an envelope (1 to 1,000 objects) before the handler;
 * each item is then validated on its own, so one bad row is `failed` beside the good ones. The
 * OpenAPI document still shows the full item schema (the route's `body`).
 */
export const envelopeValidator: FastifySchemaCompiler<FastifySchema> = (req) =>
  validatorCompiler(
    req.httpPart === 'body'
      ? { ...req, schema: upsertEnvelope }
      : (req as unknown as Parameters<typeof validatorCompiler>[0]),
  ) as ReturnType<FastifySchemaCompiler<FastifySchema>>;

export const catalogueRoutes: IntegrationRoutePlugin = async (app, { ctx }) => {
  const service = ctx.services.upserts;
  const envelope = { validatorCompiler: envelopeValidator };

  route(
    app,
    api.upsertProducts,
    (req) => service.upsertProducts(req.body.items, { atomic: req.query.atomic }),
    envelope,
  );
  route(app, api.upsertPrices, (req) => service.upsertPrices(req.body.items, { atomic: req.query.atomic }), envelope);
  route(app, api.upsertStock, (req) => service.upsertStock(req.body.items, { atomic: req.query.atomic }), envelope);
  route(
    app,
    api.upsertAccounts,
    (req) => service.upsertAccounts(req.body.items, { atomic: req.query.atomic }),
    envelope,
  );
  route(
    app,
    api.upsertAccountUsers,
    (req) =>
      service.upsertUsers(req.params.customerNumber, req.body.items, {
        atomic: req.query.atomic,
        baseUrl: ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`,
        sessionsEnded: (ids) => ids.forEach((id) => ctx.auth.forgetUserSessions(id)),
        invitations: ctx.services.secretBox,
      }),
    envelope,
  );
  route(
    app,
    api.upsertInvoices,
    (req) => service.upsertInvoices(req.body.items, { atomic: req.query.atomic }),
    envelope,
  );
};
