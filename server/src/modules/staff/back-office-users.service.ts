import { USERNAME_RULE_MESSAGE } from '@wholesale/contract';
import {
  BACK_OFFICE_MSG,
  type CreateCustomerUserResponse,
  type CustomerUserActionResponse,
  type CustomerUserDetail,
  createCustomerUserRequest,
} from '@wholesale/contract/staff';
import type { z } from 'zod';
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
  users: CustomerUsersService;
  repo: BackOfficeRepository;
  audit: AuditService;
  lock: LoginLock;
}) {
  const { users, repo, audit, lock } = deps;

  async function detail(userId: number): Promise<CustomerUserDetail> {
    const u = await repo.userById(userId);
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

  /** Runs one change to a user, audited with what it changed; answers the user as they are now. */
  async function act(
    caller: StaffCaller,
    userId: number,
    action: string,
    change: (before: CustomerUserDetail) => Promise<string>,
  ): Promise<CustomerUserActionResponse> {
    const before = await detail(userId);
    let message: string;
    try {
      message = await change(before);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      answer(err);
    }
    const after = await detail(userId);
    const state = (u: CustomerUserDetail) => ({ disabled: u.disabled, lockedOut: u.lockedOut });
    const account = await repo.accountByNumber(after.customerNumber);
    await audit.append(actorOf(caller), {
      action,
      targetKind: 'customer_user',
      targetId: after.username,
      accountId: account?.id ?? null,
      before: state(before),
      after: { ...state(after), result: message },
    });
    return { user: after, message };
  }

  return {
    getCustomerUser: (_caller: StaffCaller, { userId }: { userId: number }) => detail(userId),

    async createCustomerUser(
      caller: StaffCaller,
      input: z.output<typeof createCustomerUserRequest> & { customerNumber: string },
    ): Promise<CreateCustomerUserResponse> {
      let created: Awaited<ReturnType<CustomerUsersService['create']>>;
      try {
        created = await users.create(input, 'back-office');
      } catch (err) {
        if (err instanceof CustomerUserError && err.reason === 'username-taken')
          throw conflict(BACK_OFFICE_MSG.usernameTaken(input.username));
        answer(err, input.customerNumber);
      }
      const user = await detail(created.id);
      const invitation = created.invitation ?? { emailed: false, link: null, expiresAt: '' };
      const account = await repo.accountByNumber(input.customerNumber);
      await audit.append(actorOf(caller), {
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
    },

    disableCustomerUser: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.disable', async (u) => {
        const revoked = await users.disable(userId, 'back-office');
        return BACK_OFFICE_MSG.userDisabledDone(u.username, revoked);
      }),

    enableCustomerUser: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.enable', async (u) => {
        await users.enable(userId, 'back-office');
        return BACK_OFFICE_MSG.userEnabledDone(u.username);
      }),

    sendCustomerUserPasswordReset: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.password_reset', async (u) => {
        const { expiresAt } = await users.sendPasswordReset(userId);
        return BACK_OFFICE_MSG.passwordResetSent(u.email, expiresAt);
      }),

    unlockCustomerUser: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.unlock', async (u) => {
        await lock.unlock(u.username);
        return BACK_OFFICE_MSG.userUnlocked(u.username);
      }),

    endCustomerUserSessions: (caller: StaffCaller, { userId }: { userId: number }) =>
      act(caller, userId, 'customer_user.end_sessions', async (u) => {
        const n = await users.endSessions(userId);
        return BACK_OFFICE_MSG.sessionsEnded(u.username, n);
      }),
  };
}
