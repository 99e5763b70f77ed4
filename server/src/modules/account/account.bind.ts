import { documentFilename, endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

export const accountBindings = (ctx: AppContext) => {
  const account = { service: ctx.services.account };
  const { accountDocuments: documents } = ctx.services;
  return bindings('account', endpoints, {
    getInvoices: account,
    getInvoice: account,
    getCreditSummary: account,
    downloadInvoiceStatement: {
      call: async (caller, { documentNumber }) => ({
        pdf: await ctx.pdf.forUser(caller.userId, (render) =>
          documents.invoiceSummaryPdf(caller.accountId, documentNumber, render),
        ),
        // Saved under the invoice's number (SI-100047.pdf).
        filename: documentFilename(documentNumber),
      }),
    },
    downloadStatement: {
      call: (caller, { filename }) =>
        ctx.pdf.forUser(caller.userId, (render) => documents.statementPdf(caller.accountId, filename, render)),
    },
  });
};
