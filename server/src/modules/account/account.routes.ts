import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  invoice,
  invoiceList,
  invoiceParams,
  invoiceStatementRequest,
  statementParams,
} from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { requireAuth } from '../../plugins/authenticate.js';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** Only letters, digits, dot, dash and underscore reach a Content-Disposition header. */
const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'Statement';

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${safeFilename(filename)}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export const accountRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = requireAuth(ctx.auth);
  const { account: service, accountDocuments: documents } = ctx.services;

  app.get(
    '/account/invoices',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: "The account's open invoices (with their lines) and the total remaining",
        response: { 200: invoiceList, ...errors },
      },
    },
    (req) => service.getInvoices(req.auth.accountId),
  );

  app.get(
    '/account/invoices/:documentNumber',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: 'One invoice of the account, open or settled (View Transaction)',
        params: invoiceParams,
        response: { 200: invoice, ...errors },
      },
    },
    (req) => service.getInvoice(req.auth.accountId, req.params.documentNumber),
  );

  app.post(
    '/account/statement-template',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: "Order Summary PDF of one of the account's invoices, rendered from the database",
        description: 'The web posts the invoice merged with the user; only documentNumber is read.',
        body: invoiceStatementRequest,
        produces: ['application/pdf'],
        response: { ...errors, 429: errorResponse, 503: errorResponse },
      },
    },
    async (req, reply) => {
      const pdf = await ctx.pdf.forUser(req.auth.userId, (render) =>
        documents.invoiceSummaryPdf(req.auth.accountId, req.body.documentNumber, render),
      );
      return sendPdf(reply, pdf, 'Statement');
    },
  );

  app.get(
    '/account/statement/:filename',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: "One of the account's statements as a PDF; any other name answers 404",
        params: statementParams,
        produces: ['application/pdf'],
        response: { ...errors, 429: errorResponse, 503: errorResponse },
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await ctx.pdf.forUser(req.auth.userId, (render) =>
        documents.statementPdf(req.auth.accountId, req.params.filename, render),
      );
      return sendPdf(reply, pdf, filename);
    },
  );
};
