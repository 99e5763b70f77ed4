import {
  requestOf,
  pathOf,
  routes,
  documentFilename,
  cancelOrderResponse,
  trackingResponse,
  type CancelOrderResponse,
  type OpenOrder,
  type TrackingResponse,
  type User,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';
import { saveFile } from '../../lib/save-file';

// The list lives in lib (the home page reads it too); re-exported for this feature.
export { openOrdersQueries, useListOpenOrdersQuery } from '../../lib/open-orders-api';

/** Open orders (spec section 7, /order...). Cached group OpenOrders; copying invalidates Basket. */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /order/{orderNumber}/track: tracking numbers, fetched each time the dialog opens. */
    trackOrder: build.query<TrackingResponse, string>({
      query: (orderNumber) => pathOf(routes.trackOrder, { orderNumber }),
      responseSchema: trackingResponse,
      keepUnusedDataFor: 0,
    }),
    /** POST /order/{orderNumber}/cancel */
    cancelOrder: build.mutation<CancelOrderResponse, string>({
      query: (orderNumber) => requestOf(routes.cancelOrder, { orderNumber }),
      responseSchema: cancelOrderResponse,
      invalidatesTags: ['OpenOrders'],
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

export const { useTrackOrderQuery, useCancelOrderMutation, useDownloadOrderStatementMutation } = ordersApi;

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
