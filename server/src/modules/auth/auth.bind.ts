import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';
import { bearerToken } from '../../plugins/authenticate.js';
import { unauthorized } from '../../lib/http-errors.js';

/** Tokens and profiles must not stay in a browser or proxy cache. */
export const AUTH_HEADERS = { 'cache-control': 'private, no-store' } as const;

/** Sessions, passwords and set-password links; login is registered by hand (auth.routes.ts). */
export const authBindings = (ctx: AppContext) => {
  const { auth, passwordLinks, passwordReset } = ctx.services;
  const { throttle, limits } = ctx;
  const headers = AUTH_HEADERS;
  const perAddress = (limit: (typeof limits)['oneTimeIp']) => (_caller: unknown, req: { ip: string }) =>
    [[limit, req.ip]] as [typeof limit, string][];
  return bindings('auth', endpoints, {
    refreshSession: {
      headers,
      throttle: perAddress(limits.refreshIp),
      call: (_caller, _input, { request }) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized();
        return auth.refresh(token);
      },
    },
    exchangeRedirectToken: {
      headers,
      throttle: perAddress(limits.oneTimeIp),
      call: (_caller, { token }) => auth.exchangeOneTimeToken(token),
    },
    // Set-password links (users the ERP creates, integration PUT /accounts/{n}/users): the link is the key.
    describeSetPasswordLink: {
      headers,
      throttle: perAddress(limits.oneTimeIp),
      call: (_caller, { token }) => passwordLinks.describe(token),
    },
    setPassword: {
      headers,
      throttle: perAddress(limits.oneTimeIp),
      call: (_caller, body) => passwordLinks.setPassword(body),
    },
    // Forgotten password: the same answer whatever is typed; per client address a 429 as login.
    requestPasswordReset: {
      headers,
      throttle: perAddress(limits.resetIp),
      call: (_caller, { usernameOrEmail }) =>
        passwordReset.requestPasswordReset(usernameOrEmail, {
          address: async (typed) => (await throttle.consume([limits.resetAddress, typed])).ok,
          user: async (id) => (await throttle.consume([limits.resetUser, String(id)])).ok,
        }),
    },
    changePassword: {
      headers,
      throttle: (caller, req) => [
        [limits.changePasswordIp, req.ip],
        [limits.changePasswordUser, String(caller.userId)],
      ],
      call: async (caller, body) => {
        await auth.changePassword(caller, body);
        return { ok: true as const };
      },
    },
    logout: {
      headers,
      call: async (caller) => {
        await auth.logout(caller);
        return { ok: true as const };
      },
    },
    getCurrentUser: { headers, call: (caller) => auth.profile(caller.userId) },
  });
};
