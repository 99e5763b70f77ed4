/** Test support: a signed-in staff member of a role, through the staff sign-in as a person does it. */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { pathOf } from '@wholesale/contract';
import { staffEndpoints, type StaffRole } from '@wholesale/contract/staff';
import type { DbHandle } from '../../db/client.js';
import { composeStaff } from '../../compose.js';
import { testConfig } from '../../test/app.js';
import { cliActor } from './audit.service.js';

const PASSWORD = 'Staff-test-password-1';
let signedIn = 0;

/**
 * Creates a staff member (as the CLI's `staff create` does), sets their password from the set-up
 * link, signs in and enrols a TOTP code computed here: answers the staff bearer token.
 */
export async function signInStaff(
  app: FastifyInstance,
  handle: DbHandle,
  role: StaffRole,
  username: string,
): Promise<string> {
  const { staff } = composeStaff(handle.db, testConfig());
  const made = await staff.createStaff(cliActor(), { username, email: `${username}@staff.example`, role });
  const token = new URL(made.setupLink).searchParams.get('token') ?? '';
  const post = async (url: string, payload: object) => {
    // From an address of its own: the sign-in steps are throttled per address, and a test may
    // sign in several staff members under a small login budget.
    const res = await app.inject({ method: 'POST', url, payload, remoteAddress: `10.35.${++signedIn % 250}.1` });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  await post(pathOf(staffEndpoints.setUpStaffPassword), { token, newPassword: PASSWORD, confirmPassword: PASSWORD });
  const first = await post(pathOf(staffEndpoints.staffLogin), { username, password: PASSWORD });
  const code = await generate({ secret: String(first.secret) });
  const session = await post(pathOf(staffEndpoints.enrolStaffFactor), { challenge: first.challenge, code });
  return String(session.token);
}
