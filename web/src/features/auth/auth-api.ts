import { requestOf, routes, authResponse, type AuthResponse, type LoginRequest } from '@wholesale/contract';
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
  }),
});

export const { useLoginMutation, useExchangeRedirectTokenMutation } = authApi;
