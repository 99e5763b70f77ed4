import {
  getDeliveryPromiseResponse,
  getOrderDeliveryPromiseResponse,
  pathOf,
  routes,
  type DeliveryPromise,
  type OrderDeliveryPromise,
} from '@wholesale/contract';
import { api } from './base-api';

/**
 * Delivery promise per line (issue 27 item 2), read by the basket, Review Order and Open Order
 * Enquiry: the basket's in the Basket group (every basket change reloads it), an order's in
 * OpenOrders. Loaded only with those screens (nothing in the start-up chunk imports this).
 */
export const deliveryPromiseApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeliveryPromise: build.query<DeliveryPromise, void>({
      query: () => pathOf(routes.getDeliveryPromise),
      responseSchema: getDeliveryPromiseResponse,
      providesTags: ['Basket'],
    }),
    getOrderDeliveryPromise: build.query<OrderDeliveryPromise, string>({
      query: (orderNumber) => pathOf(routes.getOrderDeliveryPromise, { orderNumber }),
      responseSchema: getOrderDeliveryPromiseResponse,
      providesTags: ['OpenOrders'],
    }),
  }),
});

export const { useGetDeliveryPromiseQuery, useGetOrderDeliveryPromiseQuery } = deliveryPromiseApi;
