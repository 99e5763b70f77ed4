import {
  approvalOutcome,
  orderLimits,
  pathOf,
  requestOf,
  routes,
  type ApprovalOutcome,
  type OrderLimits,
} from '@wholesale/contract';
import { api } from './base-api';

/**
 * Team accounts as screens of several features read them: the caller's limits (Review Order) and
 * withdrawing an order (Open Order Enquiry). Orders in approval are orders: they share the
 * OpenOrders tag. (The approvals queue, which the header counts, is in approvals-api.ts.)
 */
export const teamQueries = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderLimits: build.query<OrderLimits, void>({
      query: () => pathOf(routes.getOrderLimits),
      responseSchema: orderLimits,
      providesTags: ['Basket', 'OpenOrders'],
    }),
    withdrawOrder: build.mutation<ApprovalOutcome, string>({
      query: (orderNumber) => requestOf(routes.withdrawOrder, { orderNumber }),
      responseSchema: approvalOutcome,
      invalidatesTags: ['OpenOrders'],
    }),
  }),
});

export const { useGetOrderLimitsQuery, useWithdrawOrderMutation } = teamQueries;
