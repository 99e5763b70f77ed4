import { pathOf, routes, type ListApprovalsResponse } from '@wholesale/contract';
import { api } from './base-api';
import { lazySchema } from './lazy-schema';

// The header counts the approvals queue on every screen (approvers and account admins): its schema
// loads with the first answer, as the basket's does.
const listApprovalsResponse = lazySchema(async () => (await import('./start-up-schemas')).listApprovalsResponse);

/** GET /approvals: the account's orders awaiting approval (the header's count, the Approvals screen). */
export const approvalsQueries = api.injectEndpoints({
  endpoints: (build) => ({
    listApprovals: build.query<ListApprovalsResponse, void>({
      query: () => pathOf(routes.listApprovals),
      responseSchema: listApprovalsResponse,
      providesTags: ['OpenOrders'],
    }),
  }),
});

export const { useListApprovalsQuery } = approvalsQueries;
