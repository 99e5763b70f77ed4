import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { documentFilename, endpoints } from '@wholesale/contract';
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
  const { accountDocuments: documents } = ctx.services;

  // The PDFs; the rest of the account is bound to its service by the contract entries (plugins/bind.ts).
  route(app, endpoints.downloadInvoiceStatement, async (req, reply) => {
    const pdf = await ctx.pdf.forUser(req.auth.userId, (render) =>
      documents.invoiceSummaryPdf(req.auth.accountId, req.body.documentNumber, render),
    );
    // Saved under the invoice's number (SI-100047.pdf); sendPdf adds the '.pdf'.
    return sendPdf(reply, pdf, documentFilename(req.body.documentNumber).slice(0, -4));
  });
  route(app, endpoints.downloadStatement, async (req, reply) => {
    const { pdf, filename } = await ctx.pdf.forUser(req.auth.userId, (render) =>
      documents.statementPdf(req.auth.accountId, req.params.filename, render),
    );
    return sendPdf(reply, pdf, filename);
  });
};
