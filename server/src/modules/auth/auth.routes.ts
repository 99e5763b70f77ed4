import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  authResponse,
  changePasswordRequest,
  errorResponse,
  loginRequest,
  okResponse,
  refreshTokenParams,
  setPasswordLinkResponse,
  setPasswordRequest,
  setPasswordResponse,
  setPasswordTokenParams,
  user,
} from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bearerToken, requireAuth } from '../../plugins/authenticate.js';
import { unauthorized } from '../../lib/http-errors.js';
import { keyPart } from '../../lib/throttle.js';
import { issueDeviceCookie, knownDevice, registerDeviceCookies } from './device-cookie.js';
import { passwordLinksService } from './password-links.js';

const errors = { 400: errorResponse, 401: errorResponse, 429: errorResponse, 503: errorResponse };
const linkErrors = { 400: errorResponse, 410: errorResponse, 429: errorResponse, 503: errorResponse };

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = requireAuth(ctx.auth);
  const { throttle, limits } = ctx;
  // Tokens and profiles must not stay in a browser or proxy cache.
  fastify.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  await registerDeviceCookies(fastify, ctx.config.jwtSecret);

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with username and password',
        body: loginRequest,
        response: { 200: authResponse, ...errors },
      },
    },
    async (req, reply) => {
      // Counted before the (deliberately slow) password check, per address always; per username for
      // unknown devices, per device for one that signed in as this user before (device-cookie.ts),
      // so wrong passwords from elsewhere cannot lock the user out of their own devices.
      const name = keyPart(req.body.username);
      const device = knownDevice(req, name);
      await throttle.enforce(
        [limits.loginIp, req.ip],
        device ? [limits.loginDevice, device] : [limits.loginUser, name],
      );
      const session = await ctx.auth.login(req.body.username, req.body.password, device !== undefined);
      // A success clears the count it was charged to.
      await (device ? throttle.reset(limits.loginDevice, device) : throttle.reset(limits.loginUser, name));
      issueDeviceCookie(req, reply, name);
      return session;
    },
  );

  app.get(
    '/auth/refresh',
    {
      preHandler: async (req) => throttle.enforce([limits.refreshIp, req.ip]),
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token (sent as Bearer) for a new session; the token rotates',
        response: { 200: authResponse, ...errors },
      },
    },
    (req) => {
      const token = bearerToken(req);
      if (!token) throw unauthorized();
      return ctx.auth.refresh(token);
    },
  );

  app.get(
    '/auth/refresh/:token',
    {
      preHandler: async (req) => throttle.enforce([limits.oneTimeIp, req.ip]),
      schema: {
        tags: ['auth'],
        summary: 'Exchange a one-time rt token (from a /redirect link) for a session',
        params: refreshTokenParams,
        response: { 200: authResponse, ...errors },
      },
    },
    (req) => ctx.auth.exchangeOneTimeToken(req.params.token),
  );

  app.post(
    '/auth/changepassword',
    {
      preHandler: [
        auth,
        async (req) =>
          throttle.enforce([limits.changePasswordIp, req.ip], [limits.changePasswordUser, String(req.auth.userId)]),
      ],
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password; ends the user's other sessions",
        body: changePasswordRequest,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => {
      await ctx.auth.changePassword(req.auth, req.body);
      return { ok: true as const };
    },
  );

  const links = passwordLinksService(ctx.handle.db, (userId) => ctx.auth.forgetUserSessions(userId));

  app.get(
    '/auth/set-password/:token',
    {
      preHandler: async (req) => throttle.enforce([limits.oneTimeIp, req.ip]),
      schema: {
        tags: ['auth'],
        summary: 'Whose password a set-password link sets (the /set-password page); 410 when used or expired',
        params: setPasswordTokenParams,
        response: { 200: setPasswordLinkResponse, ...linkErrors },
      },
    },
    (req) => links.describe(req.params.token),
  );

  app.post(
    '/auth/set-password',
    {
      preHandler: async (req) => throttle.enforce([limits.oneTimeIp, req.ip]),
      schema: {
        tags: ['auth'],
        summary:
          "Set a password with a one-time link (a user created by the ERP); the link is used up and the user's sessions end",
        body: setPasswordRequest,
        response: { 200: setPasswordResponse, ...linkErrors },
      },
    },
    (req) => links.setPassword(req.body),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: auth,
      schema: {
        tags: ['auth'],
        summary: 'End this session on the server',
        response: { 200: okResponse, 401: errorResponse },
      },
    },
    async (req) => {
      await ctx.auth.logout(req.auth);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/me',
    {
      preHandler: auth,
      schema: {
        tags: ['auth'],
        summary: 'The current user with account details',
        response: { 200: user, 401: errorResponse },
      },
    },
    (req) => ctx.auth.profile(req.auth.userId),
  );
};
