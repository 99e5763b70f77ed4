import {
  pathOf,
  requestOf,
  routes,
  type ApprovalOutcome,
  type DeclineOrderRequest,
  type InviteTeamUserRequest,
  type ListApprovalsResponse,
  type ListTeamUsersResponse,
  type OrderLimits,
  type ReviewApprovalResponse,
  type TeamUser,
  type UpdateTeamUserRequest,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';
import { lazySchema } from '../../lib/lazy-schema';

// The header counts the approvals queue on every screen (approvers and account admins), so this
// module is part of the start-up code: every schema here loads with its first answer
// (lib/lazy-schema.ts), as the basket's do, which keeps Zod out of the start-up code.
const listApprovalsResponse = lazySchema(
  async () => (await import('../../lib/start-up-schemas')).listApprovalsResponse,
);
const listTeamUsersResponse = lazySchema(async () => (await import('./team-schemas')).listTeamUsersResponse);
const teamUser = lazySchema(async () => (await import('./team-schemas')).teamUser);
const orderLimits = lazySchema(async () => (await import('./team-schemas')).orderLimits);
const reviewApprovalResponse = lazySchema(async () => (await import('./team-schemas')).reviewApprovalResponse);
const approvalOutcome = lazySchema(async () => (await import('./team-schemas')).approvalOutcome);

/**
 * The team area (/team..., /approvals...): the Team screen (account admins), the caller's limits
 * (Review Order), the approvals queue (the header's count, the Approvals screen) and its decisions.
 * Orders in approval are orders: the queue and the limits share the OpenOrders cache group, and each
 * decision invalidates it. Withdrawing an order is the orders area's (orders-api.ts).
 */
export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderLimits: build.query<OrderLimits, void>({
      query: () => pathOf(routes.getOrderLimits),
      responseSchema: orderLimits,
      providesTags: ['Basket', 'OpenOrders'],
    }),
    listApprovals: build.query<ListApprovalsResponse, void>({
      query: () => pathOf(routes.listApprovals),
      responseSchema: listApprovalsResponse,
      providesTags: ['OpenOrders'],
    }),
    listTeamUsers: build.query<ListTeamUsersResponse, void>({
      query: () => pathOf(routes.listTeamUsers),
      responseSchema: listTeamUsersResponse,
    }),
    inviteTeamUser: build.mutation<TeamUser, InviteTeamUserRequest>({
      query: (body) => ({ ...requestOf(routes.inviteTeamUser), body }),
      responseSchema: teamUser,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(
            teamApi.util.updateQueryData('listTeamUsers', undefined, (draft) => {
              draft.users.push(data);
              draft.users.sort((a, b) => a.username.localeCompare(b.username));
            }),
          );
      },
    }),
    updateTeamUser: build.mutation<TeamUser, UpdateTeamUserRequest & { userId: number }>({
      query: ({ userId, ...body }) => ({ ...requestOf(routes.updateTeamUser, { userId }), body }),
      responseSchema: teamUser,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(
            teamApi.util.updateQueryData('listTeamUsers', undefined, (draft) => {
              const i = draft.users.findIndex((u) => u.id === data.id);
              if (i >= 0) draft.users[i] = data;
            }),
          );
      },
    }),
    reviewApproval: build.query<ReviewApprovalResponse, string>({
      query: (orderNumber) => pathOf(routes.reviewApproval, { orderNumber }),
      responseSchema: reviewApprovalResponse,
      keepUnusedDataFor: 0,
    }),
    approveOrder: build.mutation<ApprovalOutcome, { orderNumber: string; amount: number }>({
      query: ({ orderNumber, amount }) => ({ ...requestOf(routes.approveOrder, { orderNumber }), body: { amount } }),
      responseSchema: approvalOutcome,
      invalidatesTags: ['OpenOrders'],
    }),
    declineOrder: build.mutation<ApprovalOutcome, DeclineOrderRequest & { orderNumber: string }>({
      query: ({ orderNumber, reason }) => ({ ...requestOf(routes.declineOrder, { orderNumber }), body: { reason } }),
      responseSchema: approvalOutcome,
      invalidatesTags: ['OpenOrders'],
    }),
  }),
});

export const {
  useGetOrderLimitsQuery,
  useListApprovalsQuery,
  useListTeamUsersQuery,
  useInviteTeamUserMutation,
  useUpdateTeamUserMutation,
  useReviewApprovalQuery,
  useApproveOrderMutation,
  useDeclineOrderMutation,
} = teamApi;
