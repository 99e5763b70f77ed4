import { getBasketPriceBreaksResponse, requestOf, routes, type BasketPriceBreaks } from '@wholesale/contract';
import { api } from '../../lib/base-api';

/** GET /basket/price-breaks: in the Basket group, so every basket change reloads it. */
export const priceBreaksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBasketPriceBreaks: build.query<BasketPriceBreaks, void>({
      query: () => requestOf(routes.getBasketPriceBreaks),
      responseSchema: getBasketPriceBreaksResponse,
      providesTags: ['Basket'],
    }),
  }),
});

export const { useGetBasketPriceBreaksQuery } = priceBreaksApi;
