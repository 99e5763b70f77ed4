import {
  requestOf,
  pathOf,
  routes,
  documentFilename,
  invoice,
  invoiceList,
  mailPreferences,
  paymentResponse,
  type Invoice,
  type InvoiceList,
  type InvoicePaymentRequest,
  type MailPreferences,
  type PaymentResponse,
  type User,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';
import { saveFile } from '../../lib/save-file';

/** A PDF fetched with the session (Bearer) and handed to the browser; nothing large is cached. */
const pdfDownload = (filename: string) => ({
  responseHandler: async (res: Response) => (res.ok ? res.blob() : res.json().catch(() => null)),
  filename,
});

/**
 * My Account and My Details (spec section 7, /account...): open invoices, their PDFs and stored
 * statements, paying invoices, and the mail preferences. The credit summary is lib/credit-api.ts
 * (the basket and the home page read it too); the user and the password are auth-api.ts's.
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /account/invoices: open invoices and the total remaining. */
    getInvoices: build.query<InvoiceList, void>({
      query: () => pathOf(routes.getInvoices),
      responseSchema: invoiceList,
    }),
    /** GET /account/invoices/{documentNumber}: one invoice for View Transaction. */
    getInvoice: build.query<Invoice, string>({
      query: (documentNumber) => pathOf(routes.getInvoice, { documentNumber }),
      responseSchema: invoice,
    }),
    /** GET /account/mail-preferences: which optional mails the user gets. */
    getMailPreferences: build.query<MailPreferences, void>({
      query: () => requestOf(routes.getMailPreferences),
      responseSchema: mailPreferences,
    }),
    updateMailPreferences: build.mutation<MailPreferences, MailPreferences>({
      query: (body) => ({ ...requestOf(routes.updateMailPreferences), body }),
      responseSchema: mailPreferences,
      // Optimistic: the box changes at once; a failed save puts it back (the form says so).
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(accountApi.util.updateQueryData('getMailPreferences', undefined, () => arg));
        try {
          const { data } = await queryFulfilled;
          dispatch(accountApi.util.updateQueryData('getMailPreferences', undefined, () => data));
        } catch {
          patch.undo();
        }
      },
    }),
    /** POST /payment/request/invoice: a hosted payment page for the selected invoices. */
    requestInvoicePayment: build.mutation<PaymentResponse, InvoicePaymentRequest>({
      query: (body) => ({ ...requestOf(routes.requestInvoicePayment), body }),
      responseSchema: paymentResponse,
    }),
    /** POST /account/statement-template: the VAT invoice, saved under its number (SI-100047.pdf). */
    downloadInvoiceStatement: build.mutation<null, Invoice & Partial<User>>({
      async queryFn(body, _api, _extra, baseQuery) {
        const { filename, responseHandler } = pdfDownload(documentFilename(body.documentNumber));
        const result = await baseQuery({ ...requestOf(routes.downloadInvoiceStatement), body, responseHandler });
        if (result.error) return { error: result.error };
        saveFile(result.data as Blob, filename);
        return { data: null };
      },
    }),
    /** GET /account/statement/{filename}: a stored statement, saved as {filename}.pdf. */
    downloadStatement: build.mutation<null, string>({
      async queryFn(filename, _api, _extra, baseQuery) {
        const { responseHandler } = pdfDownload(`${filename}.pdf`);
        const result = await baseQuery({ url: pathOf(routes.downloadStatement, { filename }), responseHandler });
        if (result.error) return { error: result.error };
        saveFile(result.data as Blob, `${filename}.pdf`);
        return { data: null };
      },
    }),
  }),
});

export const {
  useGetInvoicesQuery,
  useGetInvoiceQuery,
  useGetMailPreferencesQuery,
  useUpdateMailPreferencesMutation,
  useRequestInvoicePaymentMutation,
  useDownloadInvoiceStatementMutation,
  useDownloadStatementMutation,
} = accountApi;
