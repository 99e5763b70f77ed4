import { requestOf, routes, basket, type Basket, type UpdateBasketLine } from '@wholesale/contract';
import { api } from '../../lib/base-api';

// The reads live in lib (the header icon and checkout use them too); re-exported for this feature.
export { basketQueries, useGetBasketAmountQuery, useGetBasketQuery } from '../../lib/basket-api';

/** Basket line edits (spec section 7): PATCH /basket and DELETE /basket/{lineNumber}; both invalidate Basket. */
export const basketApi = api.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const {
  useUpdateBasketLineMutation,
  useDeleteBasketLineMutation,
  useClearBasketMutation,
  useUndoClearBasketMutation,
} = basketApi;
