import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bearerToken } from '../../plugins/authenticate.js';
import { route } from '../../plugins/routes.js';
import { unauthorized } from '../../lib/http-errors.js';
import { keyPart } from '../../lib/throttle.js';
import { issueDeviceCookie, knownDevice, registerDeviceCookies } from './device-cookie.js';

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { throttle, limits } = ctx;
  // Tokens and profiles must not stay in a browser or proxy cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  await registerDeviceCookies(app, ctx.config.jwtSecret);

  route(app, endpoints.login, async (req, reply) => {
    // Counted before the (deliberately slow) password check, per address always; per username for
    // unknown devices, per device for one that signed in as this user before (device-cookie.ts),
    // so wrong passwords from elsewhere cannot lock the user out of their own devices.
    const name = keyPart(req.body.username);
    const device = knownDevice(req, name);
    await throttle.enforce([limits.loginIp, req.ip], device ? [limits.loginDevice, device] : [limits.loginUser, name]);
    const session = await ctx.services.auth.login(req.body.username, req.body.password, device !== undefined);
    // A success clears the count it was charged to.
    await (device ? throttle.reset(limits.loginDevice, device) : throttle.reset(limits.loginUser, name));
    issueDeviceCookie(req, reply, name);
    return session;
  });

  route(
    app,
    endpoints.refreshSession,
    (req) => {
      const token = bearerToken(req);
      if (!token) throw unauthorized();
      return ctx.services.auth.refresh(token);
    },
    { preHandler: async (req) => throttle.enforce([limits.refreshIp, req.ip]) },
  );

  route(app, endpoints.exchangeRedirectToken, (req) => ctx.services.auth.exchangeOneTimeToken(req.params.token), {
    preHandler: async (req) => throttle.enforce([limits.oneTimeIp, req.ip]),
  });

  route(
    app,
    endpoints.changePassword,
    async (req) => {
      await ctx.services.auth.changePassword(req.auth, req.body);
      return { ok: true as const };
    },
    {
      preHandler: async (req) =>
        throttle.enforce([limits.changePasswordIp, req.ip], [limits.changePasswordUser, String(req.auth.userId)]),
    },
  );

  // Forgotten password: the same answer whatever is typed; per client address a 429 as login.
  route(
    app,
    endpoints.requestPasswordReset,
    (req) =>
      ctx.services.passwordReset.requestPasswordReset(req.body.usernameOrEmail, {
        address: async (typed) => (await throttle.consume([limits.resetAddress, typed])).ok,
        user: async (id) => (await throttle.consume([limits.resetUser, String(id)])).ok,
      }),
    { preHandler: async (req) => throttle.enforce([limits.resetIp, req.ip]) },
  );

  // Set-password links (users the ERP creates, integration PUT /accounts/{n}/users): the link is the key.
  const { passwordLinks } = ctx.services;
  const oneTimeIp = { preHandler: async (req: { ip: string }) => throttle.enforce([limits.oneTimeIp, req.ip]) };
  route(app, endpoints.describeSetPasswordLink, (req) => passwordLinks.describe(req.params.token), oneTimeIp);
  route(app, endpoints.setPassword, (req) => passwordLinks.setPassword(req.body), oneTimeIp);

  route(app, endpoints.logout, async (req) => {
    await ctx.services.auth.logout(req.auth);
    return { ok: true as const };
  });

  route(app, endpoints.getCurrentUser, (req) => ctx.services.auth.profile(req.auth.userId));
};
