import { pathOf } from '@wholesale/contract';
import {
  staffCustomersRoutes as r,
  type CustomerCredit,
  type CustomerDetail,
  type SearchCustomersResponse,
  type UpdateCustomerCreditRequest,
} from '@wholesale/contract/staff';
import { staffApi } from './staff-api';

/** A list's query string: page, pageSize, sort, direction and the filters. */
export type ListArgs = Record<string, string | number>;

const customersApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    searchCustomers: build.query<SearchCustomersResponse, ListArgs>({
      query: (params) => ({ url: pathOf(r.searchCustomers), params }),
      providesTags: ['Customer'],
    }),
    getCustomer: build.query<CustomerDetail, string>({
      query: (customerNumber) => pathOf(r.getCustomer, { customerNumber }),
      providesTags: ['Customer'],
    }),
    updateCustomerCredit: build.mutation<CustomerCredit, UpdateCustomerCreditRequest & { customerNumber: string }>({
      query: ({ customerNumber, ...body }) => ({
        url: pathOf(r.updateCustomerCredit, { customerNumber }),
        method: r.updateCustomerCredit.method,
        body,
      }),
      invalidatesTags: ['Customer', 'Today', 'Audit'],
    }),
  }),
});

export const { useSearchCustomersQuery, useGetCustomerQuery, useUpdateCustomerCreditMutation } = customersApi;
