import {
  authResponse,
  okResponse,
  passwordResetResponse,
  pathOf,
  requestOf,
  routes,
  setPasswordLinkResponse,
  setPasswordResponse,
  user,
  type AuthResponse,
  type ChangePasswordRequest,
  type LoginRequest,
  type PasswordResetRequest,
  type PasswordResetResponse,
  type SetPasswordLinkResponse,
  type SetPasswordRequest,
  type User,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';
import { userUpdated } from '../../lib/session';

/**
 * Sessions and passwords (spec section 7, /auth...; the password-reset mail's request). A refresh
 * and Log Out are not endpoints here: lib/base-api.ts sends them itself (one shared refresh; a log
 * out that must not wait).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ ...requestOf(routes.login), body }),
      responseSchema: authResponse,
    }),
    /** /redirect: a one-time token from the company site exchanged for a session (no auth header). */
    exchangeRedirectToken: build.mutation<AuthResponse, string>({
      query: (rt) => requestOf(routes.exchangeRedirectToken, { token: rt }),
      responseSchema: authResponse,
    }),
    /** /set-password: whose password a one-time link sets (410 when used or expired). */
    describeSetPasswordLink: build.query<SetPasswordLinkResponse, string>({
      query: (token) => requestOf(routes.describeSetPasswordLink, { token }),
      responseSchema: setPasswordLinkResponse,
    }),
    /** /forgot-password: one answer whether or not anything matched; the mail links to /set-password. */
    requestPasswordReset: build.mutation<PasswordResetResponse, PasswordResetRequest>({
      query: (body) => ({ ...requestOf(routes.requestPasswordReset), body }),
      responseSchema: passwordResetResponse,
    }),
    setPassword: build.mutation<{ ok: true; username: string }, SetPasswordRequest>({
      query: (body) => ({ ...requestOf(routes.setPassword), body }),
      responseSchema: setPasswordResponse,
    }),
    /** POST /auth/changepassword. */
    changePassword: build.mutation<{ ok: true }, ChangePasswordRequest>({
      query: (body) => ({ ...requestOf(routes.changePassword), body }),
      responseSchema: okResponse,
    }),
    /** GET /auth/me: the fresh user (balance after a payment); also refreshes the stored session user. */
    getCurrentUser: build.query<User, void>({
      query: () => pathOf(routes.getCurrentUser),
      responseSchema: user,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userUpdated(data));
        } catch {
          // The screen shows the stored user; a failed refresh changes nothing.
        }
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useExchangeRedirectTokenMutation,
  useDescribeSetPasswordLinkQuery,
  useRequestPasswordResetMutation,
  useSetPasswordMutation,
  useChangePasswordMutation,
  useGetCurrentUserQuery,
} = authApi;
