// The back office in the browser journeys: staff members are made the way an operator makes the
// first admin (`npm run admin -- staff create` on the run's database, e2e/playwright.config.ts's
// DATA_DIR), and TOTP codes are computed here with otplib from the secret the enrolment screen shows.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { pathOf } from '@wholesale/contract';
import { staffAuthRoutes, type StaffRole } from '@wholesale/contract/staff';
import { generate } from 'otplib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = process.env.E2E_PORT ?? '3199';

export const STAFF_PASSWORD = 'Back-office-2026';
export const STAFF_SESSION_KEY = 'wholesale-portal.staff-session';

/** `staff create` on the run's database; answers the set-up link's path and query. */
export async function createStaff(username: string, role: StaffRole): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/admin.ts',
      'staff',
      'create',
      '--username',
      username,
      '--email',
      `${username}@staff.example`,
      '--role',
      role,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: path.join(os.tmpdir(), `wholesale-e2e-${PORT}`) } },
  );
  const link = /(https?:\/\/\S+\/staff\/set-up\?token=\S+)/.exec(stdout)?.[1];
  if (!link) throw new Error(`no set-up link in: ${stdout}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * A TOTP code the server has not accepted yet: each time step works once per login, so a second
 * sign-in within 30 s uses the next step's code (the server accepts one step either side of now).
 */
const lastStep = new Map<string, number>();
export async function totpCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000 / 30);
  const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
  if (step > now + 1) await new Promise((r) => setTimeout(r, ((step - 1) * 30 - Date.now() / 1000 + 1) * 1000));
  lastStep.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

/** The set-up link, then enrolment through the API: answers the TOTP secret. */
export async function enrolStaffByApi(request: APIRequestContext, username: string, role: StaffRole) {
  const link = await createStaff(username, role);
  const token = new URL(link, 'http://x').searchParams.get('token')!;
  const setUp = await request.post(pathOf(staffAuthRoutes.setUpStaffPassword), {
    data: { token, newPassword: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD },
  });
  expect(setUp.status(), await setUp.text()).toBe(200);
  const login = await request.post(pathOf(staffAuthRoutes.staffLogin), {
    data: { username, password: STAFF_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const step = (await login.json()) as { step: string; challenge: string; secret: string };
  expect(step.step).toBe('enrol');
  const enrol = await request.post(pathOf(staffAuthRoutes.enrolStaffFactor), {
    data: { challenge: step.challenge, code: await totpCode(step.secret) },
  });
  expect(enrol.status(), await enrol.text()).toBe(200);
  return step.secret;
}

/** A staff session, as the back office keeps it in this tab's sessionStorage. */
export interface StaffSession {
  token: string;
  staff: unknown;
}

/** Signs in through the API (password, then a TOTP code the server has not accepted yet). */
export async function staffSession(
  request: APIRequestContext,
  username: string,
  secret: string,
): Promise<StaffSession> {
  const login = await request.post(pathOf(staffAuthRoutes.staffLogin), {
    data: { username, password: STAFF_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { challenge } = (await login.json()) as { challenge: string };
  const res = await request.post(pathOf(staffAuthRoutes.verifyStaffFactor), {
    data: { challenge, code: await totpCode(secret) },
  });
  expect(res.status(), await res.text()).toBe(200);
  const session = (await res.json()) as StaffSession;
  return { token: session.token, staff: session.staff };
}

/** Puts a session where the back office keeps it, so the page's next load starts signed in. */
export async function useStaffSession(page: Page, session: StaffSession): Promise<void> {
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
    STAFF_SESSION_KEY,
    JSON.stringify(session),
  ] as const);
}

/**
 * Signs in through the API and puts the session where the back office keeps it (this tab's
 * sessionStorage), so a journey starts signed in.
 */
export async function signInStaff(page: Page, username: string, secret: string): Promise<void> {
  await useStaffSession(page, await staffSession(page.request, username, secret));
}
