import {
  getDeliveryPromiseResponse,
  getOrderDeliveryPromiseResponse,
  pathOf,
  routes,
  type BasketLine,
  type DeliveryPromise,
  type LinePromise,
  type OrderDeliveryPromise,
} from '@wholesale/contract';
import { useMemo } from 'react';
import { api } from './base-api';

/**
 * The delivery area: the delivery promise per line, read by the basket, Review Order and Open Order
 * Enquiry (so here, not in one feature): the basket's in the Basket group (every basket change
 * reloads it), an order's in OpenOrders. Loaded only with those screens (nothing in the start-up
 * chunk imports this).
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

/**
 * The basket lines' promises, looked up by basket line (the basket's rows and cards, Review Order's
 * lines): one query for the whole basket, shared by every line (RTK Query keeps one cache entry).
 * A promise shows only for the line it was worked out for (same item and quantity), so after an
 * edit the changed line shows nothing until the promise has reloaded, not the old quantity's.
 * Additional charges (carriage) have none.
 */
export function useLinePromises(skip = false): (line: BasketLine) => LinePromise | undefined {
  const { data } = useGetDeliveryPromiseQuery(undefined, { skip });
  return useMemo(() => {
    const byLine = new Map((data?.lines ?? []).map((p) => [p.lineNumber, p]));
    return (line) => {
      const p = line.additionalCharge === 'False' ? byLine.get(line.lineNumber) : undefined;
      return p && p.itemNumber === line.itemNumber && p.quantity === line.quantity ? p : undefined;
    };
  }, [data]);
}
