import {
  authResponse,
  requestOf,
  routes,
  setPasswordLinkResponse,
  setPasswordResponse,
  type AuthResponse,
  type LoginRequest,
  type SetPasswordLinkResponse,
  type SetPasswordRequest,
} from '@wholesale/contract';
import { api } from '../../lib/base-api';

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
    setPasswordLink: build.query<SetPasswordLinkResponse, string>({
      query: (token) => requestOf(routes.describeSetPasswordLink, { token }),
      responseSchema: setPasswordLinkResponse,
    }),
    setPassword: build.mutation<{ ok: true; username: string }, SetPasswordRequest>({
      query: (body) => ({ ...requestOf(routes.setPassword), body }),
      responseSchema: setPasswordResponse,
    }),
  }),
});

export const { useLoginMutation, useExchangeRedirectTokenMutation, useSetPasswordLinkQuery, useSetPasswordMutation } =
  authApi;
