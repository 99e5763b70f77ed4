import {
  addQuickOrderResponse,
  checkQuickOrderResponse,
  requestOf,
  routes,
  type AddQuickOrderResponse,
  type QuickOrderCheck,
  type QuickOrderRequest,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';

/** Quick Order: POST /quick-order/check and /quick-order/add; adding invalidates Basket. */
export const quickOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkQuickOrder: build.mutation<QuickOrderCheck, QuickOrderRequest>({
      query: (body) => ({ ...requestOf(routes.checkQuickOrder), body }),
      responseSchema: checkQuickOrderResponse,
    }),
    addQuickOrder: build.mutation<AddQuickOrderResponse, QuickOrderRequest>({
      query: (body) => ({ ...requestOf(routes.addQuickOrder), body }),
      responseSchema: addQuickOrderResponse,
      invalidatesTags: ['Basket'],
    }),
  }),
});

export const { useCheckQuickOrderMutation, useAddQuickOrderMutation } = quickOrderApi;
