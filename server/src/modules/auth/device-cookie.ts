/**
 * OWASP's device cookies against targeted lockout
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
 * a successful login leaves a signed, HttpOnly cookie naming the user and a random device id.
 * A later login for that user from a device presenting a valid one is not subject to the user's
 * lockout (which wrong passwords from anywhere can trigger), only to a budget of its own per device;
 * and its password check waits ahead of unknown devices for a hashing slot.
 *
 * One cookie per user (its name carries a digest of the username), so colleagues sharing a machine
 * each keep theirs. Signed by @fastify/cookie (HMAC-SHA256) with a key derived from JWT_SECRET.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';

export const DEVICE_COOKIE_DAYS = 180;
/** Only the login route reads it. */
const COOKIE_PATH = '/api/auth/login';

const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 16);

/** The cookie name for a (normalised) username. */
export const deviceCookieName = (username: string) => `portal_device_${digest(username)}`;

/** Registers cookie parsing and signing on the auth routes' scope. */
export async function registerDeviceCookies(app: FastifyInstance, jwtSecret: string): Promise<void> {
  const secret = createHmac('sha256', jwtSecret).update('device-cookie').digest('base64url');
  await app.register(cookie, { secret, hook: 'onRequest' });
}

/** The device id of a valid cookie for this username, or undefined (none, forged, another user's). */
export function knownDevice(req: FastifyRequest, username: string): string | undefined {
  const raw = req.cookies[deviceCookieName(username)];
  if (!raw) return undefined;
  const { valid, value } = req.unsignCookie(raw);
  if (!valid || !value) return undefined;
  const [user, device] = value.split(':');
  return user === digest(username) && device ? device : undefined;
}

/** Issues (or renews) the device cookie after a successful login; a new device id each time. */
export function issueDeviceCookie(req: FastifyRequest, reply: FastifyReply, username: string): void {
  const value = `${digest(username)}:${randomBytes(16).toString('base64url')}`;
  reply.setCookie(deviceCookieName(username), value, {
    signed: true,
    httpOnly: true,
    secure: req.protocol === 'https',
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}
