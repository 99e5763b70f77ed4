import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';
import { keyPart } from '../../lib/throttle.js';
import { AUTH_HEADERS } from './auth.bind.js';
import { issueDeviceCookie, knownDevice, registerDeviceCookies } from './device-cookie.js';

/**
 * Login, registered by hand: it reads and issues the device cookie (its own cookie parser, in this
 * plugin's scope) and resets the budget it was charged to once the password is right, which a
 * binding's throttle (counted before the call) cannot. The other auth routes are bound (auth.bind.ts).
 */
export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { throttle, limits } = ctx;
  await registerDeviceCookies(app, ctx.config.jwtSecret);

  route(
    app,
    endpoints.login,
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
      const session = await ctx.services.auth.login(req.body.username, req.body.password, device !== undefined);
      // A success clears the count it was charged to.
      await (device ? throttle.reset(limits.loginDevice, device) : throttle.reset(limits.loginUser, name));
      issueDeviceCookie(req, reply, name);
      return session;
    },
    { headers: AUTH_HEADERS },
  );
};
