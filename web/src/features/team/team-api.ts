import {
  approvalOutcome,
  listTeamUsersResponse,
  pathOf,
  requestOf,
  reviewApprovalResponse,
  routes,
  teamUser,
  type ApprovalOutcome,
  type DeclineOrderRequest,
  type InviteTeamUserRequest,
  type ListTeamUsersResponse,
  type ReviewApprovalResponse,
  type TeamUser,
  type UpdateTeamUserRequest,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';

/** The Team screen (account admins) and the Approvals screen's review and decisions. */
export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
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
  useListTeamUsersQuery,
  useInviteTeamUserMutation,
  useUpdateTeamUserMutation,
  useReviewApprovalQuery,
  useApproveOrderMutation,
  useDeclineOrderMutation,
} = teamApi;
