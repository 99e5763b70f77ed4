import { pathOf } from '@wholesale/contract';
import {
  staffOrdersRoutes as r,
  type ListStaffOrdersResponse,
  type SetStaffOrderStatusRequest,
  type StaffOrderDetail,
} from '@wholesale/contract/staff';
import type { ListArgs } from './customers-api';
import { staffApi } from './staff-api';

const ordersApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    listStaffOrders: build.query<ListStaffOrdersResponse, ListArgs>({
      query: (params) => ({ url: pathOf(r.listStaffOrders), params }),
      providesTags: ['Order'],
    }),
    getStaffOrder: build.query<StaffOrderDetail, string>({
      query: (orderNumber) => pathOf(r.getStaffOrder, { orderNumber }),
      providesTags: ['Order'],
    }),
    setStaffOrderStatus: build.mutation<StaffOrderDetail, SetStaffOrderStatusRequest & { orderNumber: string }>({
      query: ({ orderNumber, ...body }) => ({
        url: pathOf(r.setStaffOrderStatus, { orderNumber }),
        method: r.setStaffOrderStatus.method,
        body,
      }),
      // Also on a 409: the order is read again, so the screen shows its current state.
      invalidatesTags: ['Order', 'Today', 'Audit'],
    }),
    resendOrderAcknowledgement: build.mutation<{ queued: boolean; message: string }, string>({
      query: (orderNumber) => ({
        url: pathOf(r.resendOrderAcknowledgement, { orderNumber }),
        method: r.resendOrderAcknowledgement.method,
      }),
      invalidatesTags: ['Order', 'Audit'],
    }),
  }),
});

export const {
  useListStaffOrdersQuery,
  useGetStaffOrderQuery,
  useSetStaffOrderStatusMutation,
  useResendOrderAcknowledgementMutation,
} = ordersApi;
