import { pathOf, routes, type Basket, type BasketSummary } from '@wholesale/contract';
import { api, withRetries } from './base-api';
import { lazySchema } from './lazy-schema';

// The header's basket button reads the basket on every screen, so these are part of the start-up
// code: their schemas (and Zod) load with the first answer.
const basket = lazySchema(async () => (await import('./start-up-schemas')).basket);
const basketSummary = lazySchema(async () => (await import('./start-up-schemas')).basketSummary);

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
