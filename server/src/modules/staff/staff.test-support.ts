/** Test support: staff members signed in through the real API, with TOTP codes from otplib. */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { pathOf } from '@wholesale/contract';
import { staffEndpoints, type StaffRole } from '@wholesale/contract/staff';
import { composeStaff } from '../../compose.js';
import type { DbHandle } from '../../db/client.js';
import { testConfig } from '../../test/app.js';
import { cliActor } from './audit.service.js';

export const STAFF_PASSWORD = 'Staff-test-pass-1';

/** The code of the period `periods` after the current one (a sign-in right after enrolment needs the next). */
export const totpCode = (secret: string, periods = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + periods * 30 });

/** The staff services over the test database, as the CLI builds them. */
export const staffServices = (handle: DbHandle) => composeStaff(handle.db, testConfig());

export const post = (app: FastifyInstance, e: { path: string }, payload: object, headers = {}) =>
  app.inject({ method: 'POST', url: pathOf(e as never), payload, headers });

/** Creates a staff member (as the CLI does) and sets their password through the set-up link. */
export async function createStaff(
  app: FastifyInstance,
  handle: DbHandle,
  username: string,
  role: StaffRole,
  opts: { canOrderOnBehalf?: boolean; email?: string } = {},
) {
  const made = await staffServices(handle).staff.createStaff(cliActor(), {
    username,
    email: opts.email ?? `${username}@staff.example`,
    role,
    canOrderOnBehalf: opts.canOrderOnBehalf,
  });
  const token = new URL(made.setupLink).searchParams.get('token')!;
  const res = await post(app, staffEndpoints.setUpStaffPassword, {
    token,
    newPassword: STAFF_PASSWORD,
    confirmPassword: STAFF_PASSWORD,
  });
  if (res.statusCode !== 200) throw new Error(`set-up ${username}: ${res.statusCode} ${res.body}`);
  return { ...made, setupToken: token };
}

/** Signs a staff member in for the first time: enrols TOTP; answers the session, the secret and the recovery codes. */
export async function enrolStaff(app: FastifyInstance, username: string) {
  const login = await post(app, staffEndpoints.staffLogin, { username, password: STAFF_PASSWORD });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  const first = login.json() as { step: string; challenge: string; secret: string };
  if (first.step !== 'enrol') throw new Error(`login ${username}: step ${first.step}`);
  const res = await post(app, staffEndpoints.enrolStaffFactor, {
    challenge: first.challenge,
    code: await totpCode(first.secret),
  });
  if (res.statusCode !== 200) throw new Error(`enrol ${username}: ${res.statusCode} ${res.body}`);
  const session = res.json() as { token: string; recoveryCodes: string[] };
  return { ...session, secret: first.secret };
}

/** A staff member of `role`, created, enrolled and signed in: their bearer token. */
export async function signedInStaff(
  app: FastifyInstance,
  handle: DbHandle,
  username: string,
  role: StaffRole,
  opts: { canOrderOnBehalf?: boolean; email?: string } = {},
) {
  await createStaff(app, handle, username, role, opts);
  return enrolStaff(app, username);
}
