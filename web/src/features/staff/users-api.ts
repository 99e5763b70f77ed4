import { pathOf } from '@wholesale/contract';
import {
  staffCustomerUsersRoutes as r,
  type CreateCustomerUserRequest,
  type CreateCustomerUserResponse,
  type CustomerUserActionResponse,
  type CustomerUserDetail,
} from '@wholesale/contract/staff';
import { staffApi } from './staff-api';

/** The actions a user's page offers: each its own endpoint. */
export const USER_ACTIONS = {
  disableCustomerUser: 'Disable',
  enableCustomerUser: 'Re-enable',
  sendCustomerUserPasswordReset: 'Send a password reset',
  unlockCustomerUser: 'Unlock',
  endCustomerUserSessions: 'End all sessions',
} as const;
export type UserAction = keyof typeof USER_ACTIONS;

const usersApi = staffApi.injectEndpoints({
  endpoints: (build) => {
    // Each action is its own endpoint, named as the contract names its route.
    const action = (name: UserAction) =>
      build.mutation<CustomerUserActionResponse, { userId: number }>({
        query: ({ userId }) => ({ url: pathOf(r[name], { userId: String(userId) }), method: r[name].method }),
        invalidatesTags: ['Customer', 'User', 'Audit'],
      });
    return {
      createCustomerUser: build.mutation<
        CreateCustomerUserResponse,
        CreateCustomerUserRequest & { customerNumber: string }
      >({
        query: ({ customerNumber, ...body }) => ({
          url: pathOf(r.createCustomerUser, { customerNumber }),
          method: r.createCustomerUser.method,
          body,
        }),
        invalidatesTags: ['Customer', 'User', 'Audit'],
      }),
      getCustomerUser: build.query<CustomerUserDetail, number>({
        query: (userId) => pathOf(r.getCustomerUser, { userId: String(userId) }),
        providesTags: ['User'],
      }),
      disableCustomerUser: action('disableCustomerUser'),
      enableCustomerUser: action('enableCustomerUser'),
      sendCustomerUserPasswordReset: action('sendCustomerUserPasswordReset'),
      unlockCustomerUser: action('unlockCustomerUser'),
      endCustomerUserSessions: action('endCustomerUserSessions'),
    };
  },
});

export const {
  useCreateCustomerUserMutation,
  useGetCustomerUserQuery,
  useDisableCustomerUserMutation,
  useEnableCustomerUserMutation,
  useSendCustomerUserPasswordResetMutation,
  useUnlockCustomerUserMutation,
  useEndCustomerUserSessionsMutation,
} = usersApi;
