import { pathOf, routes, openOrderList, type OpenOrder } from '@wholesale/contract';
import { api } from './base-api';

/**
 * GET /order: the open orders with their lines, newest first (the screens sort them). Here, not in
 * the orders feature, because the home page's account at a glance reads it too; loaded only with
 * the screens that use it.
 */
export const openOrdersQueries = api.injectEndpoints({
  endpoints: (build) => ({
    listOpenOrders: build.query<OpenOrder[], void>({
      query: () => pathOf(routes.listOpenOrders),
      responseSchema: openOrderList,
      providesTags: ['OpenOrders'],
    }),
  }),
});

export const { useListOpenOrdersQuery } = openOrdersQueries;
