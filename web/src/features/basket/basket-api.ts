import {
  pathOf,
  requestOf,
  routes,
  type AddBasketLine,
  type Basket,
  type BasketPriceBreaks,
  type BasketSummary,
  type UpdateBasketLine,
} from '@wholesale/contract';
import { api, withRetries } from '../../lib/base-api';
import { lazySchema } from '../../lib/lazy-schema';

// The header's basket button reads the basket on every screen, so this module is part of the
// start-up code: every schema here loads with its first answer (lib/lazy-schema.ts), which keeps Zod
// out of the start-up code.
const basket = lazySchema(async () => (await import('../../lib/start-up-schemas')).basket);
const basketSummary = lazySchema(async () => (await import('../../lib/start-up-schemas')).basketSummary);
const basketPriceBreaks = lazySchema(async () => (await import('./basket-schemas')).getBasketPriceBreaksResponse);

/**
 * The basket (spec section 7, /basket...): every read is in the Basket cache group and every change
 * invalidates it, so the header's dot, the basket screen, its price breaks and Review Order follow
 * each change. The delivery promise of the basket's lines is lib/delivery-promise-api.ts (also in
 * the Basket group).
 */
export const basketApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBasket: build.query<Basket, void>({
      query: () => pathOf(routes.getBasket),
      responseSchema: basket,
      providesTags: ['Basket'],
      extraOptions: withRetries(1),
    }),
    getBasketAmount: build.query<BasketSummary, void>({
      query: () => pathOf(routes.getBasketAmount),
      responseSchema: basketSummary,
      providesTags: ['Basket'],
      extraOptions: withRetries(2),
    }),
    /** The server prices the line and answers the basket. */
    addBasketLine: build.mutation<Basket, AddBasketLine>({
      query: (body) => ({ ...requestOf(routes.addBasketLine), body }),
      responseSchema: basket,
      invalidatesTags: ['Basket'],
    }),
    updateBasketLine: build.mutation<Basket, UpdateBasketLine>({
      query: (body) => ({ ...requestOf(routes.updateBasketLine), body }),
      responseSchema: basket,
      invalidatesTags: ['Basket'],
    }),
    deleteBasketLine: build.mutation<Basket, number>({
      query: (lineNumber) => requestOf(routes.deleteBasketLine, { id: lineNumber }),
      responseSchema: basket,
      invalidatesTags: ['Basket'],
    }),
    clearBasket: build.mutation<Basket, void>({
      query: () => requestOf(routes.clearBasket),
      responseSchema: basket,
      invalidatesTags: ['Basket'],
    }),
    undoClearBasket: build.mutation<Basket, void>({
      query: () => requestOf(routes.undoClearBasket),
      responseSchema: basket,
      invalidatesTags: ['Basket'],
    }),
    getBasketPriceBreaks: build.query<BasketPriceBreaks, void>({
      query: () => requestOf(routes.getBasketPriceBreaks),
      responseSchema: basketPriceBreaks,
      providesTags: ['Basket'],
    }),
  }),
});

export const {
  useGetBasketQuery,
  useGetBasketAmountQuery,
  useAddBasketLineMutation,
  useUpdateBasketLineMutation,
  useDeleteBasketLineMutation,
  useClearBasketMutation,
  useUndoClearBasketMutation,
  useGetBasketPriceBreaksQuery,
} = basketApi;
