import {
  requestOf,
  pathOf,
  routes,
  documentFilename,
  invoice,
  invoiceList,
  okResponse,
  paymentResponse,
  user,
  type ChangePasswordRequest,
  type Invoice,
  type InvoiceList,
  type InvoicePaymentRequest,
  type PaymentResponse,
  type User,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';
import { userUpdated } from '../../lib/session';
import { saveFile } from '../../lib/save-file';

/** A PDF fetched with the session (Bearer) and handed to the browser; nothing large is cached. */
const pdfDownload = (filename: string) => ({
  responseHandler: async (res: Response) => (res.ok ? res.blob() : res.json().catch(() => null)),
  filename,
});

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
    /** GET /auth/me: the fresh user (balance after a payment); also refreshes the stored session user. */
    getCurrentUser: build.query<User, void>({
      query: () => pathOf(routes.getCurrentUser),
      responseSchema: user,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userUpdated(data));
        } catch {
          // The screen shows the stored user; a failed refresh changes nothing.
        }
      },
    }),
    /** POST /auth/changepassword. */
    changePassword: build.mutation<{ ok: true }, ChangePasswordRequest>({
      query: (body) => ({ ...requestOf(routes.changePassword), body }),
      responseSchema: okResponse,
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
  useGetCurrentUserQuery,
  useChangePasswordMutation,
  useRequestInvoicePaymentMutation,
  useDownloadInvoiceStatementMutation,
  useDownloadStatementMutation,
} = accountApi;
