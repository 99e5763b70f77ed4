import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import {
  STAFF_CHALLENGE_MINUTES,
  STAFF_FACTOR_LOCK_MINUTES,
  STAFF_FACTOR_MAX_FAILURES,
  STAFF_RECOVERY_CODES,
  STAFF_SETUP_LINK_TTL_HOURS,
} from '@wholesale/contract';
import {
  STAFF_MSG,
  STAFF_TOKEN_PREFIX,
  staffEmail,
  staffUsername,
  type StaffEnrolResponse,
  type StaffFactorRequest,
  type StaffLoginRequest,
  type StaffLoginResponse,
  type StaffMember,
  type StaffRole,
  type StaffSession,
  type StaffSetupRequest,
  type StaffUserRow,
} from '@wholesale/contract/staff';
import { HttpError, badRequest, conflict, unauthorized } from '../../lib/http-errors.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Db } from '../../db/client.js';
import type { Repos } from '../../db/repos.js';
import type { AuditActor, AuditService } from './audit.service.js';
import type { StaffRepository, StaffRow } from './staff.repository.js';
import { enrolment, matchTotp, newTotpSecret } from './totp.js';

/** The signed-in staff member, as the staff guard leaves it on the request. */
export interface StaffCaller {
  staffId: number;
  username: string;
  role: StaffRole;
  canOrderOnBehalf: boolean;
  /** The client address of this request (the audit log's "from where"). */
  address: string;
  /** SHA-256 of the session's token (logout ends it). */
  sessionHash: string;
}

export interface StaffServiceOptions {
  /** The server's token secret; the sign-in challenge is signed with a key derived from it. */
  jwtSecret: string;
  idleMinutes: number;
  maxHours: number;
  /** The page a set-up link opens: `${base}/staff/set-up?token=...`. */
  publicBaseUrl: string;
  /** Records the set-up link's email in the transaction that creates the staff member (modules/mail). */
  recordSetupMail?: (
    trx: Db,
    staff: { username: string; email: string },
    link: { url: string; expiresAt: string },
  ) => Promise<'queued' | 'not-sendable'>;
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
/** Recovery codes: 10 random base32-ish characters in two groups, case and dashes ignored. */
const newRecoveryCode = () => {
  const raw = randomBytes(8).toString('hex').slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};
const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

const ISSUER = 'wholesale-portal-staff';
const AUDIENCE = 'staff-second-factor';

/** The 423 a locked login answers (and what the lock says on screen). */
const lockedError = (until: string) =>
  new HttpError(423, STAFF_MSG.locked(until.slice(0, 16).replace('T', ' ') + ' UTC'));

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    role: row.role,
    canOrderOnBehalf: !!row.can_order_on_behalf,
    disabled: !!row.disabled,
    enrolled: !!row.totp_enrolled,
    lockedUntil: row.locked_until && row.locked_until > nowIso() ? row.locked_until : null,
    createdAt: row.created_at,
  };
}

/**
 * Staff users: creation with a one-time set-up link, password plus TOTP sign-in with recovery
 * codes, short sessions that end on a password or role change, lockout after wrong second factors.
 * The admin CLI and the staff API call these same methods.
 */
export function staffService(
  repos: Repos<StaffRepository>,
  audit: AuditService,
  box: SecretBox,
  opts: StaffServiceOptions,
) {
  const repo = repos.base;
  const challengeKey = new Uint8Array(hkdfSync('sha256', opts.jwtSecret, 'wholesale-portal', 'staff-challenge', 32));

  async function signChallenge(row: StaffRow, step: 'enrol' | 'code'): Promise<string> {
    return new SignJWT({ sv: row.session_version, step })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(row.id))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${STAFF_CHALLENGE_MINUTES * 60}s`)
      .sign(challengeKey);
  }

  /** The staff member a challenge names, still as it was signed (same session version, not disabled). */
  async function openChallenge(challenge: string, step: 'enrol' | 'code'): Promise<StaffRow> {
    let sub: number;
    let sv: unknown;
    let signedStep: unknown;
    try {
      const { payload } = await jwtVerify(challenge, challengeKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      });
      sub = Number(payload.sub);
      sv = payload.sv;
      signedStep = payload.step;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw unauthorized(STAFF_MSG.challengeExpired);
      throw err;
    }
    const row = Number.isSafeInteger(sub) ? await repo.findById(sub) : undefined;
    if (!row || row.disabled || row.session_version !== sv) throw unauthorized(STAFF_MSG.challengeExpired);
    if (signedStep !== step) throw conflict(step === 'enrol' ? STAFF_MSG.alreadyEnrolled : STAFF_MSG.notEnrolled);
    if (row.locked_until && row.locked_until > nowIso()) throw lockedError(row.locked_until);
    return row;
  }

  async function failFactor(row: StaffRow, address: string): Promise<never> {
    // The failure counted and, when it locks the staff member, the lock audited, together.
    const locked = await repos.transaction(async (r, trx) => {
      const after = await r.countFailedFactor(
        Number(row.id),
        STAFF_FACTOR_MAX_FAILURES,
        addSeconds(nowIso(), STAFF_FACTOR_LOCK_MINUTES * 60),
      );
      const until = after?.locked_until && after.locked_until > nowIso() ? after.locked_until : undefined;
      if (until)
        await audit.appendIn(
          trx,
          { staffId: Number(row.id), username: row.username, address },
          { action: 'staff.locked', targetKind: 'staff', targetId: Number(row.id), after: { lockedUntil: until } },
        );
      return until;
    });
    if (locked) throw lockedError(locked);
    throw unauthorized(STAFF_MSG.codeFailed);
  }

  async function startSession(row: StaffRow, address: string): Promise<StaffSession> {
    const token = `${STAFF_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const now = nowIso();
    await repos.transaction(async (r, trx) => {
      await r.insertSession({
        tokenHash: sha256(token),
        staffId: Number(row.id),
        sessionVersion: row.session_version,
        address,
        now,
        expiresAt: addSeconds(now, opts.maxHours * 3600),
      });
      await audit.appendIn(
        trx,
        { staffId: Number(row.id), username: row.username, address },
        { action: 'staff.signed_in', targetKind: 'staff', targetId: Number(row.id) },
      );
    });
    const fresh = (await repo.findById(Number(row.id))) ?? row;
    return { token, expiresAt: idleEnd(now, addSeconds(now, opts.maxHours * 3600)), staff: toStaffMember(fresh) };
  }

  const idleEnd = (lastSeen: string, expiresAt: string) => {
    const idle = addSeconds(lastSeen, opts.idleMinutes * 60);
    return idle < expiresAt ? idle : expiresAt;
  };

  /**
   * A change of a staff member's role or status, by an admin or the CLI. Never one's own (an admin
   * locked out by their own slip), and never leaving the back office without an active admin:
   * checked with the staff users locked, so two admins disabling each other at once cannot both win.
   */
  async function changeStaff(
    actor: AuditActor,
    username: string,
    change: { role: StaffRole } | { disabled: boolean },
  ): Promise<StaffMember> {
    type Change = { role: StaffRole } | { disabled: boolean };
    // The change and its audit row commit together, or neither does.
    const id = await repos.transaction(async (tx, trx) => {
      await tx.lockStaff();
      const row = await tx.findByUsername(username);
      if (!row) throw new HttpError(404, STAFF_MSG.unknownStaff(username));
      if (actor.staffId === Number(row.id)) throw conflict(STAFF_MSG.notYourself);
      const id = Number(row.id);
      const now = nowIso();
      let before: Change;
      let after: Change;
      if ('role' in change) {
        if (row.role === change.role) return id;
        if (row.role === 'admin' && !row.disabled) await keepAnAdmin(tx, id);
        await tx.bumpSessionVersion(id, now, { role: change.role });
        before = { role: row.role };
        after = { role: change.role };
      } else {
        if (!!row.disabled === change.disabled)
          throw conflict((change.disabled ? STAFF_MSG.alreadyDisabled : STAFF_MSG.alreadyEnabled)(row.username));
        if (change.disabled && row.role === 'admin') await keepAnAdmin(tx, id);
        await tx.update(id, { disabled: change.disabled ? 1 : 0, updated_at: now });
        if (change.disabled) await tx.endStaffSessions(id, now);
        before = { disabled: !!row.disabled };
        after = { disabled: change.disabled };
      }
      await audit.appendIn(trx, actor, {
        action: 'role' in after ? 'staff.role_changed' : after.disabled ? 'staff.disabled' : 'staff.enabled',
        targetKind: 'staff',
        targetId: id,
        before,
        after,
      });
      return id;
    });
    return toStaffMember((await repo.findById(id))!);
  }

  /** Refuses a change that would leave no active admin but the one being changed. */
  async function keepAnAdmin(tx: StaffRepository, changing: number): Promise<void> {
    if ((await tx.activeAdminIds()).every((id) => id === changing)) throw conflict(STAFF_MSG.lastAdmin);
  }

  const setupLink = (token: string) => `${opts.publicBaseUrl}/staff/set-up?token=${encodeURIComponent(token)}`;

  return {
    /** A new staff member without a password: answers the one-time set-up link (shown once). */
    async createStaff(
      actor: AuditActor,
      input: { username: string; email: string; role: StaffRole; canOrderOnBehalf?: boolean | undefined },
    ): Promise<{ staff: StaffMember; setupLink: string; expiresAt: string; emailed: boolean }> {
      const username = staffUsername.safeParse(input.username);
      if (!username.success) throw badRequest(STAFF_MSG.usernameFormat);
      const email = staffEmail.safeParse(input.email);
      if (!email.success) throw badRequest(STAFF_MSG.emailFormat);
      if (await repo.findByUsername(username.data)) throw conflict(STAFF_MSG.usernameTaken);
      const token = randomBytes(32).toString('base64url');
      const now = nowIso();
      const expiresAt = addSeconds(now, STAFF_SETUP_LINK_TTL_HOURS * 3600);
      const link = { url: setupLink(token), expiresAt };
      let emailed = false;
      // The staff member, their set-up email and the audit row in one transaction.
      const row = await repos.transaction(async (r, trx) => {
        const id = await r.insert(
          {
            username: username.data,
            email: email.data,
            role: input.role,
            canOrderOnBehalf: input.canOrderOnBehalf === true,
            setupTokenHash: sha256(token),
            setupExpiresAt: expiresAt,
            now,
          },
          opts.recordSetupMail
            ? async (t) => {
                const sent = await opts.recordSetupMail!(t, { username: username.data, email: email.data }, link);
                emailed = sent === 'queued';
              }
            : undefined,
        );
        const made = (await r.findById(id))!;
        await audit.appendIn(trx, actor, {
          action: 'staff.created',
          targetKind: 'staff',
          targetId: id,
          after: {
            username: made.username,
            email: made.email,
            role: made.role,
            canOrderOnBehalf: !!made.can_order_on_behalf,
          },
        });
        return made;
      });
      return { staff: toStaffMember(row), setupLink: link.url, expiresAt, emailed };
    },

    /** Every staff member, with when they last signed in. */
    async listStaff(): Promise<StaffUserRow[]> {
      return (await repo.listWithLastSignIn()).map((row) => ({
        ...toStaffMember(row),
        lastSignInAt: row.last_sign_in_at ?? null,
      }));
    },

    async findStaff(username: string): Promise<StaffMember | undefined> {
      const row = await repo.findByUsername(username);
      return row && toStaffMember(row);
    },

    /** Disables a staff member: every session ends at once. */
    disableStaff: (actor: AuditActor, username: string) => changeStaff(actor, username, { disabled: true }),

    /** Enables a disabled staff member again: they sign in with the password and authenticator they had. */
    enableStaff: (actor: AuditActor, username: string) => changeStaff(actor, username, { disabled: false }),

    /** A role change ends every session the staff member has (they sign in again under the new role). */
    setStaffRole: (actor: AuditActor, username: string, role: StaffRole) => changeStaff(actor, username, { role }),

    async describeStaffSetupLink(_caller: unknown, input: { token: string }) {
      const row = await repo.findBySetupToken(sha256(input.token));
      if (!row || !row.setup_expires_at || row.setup_expires_at <= nowIso() || row.disabled)
        throw new HttpError(410, STAFF_MSG.setupLinkInvalid);
      return { username: row.username, expiresAt: row.setup_expires_at };
    },

    /** Sets the password from the set-up link (which then stops working); ends any session. */
    async setUpStaffPassword(_caller: unknown, input: StaffSetupRequest, address = 'unknown') {
      const row = await repo.findBySetupToken(sha256(input.token));
      if (!row || !row.setup_expires_at || row.setup_expires_at <= nowIso() || row.disabled)
        throw new HttpError(410, STAFF_MSG.setupLinkInvalid);
      // Hashed first: the transaction does not wait for scrypt.
      const passwordHash = await hashPassword(input.newPassword);
      const now = nowIso();
      await repos.transaction(async (r, trx) => {
        await r.bumpSessionVersion(Number(row.id), now, {
          password_hash: passwordHash,
          setup_token_hash: null,
          setup_expires_at: null,
        });
        await r.endStaffSessions(Number(row.id), now);
        await audit.appendIn(
          trx,
          { staffId: Number(row.id), username: row.username, address },
          { action: 'staff.password_set', targetKind: 'staff', targetId: Number(row.id) },
        );
      });
      return { ok: true as const };
    },

    /**
     * First step. Unknown user, disabled user, no password yet and a wrong password answer alike.
     * Not yet enrolled: a new TOTP secret (sealed at rest) with its QR code, shown this once.
     */
    async staffLogin(input: StaffLoginRequest): Promise<StaffLoginResponse> {
      const row = await repo.findByUsername(input.username.trim());
      const stored = row?.password_hash.startsWith('scrypt$') ? row.password_hash : undefined;
      const ok = (await verifyPassword(input.password, stored ?? (await dummyPasswordHash()))) && stored !== undefined;
      if (!row || !ok || row.disabled) throw unauthorized(STAFF_MSG.loginFailed);
      if (row.locked_until && row.locked_until > nowIso()) throw lockedError(row.locked_until);
      if (row.totp_enrolled) return { step: 'code', challenge: await signChallenge(row, 'code') };
      const secret = newTotpSecret();
      await repo.update(Number(row.id), { totp_secret: box.seal(secret), totp_last_step: null });
      return {
        step: 'enrol',
        challenge: await signChallenge(row, 'enrol'),
        secret,
        ...(await enrolment(secret, row.username)),
      };
    },

    /** First sign-in: a code from the new secret turns TOTP on and answers the recovery codes once. */
    async enrolStaffFactor(input: StaffFactorRequest, address: string): Promise<StaffEnrolResponse> {
      const row = await openChallenge(input.challenge, 'enrol');
      if (row.totp_enrolled) throw conflict(STAFF_MSG.alreadyEnrolled);
      const step = row.totp_secret ? await matchTotp(box.open(row.totp_secret), input.code) : undefined;
      if (step === undefined || !(await repo.acceptTimeStep(Number(row.id), step))) return failFactor(row, address);
      const codes = Array.from({ length: STAFF_RECOVERY_CODES }, newRecoveryCode);
      await repos.transaction(async (r, trx) => {
        await r.replaceRecoveryCodes(
          Number(row.id),
          codes.map((c) => sha256(normaliseRecovery(c))),
        );
        await r.update(Number(row.id), { totp_enrolled: 1, updated_at: nowIso() });
        await audit.appendIn(
          trx,
          { staffId: Number(row.id), username: row.username, address },
          { action: 'staff.enrolled', targetKind: 'staff', targetId: Number(row.id) },
        );
      });
      return { ...(await startSession(row, address)), recoveryCodes: codes };
    },

    /** Later sign-ins: a TOTP code (each time step once) or an unused recovery code. */
    async verifyStaffFactor(input: StaffFactorRequest, address: string): Promise<StaffSession> {
      const row = await openChallenge(input.challenge, 'code');
      const id = Number(row.id);
      if (/^\d{6}$/.test(input.code)) {
        const step = row.totp_secret ? await matchTotp(box.open(row.totp_secret), input.code) : undefined;
        if (step === undefined || !(await repo.acceptTimeStep(id, step))) return failFactor(row, address);
      } else {
        // The code spent, the failures reset and the use audited, together.
        const used = await repos.transaction(async (r, trx) => {
          if (!(await r.useRecoveryCode(id, sha256(normaliseRecovery(input.code)), nowIso()))) return false;
          await r.update(id, { failed_factors: 0 });
          await audit.appendIn(
            trx,
            { staffId: id, username: row.username, address },
            { action: 'staff.recovery_code_used', targetKind: 'staff', targetId: id },
          );
          return true;
        });
        if (!used) return failFactor(row, address);
      }
      return startSession(row, address);
    },

    /**
     * The staff member a bearer token stands for, or a 401 naming why. A session ends when idle
     * for STAFF_SESSION_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS after sign-in, at logout, and when the
     * staff member's password or role changes or they are disabled.
     */
    async authenticate(token: string, address: string): Promise<StaffCaller> {
      const hash = sha256(token);
      const s = await repo.findSession(hash);
      const now = nowIso();
      if (
        !s ||
        s.ended_at ||
        s.disabled ||
        s.session_version !== s.current_version ||
        idleEnd(s.last_seen_at, s.expires_at) <= now
      )
        throw unauthorized(STAFF_MSG.sessionEnded, true);
      // One write a minute at most keeps the idle timer going.
      if (Date.parse(now) - Date.parse(s.last_seen_at) > 60_000) await repo.touchSession(hash, now);
      return {
        staffId: Number(s.staff_id),
        username: s.username,
        role: s.role,
        canOrderOnBehalf: !!s.can_order_on_behalf,
        address,
        sessionHash: hash,
      };
    },

    async staffLogout(caller: StaffCaller): Promise<{ ok: true }> {
      await repos.transaction(async (r, trx) => {
        await r.endSession(caller.sessionHash, nowIso());
        await audit.appendIn(
          trx,
          { staffId: caller.staffId, username: caller.username, address: caller.address },
          { action: 'staff.signed_out', targetKind: 'staff', targetId: caller.staffId },
        );
      });
      return { ok: true };
    },

    async getStaffMe(caller: StaffCaller): Promise<StaffMember> {
      const row = await repo.findById(caller.staffId);
      if (!row) throw unauthorized(STAFF_MSG.sessionEnded, true);
      return toStaffMember(row);
    },

    /** Whether a customer login (username, email) belongs to a staff member: never viewed as. */
    isStaffLogin: (username: string, email: string) => repo.matchesLogin(username, email),
  };
}
export type StaffService = ReturnType<typeof staffService>;

/** The audit actor of a signed-in staff member. */
export const actorOf = (caller: StaffCaller): AuditActor => ({
  staffId: caller.staffId,
  username: caller.username,
  address: caller.address,
});
