import { USERNAME_RULE_MESSAGE } from '@wholesale/contract';
import {
  BACK_OFFICE_MSG,
  type CreateCustomerUserResponse,
  type CustomerUserActionResponse,
  type CustomerUserDetail,
  createCustomerUserRequest,
} from '@wholesale/contract/staff';
import type { z } from 'zod';
import type { Repos } from '../../db/repos.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { NO_PASSWORD } from '../auth/password-links.js';
import { CustomerUserError, type CustomerUsersService } from '../auth/customer-users.service.js';
import type { AuditService } from './audit.service.js';
import type { BackOfficeRepository } from './back-office.repository.js';
import { actorOf, type StaffCaller } from './staff.service.js';

/**
 * Whether failed log-ins have locked a username, and the key to lift it: the customer login's
 * throttle (modules/auth, lib/throttle.ts), which app.ts owns.
 */
export interface LoginLock {
  isLocked(username: string): Promise<boolean>;
  unlock(username: string): Promise<void>;
}

/** The service's refusals as the staff API answers them. */
function answer(err: unknown, customerNumber = ''): never {
  if (!(err instanceof CustomerUserError)) throw err;
  switch (err.reason) {
    case 'bad-username':
      throw badRequest(err.detail || USERNAME_RULE_MESSAGE);
    case 'no-account':
      throw notFound(BACK_OFFICE_MSG.customerNotFound(customerNumber));
    case 'username-taken':
      throw conflict(BACK_OFFICE_MSG.usernameTaken(err.detail));
    case 'no-user':
      throw notFound(BACK_OFFICE_MSG.userNotFound);
    case 'already-disabled':
      throw conflict(BACK_OFFICE_MSG.userAlreadyDisabled);
    case 'already-enabled':
      throw conflict(BACK_OFFICE_MSG.userAlreadyEnabled);
    case 'disabled':
      throw conflict(BACK_OFFICE_MSG.userDisabledNoReset);
    case 'no-email':
      throw conflict(BACK_OFFICE_MSG.userNoEmail);
  }
}

/**
 * The back office's customer users: the same service as the admin CLI (auth/customer-users.service.ts)
 * for every change, each audited with the user's state before and after.
 */
export function backOfficeUsersService(deps: {
  /** The customer users' service, over the database or over the transaction of a change here. */
  users: Repos<CustomerUsersService>;
  repos: Repos<BackOfficeRepository>;
  audit: AuditService;
  lock: LoginLock;
}) {
  const { audit, lock } = deps;
  const repo = deps.repos.base;

  async function detail(userId: number, r = repo): Promise<CustomerUserDetail> {
    const u = await r.userById(userId);
    if (!u) throw notFound(BACK_OFFICE_MSG.userNotFound);
    return {
      id: u.id,
      username: u.username,
      name: u.name,
      email: u.email,
      jobTitle: u.job_title,
      customerNumber: u.customer_number,
      accountName: u.account_name,
      disabled: u.disabled === 1,
      passwordSet: u.password_hash !== NO_PASSWORD,
      lockedOut: await lock.isLocked(u.username),
      createdAt: u.created_at,
      passwordChangedAt: u.password_changed_at,
    };
  }

  /**
   * Runs one change to a user and its audit row (what it changed) in one transaction; answers the
   * user as they are now. The login lock is not in the database: unlocking happens before the row
   * is written, and is not undone if the row cannot be.
   */
  async function act(
    caller: StaffCaller,
    userId: number,
    action: string,
    change: (before: CustomerUserDetail, users: CustomerUsersService) => Promise<string>,
  ): Promise<CustomerUserActionResponse> {
    const before = await detail(userId);
    try {
      return await deps.repos.transaction(async (r, trx) => {
        const message = await change(before, deps.users.over(trx));
        const after = await detail(userId, r);
        const state = (u: CustomerUserDetail) => ({ disabled: u.disabled, lockedOut: u.lockedOut });
        const account = await r.accountByNumber(after.customerNumber);
        await audit.appendIn(trx, actorOf(caller), {
          action,
          targetKind: 'customer_user',
          targetId: after.username,
          accountId: account?.id ?? null,
          before: state(before),
          after: { ...state(after), result: message },
        });
        return { user: after, message };
      });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      answer(err);
    }
  }

  return {
    getCustomerUser: (_caller: StaffCaller, { userId }: { userId: number }) => detail(userId),

    async createCustomerUser(
      caller: StaffCaller,
      input: z.output<typeof createCustomerUserRequest> & { customerNumber: string },
    ): Promise<CreateCustomerUserResponse> {
      try {
        // The user, their invitation and the audit row in one transaction.
        return await deps.repos.transaction(async (r, trx) => {
          const created = await deps.users.over(trx).create(input, 'back-office');
          const user = await detail(created.id, r);
          const invitation = created.invitation ?? { emailed: false, link: null, expiresAt: '' };
          const account = await r.accountByNumber(input.customerNumber);
          await audit.appendIn(trx, actorOf(caller), {
            action: 'customer_user.create',
            targetKind: 'customer_user',
            targetId: user.username,
            accountId: account?.id ?? null,
            before: null,
            // Never the link itself: it is a credential until used.
            after: {
              username: user.username,
              name: user.name,
              email: user.email,
              jobTitle: user.jobTitle,
              invitationEmailed: invitation.emailed,
            },
          });
          return { user, invitation };
        });
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if (err instanceof CustomerUserError && err.reason === 'username-taken')
          throw conflict(BACK_OFFICE_MSG.usernameTaken(input.username));
        answer(err, input.customerNumber);
      }
    },

    disableCustomerUser: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.disable', async (u, users) => {
        const revoked = await users.disable(userId, 'back-office');
        return BACK_OFFICE_MSG.userDisabledDone(u.username, revoked);
      }),

    enableCustomerUser: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.enable', async (u, users) => {
        await users.enable(userId, 'back-office');
        return BACK_OFFICE_MSG.userEnabledDone(u.username);
      }),

    sendCustomerUserPasswordReset: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.password_reset', async (u, users) => {
        const { expiresAt } = await users.sendPasswordReset(userId);
        return BACK_OFFICE_MSG.passwordResetSent(u.email, expiresAt);
      }),

    unlockCustomerUser: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.unlock', async (u) => {
        await lock.unlock(u.username);
        return BACK_OFFICE_MSG.userUnlocked(u.username);
      }),

    endCustomerUserSessions: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.end_sessions', async (u, users) => {
        const n = await users.endSessions(userId);
        return BACK_OFFICE_MSG.sessionsEnded(u.username, n);
      }),
  };
}
