import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

/** Only letters, digits, dot, dash and underscore reach a Content-Disposition header. */
const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'Statement';

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${safeFilename(filename)}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export const accountRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { account: service, accountDocuments: documents } = ctx.services;

  route(app, endpoints.getInvoices, (req) => service.getInvoices(req.auth.accountId));
  route(app, endpoints.getCreditSummary, (req) => service.getCreditSummary(req.auth.accountId));
  route(app, endpoints.getInvoice, (req) => service.getInvoice(req.auth.accountId, req.params.documentNumber));
  route(app, endpoints.downloadInvoiceStatement, async (req, reply) => {
    const pdf = await ctx.pdf.forUser(req.auth.userId, (render) =>
      documents.invoiceSummaryPdf(req.auth.accountId, req.body.documentNumber, render),
    );
    return sendPdf(reply, pdf, 'Statement');
  });
  route(app, endpoints.downloadStatement, async (req, reply) => {
    const { pdf, filename } = await ctx.pdf.forUser(req.auth.userId, (render) =>
      documents.statementPdf(req.auth.accountId, req.params.filename, render),
    );
    return sendPdf(reply, pdf, filename);
  });
};
