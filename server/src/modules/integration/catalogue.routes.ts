import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import {
  accountUsersParams,
  upsertAccountsRequest,
  upsertInvoicesRequest,
  upsertEnvelope,
  upsertPricesRequest,
  upsertProductsRequest,
  upsertQuery,
  upsertResponse,
  upsertStockRequest,
  upsertUsersRequest,
} from '@wholesale/contract';
import { INTEGRATION_SECURITY, problemResponses, type IntegrationRoutePlugin } from './integration-plugin-types.js';
import { upsertService } from './upsert.service.js';
import { SET_PASSWORD_LINK_TTL_HOURS } from '../auth/password-links.js';

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

export const catalogueRoutes: IntegrationRoutePlugin = async (fastify, { ctx, guard }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = upsertService(ctx.handle.db);
  const common = {
    tags: ['integration: catalogue'],
    security: INTEGRATION_SECURITY,
    querystring: upsertQuery,
    response: { 200: upsertResponse, ...problemResponses(400, 401, 403, 422, 429) },
  };
  const description =
    'Each item is answered in order: created, updated, unchanged (nothing written), stale (older sourceVersion than the last applied) or failed (with JSON pointers). Failed items never block the others unless atomic=true.';

  app.put(
    '/products',
    {
      onRequest: guard('catalogue:write'),
      validatorCompiler: envelopeValidator,
      schema: {
        ...common,
        summary: 'Create or update products by itemNumber',
        description: `${description} A new product starts with no stock; prices and stock have their own endpoints.`,
        body: upsertProductsRequest,
      },
    },
    (req) => service.upsertProducts(req.body.items, { atomic: req.query.atomic }),
  );

  app.put(
    '/prices',
    {
      onRequest: guard('prices:write'),
      validatorCompiler: envelopeValidator,
      schema: {
        ...common,
        summary: 'Set list prices and multi-buy tiers by itemNumber and currency',
        description: `${description} An unknown itemNumber fails its item.`,
        body: upsertPricesRequest,
      },
    },
    (req) => service.upsertPrices(req.body.items, { atomic: req.query.atomic }),
  );

  app.put(
    '/stock',
    {
      onRequest: guard('stock:write'),
      validatorCompiler: envelopeValidator,
      schema: {
        ...common,
        summary: 'Set quantities available and due-in schedules by itemNumber',
        description: `${description} An unknown itemNumber fails its item.`,
        body: upsertStockRequest,
      },
    },
    (req) => service.upsertStock(req.body.items, { atomic: req.query.atomic }),
  );

  app.put(
    '/accounts',
    {
      onRequest: guard('accounts:write'),
      validatorCompiler: envelopeValidator,
      schema: {
        ...common,
        tags: ['integration: accounts'],
        summary: 'Create or update trade accounts by customerNumber',
        description: `${description} Terms (currency, proforma, on stop, discounts, VAT, carriage) apply to the account's next page, basket and checkout.`,
        body: upsertAccountsRequest,
      },
    },
    (req) => service.upsertAccounts(req.body.items, { atomic: req.query.atomic }),
  );

  app.put(
    '/accounts/:customerNumber/users',
    {
      onRequest: guard('accounts:write'),
      validatorCompiler: envelopeValidator,
      schema: {
        ...common,
        response: { ...common.response, ...problemResponses(404) },
        tags: ['integration: accounts'],
        summary: "Create or update an account's users by username",
        description: `${description} A created user has no password: the item's result carries setPasswordLink, a one-time link (${SET_PASSWORD_LINK_TTL_HOURS} hours) to a page where the user sets one; send it to the user. enabled=false ends the user's sessions at once. Each change sends user.updated. An unknown customerNumber is 404; a username of another account fails its item.`,
        params: accountUsersParams,
        body: upsertUsersRequest,
      },
    },
    (req) =>
      service.upsertUsers(req.params.customerNumber, req.body.items, {
        atomic: req.query.atomic,
        baseUrl: ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`,
        sessionsEnded: (ids) => ids.forEach((id) => ctx.auth.forgetUserSessions(id)),
      }),
  );

  app.put(
    '/invoices',
    {
      onRequest: guard('invoices:write'),
      validatorCompiler: envelopeValidator,
      schema: {
        ...common,
        tags: ['integration: accounts'],
        summary: 'Create or update invoices and credit memos by documentNumber',
        description: `${description} The customer's open documents are those with a remaining amount; the balance of every account a request touches becomes the sum of its documents' remaining amounts.`,
        body: upsertInvoicesRequest,
      },
    },
    (req) => service.upsertInvoices(req.body.items, { atomic: req.query.atomic }),
  );
};
