import {
  requestOf,
  pathOf,
  routes,
  documentFilename,
  approvalOutcome,
  cancelOrderResponse,
  copyOrderResponse,
  openOrderList,
  paymentResponse,
  trackingResponse,
  type ApprovalOutcome,
  type CancelOrderResponse,
  type CopyOrderMode,
  type CopyOrderResponse,
  type OpenOrder,
  type PaymentResponse,
  type TrackingResponse,
  type User,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';
import { saveFile } from '../../lib/save-file';

/**
 * Open orders (spec section 7, /order...), read by Open Orders, Open Order Enquiry, the home page's
 * account at a glance and View Transaction (its Copy Order). Cached group OpenOrders; copying
 * invalidates Basket. An order's delivery promise is lib/delivery-promise-api.ts.
 */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /order: the open orders with their lines, newest first (the screens sort them). */
    listOpenOrders: build.query<OpenOrder[], void>({
      query: () => pathOf(routes.listOpenOrders),
      responseSchema: openOrderList,
      providesTags: ['OpenOrders'],
    }),
    /** GET /order/{orderNumber}/track: tracking numbers, fetched each time the dialog opens. */
    trackOrder: build.query<TrackingResponse, string>({
      query: (orderNumber) => pathOf(routes.trackOrder, { orderNumber }),
      responseSchema: trackingResponse,
      keepUnusedDataFor: 0,
    }),
    /**
     * POST /order/{orderNumber}/copy (spec sections 2 and 4): the basket is cleared and refilled with
     * the order's items (mode 'add': the items are added to it).
     */
    copyOrder: build.mutation<CopyOrderResponse, { orderNumber: string; mode: CopyOrderMode }>({
      query: ({ orderNumber, mode }) => ({ ...requestOf(routes.copyOrder, { orderNumber }), params: { mode } }),
      responseSchema: copyOrderResponse,
      invalidatesTags: ['Basket'],
    }),
    /** POST /order/{orderNumber}/cancel */
    cancelOrder: build.mutation<CancelOrderResponse, string>({
      query: (orderNumber) => requestOf(routes.cancelOrder, { orderNumber }),
      responseSchema: cancelOrderResponse,
      invalidatesTags: ['OpenOrders'],
    }),
    /** POST /order/{orderNumber}/withdraw: the buyer takes back an order awaiting approval. */
    withdrawOrder: build.mutation<ApprovalOutcome, string>({
      query: (orderNumber) => requestOf(routes.withdrawOrder, { orderNumber }),
      responseSchema: approvalOutcome,
      invalidatesTags: ['OpenOrders'],
    }),
    /**
     * POST /order/{orderNumber}/pay: a card-paying account's approved order; answers the payment
     * page to go to (the amount is the server's). Paid, the order is placed and the list refetched.
     */
    payApprovedOrder: build.mutation<PaymentResponse, string>({
      query: (orderNumber) => requestOf(routes.payApprovedOrder, { orderNumber }),
      responseSchema: paymentResponse,
    }),
    /**
     * POST /order/statement-template: the selected order merged with the user, as the spec posts
     * it (the server reads only orderNumber); the PDF is saved under the order's number
     * (SO-200072.pdf), never cached.
     */
    downloadOrderStatement: build.mutation<null, { order: OpenOrder; user: User | null }>({
      async queryFn({ order, user }, _api, _extra, baseQuery) {
        const result = await baseQuery({
          ...requestOf(routes.downloadOrderStatement),
          body: { ...(user ?? {}), ...order },
          responseHandler: async (res: Response) => (res.ok ? res.blob() : res.json().catch(() => null)),
        });
        if (result.error) return { error: result.error };
        saveFile(result.data as Blob, documentFilename(order.orderNumber));
        return { data: null };
      },
    }),
  }),
});

export const {
  useListOpenOrdersQuery,
  useTrackOrderQuery,
  useCopyOrderMutation,
  useCancelOrderMutation,
  useDownloadOrderStatementMutation,
  useWithdrawOrderMutation,
  usePayApprovedOrderMutation,
} = ordersApi;

/** The message an error response carries, if any (the server's refusal texts are the spec's). */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string')
    return data.message;
  return undefined;
}

export function errorStatus(error: unknown): number | string | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return (error as { status: number | string }).status;
}
