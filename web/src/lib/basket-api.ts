import { pathOf, routes, basket, basketSummary, type Basket, type BasketSummary } from '@wholesale/contract';
import { api, withRetries } from './base-api';

/**
 * The basket reads that several places need (header basket icon, basket screen, checkout review):
 * GET /basket (retries 1) and GET /basket/amount (retries 2), both in the Basket cache group.
 */
export const basketQueries = api.injectEndpoints({
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
  }),
});

export const { useGetBasketQuery, useGetBasketAmountQuery } = basketQueries;
