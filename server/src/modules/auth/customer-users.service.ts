/**
 * Customer users (the buyers' logins) as the supplier manages them: create (with an invitation
 * email), disable, enable, send a password reset, end every session. The admin CLI and the staff
 * back office both call this, so a username's rule and what disabling does live once.
 */
import { PASSWORD_RESET_LINK_TTL_MINUTES, customerUsername, newPassword, type TeamRole } from '@wholesale/contract';
import type { Repos } from '../../db/repos.js';
import { nowIso } from '../../lib/time.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordUserUpdated, type UpdatedUser, type UserChangeSource } from '../events/outbox.js';
import { recordPasswordLinkMail } from '../mail/mail-outbox.js';
import type { AuthRepository } from './auth.repository.js';
import { hashPassword } from '../../lib/password.js';
import { NO_PASSWORD, createPasswordLink } from './password-links.js';
import { createOneTimeToken } from './one-time-token.js';

/**
 * The team role of a user the supplier creates (the admin CLI, the back office, the demo seed): the
 * account's admin, who can then invite the rest of the team. The users table's default says the
 * same for the ERP's users (migration 040).
 */
export const SUPPLIER_CREATED_ROLE: TeamRole = 'admin';

/** Why an operation was refused; each caller (the CLI, the staff API) words it for its reader. */
export class CustomerUserError extends Error {
  constructor(
    readonly reason:
      | 'bad-username'
      | 'no-account'
      | 'username-taken'
      | 'no-user'
      | 'already-disabled'
      | 'already-enabled'
      | 'disabled'
      | 'no-email',
    readonly detail = '',
  ) {
    super(detail || reason);
  }
}

export interface NewCustomerUser {
  customerNumber: string;
  username: string;
  name: string;
  email: string;
  jobTitle: string;
  /** Already checked against the password rule; left out: the user is invited to set one. */
  password?: string | undefined;
}

/**
 * A demo user (the seed's fixtures): written as it would have been long ago, with the one demo
 * password, a role and spending limits; the username's and the password's rules are create's.
 */
export interface DemoUser {
  accountId: number;
  username: string;
  name: string;
  jobTitle: string;
  email: string;
  /** Left out: SUPPLIER_CREATED_ROLE. */
  role?: TeamRole | undefined;
  orderLimitMinor?: number | undefined;
  monthlyBudgetMinor?: number | undefined;
}

export interface Invitation {
  /** The invitation is in the mail outbox, to the user's address. */
  emailed: boolean;
  /** The set-password link, when it was not emailed (hand it over); null when it was. */
  link: string | null;
  expiresAt: string;
}

export interface CustomerUsersDeps {
  /**
   * What set-password links need: the key that seals them in the mail outbox (lib/secret-box.ts)
   * and the portal's public address. The admin CLI creating a user with a password has neither.
   */
  links?: { box: SecretBox; baseUrl: string } | undefined;
  /** The user's cached sessions end (auth.service's forgetUserSessions); the CLI has none to forget. */
  forgetSessions?: ((userId: number) => void) | undefined;
}

const eventOf = (
  u: { username: string; name: string; email: string; job_title: string; customer_number: string },
  enabled: boolean,
): UpdatedUser => ({
  customerNumber: u.customer_number,
  username: u.username,
  name: u.name,
  email: u.email,
  jobTitle: u.job_title,
  enabled,
});

export function customerUsersService(users: Repos<AuthRepository>, deps: CustomerUsersDeps = {}) {
  const repo = users.base;

  function links() {
    if (!deps.links) throw new Error('customer users: set-password links need the secret box and base URL');
    return deps.links;
  }

  async function user(userId: number) {
    const u = await repo.userWithAccount(userId);
    if (!u) throw new CustomerUserError('no-user');
    return u;
  }

  /** The username as the rule keeps it (trimmed), or CustomerUserError('bad-username'). */
  function checkedUsername(value: string): string {
    const checked = customerUsername.safeParse(value);
    if (!checked.success) throw new CustomerUserError('bad-username', checked.error.issues[0]?.message);
    return checked.data;
  }

  return {
    /** The user with their account's number, or undefined. */
    find: (userId: number) => repo.userWithAccount(userId),

    /** The user with this username (their id, whether disabled, their account's number), or undefined. */
    findByName: (username: string) => repo.userByName(username),

    async create(input: NewCustomerUser, source: UserChangeSource): Promise<{ id: number; invitation?: Invitation }> {
      const username = checkedUsername(input.username);
      const accountId = await repo.accountIdOf(input.customerNumber);
      if (accountId === undefined) throw new CustomerUserError('no-account');
      if (await repo.userByName(username)) throw new CustomerUserError('username-taken');
      const now = nowIso();
      const hash = input.password === undefined ? NO_PASSWORD : await hashPassword(input.password);
      let invitation: Invitation | undefined;
      const id = await repo.insertUser(
        {
          account_id: accountId,
          username,
          password_hash: hash,
          name: input.name,
          job_title: input.jobTitle,
          email: input.email,
          disabled: 0,
          created_at: now,
          password_changed_at: now,
          team_role: SUPPLIER_CREATED_ROLE,
        },
        {
          customerNumber: input.customerNumber,
          username,
          name: input.name,
          email: input.email,
          jobTitle: input.jobTitle,
          enabled: true,
        },
        source,
        input.password !== undefined
          ? undefined
          : async (trx, userId) => {
              const { box, baseUrl } = links();
              const link = await createPasswordLink(trx, userId, baseUrl);
              const sent = await recordPasswordLinkMail(trx, box, 'password.invitation', userId, link);
              invitation = {
                emailed: sent === 'queued',
                link: sent === 'queued' ? null : link.url,
                expiresAt: link.expiresAt,
              };
            },
      );
      return invitation ? { id, invitation } : { id };
    },

    /** Disables the user and ends every session of theirs; answers how many refresh tokens were revoked. */
    async disable(userId: number, source: UserChangeSource): Promise<number> {
      const u = await user(userId);
      if (u.disabled) throw new CustomerUserError('already-disabled');
      const revoked = await repo.disableUser(u.id, u.account_id, eventOf(u, false), source);
      deps.forgetSessions?.(u.id);
      return revoked;
    },

    async enable(userId: number, source: UserChangeSource): Promise<void> {
      const u = await user(userId);
      if (!u.disabled) throw new CustomerUserError('already-enabled');
      await users.transaction(async (inTrx, trx) => {
        await inTrx.setDisabled(u.id, false);
        await recordUserUpdated(trx, u.account_id, eventOf(u, true), 'updated', source);
      });
    },

    /** The forgotten-password email, sent on the supplier's word: a one-time link to the user's address. */
    async sendPasswordReset(userId: number): Promise<{ expiresAt: string }> {
      const u = await user(userId);
      if (u.disabled) throw new CustomerUserError('disabled');
      if (!u.email) throw new CustomerUserError('no-email');
      const { box, baseUrl } = links();
      return users.transaction(async (_inTrx, trx) => {
        const link = await createPasswordLink(trx, u.id, baseUrl, PASSWORD_RESET_LINK_TTL_MINUTES * 60);
        await recordPasswordLinkMail(trx, box, 'password.reset', u.id, link);
        return { expiresAt: link.expiresAt };
      });
    },

    /**
     * A one-time login for /redirect?rt= (the operator's `admin redirect-link`): usable once, within
     * `ttlMinutes` (at most ONE_TIME_TOKEN_MAX_MINUTES); refused for a disabled user.
     */
    async oneTimeLogin(userId: number, ttlMinutes?: number): Promise<{ token: string; expiresAt: string }> {
      const u = await user(userId);
      if (u.disabled) throw new CustomerUserError('disabled');
      return createOneTimeToken(repo, u.id, ttlMinutes);
    },

    /**
     * The demo seed's users, in bulk over the caller's transaction: back-dated to `createdAt`, all
     * with the one demo `password` (hashed once), and none of what `create` records (events,
     * invitations), since they are fixtures of a history that happened before the portal's.
     * The username's rule, the password's and the default role are the same as create's.
     * Answers their ids by username.
     */
    async createDemoUsers(
      users: readonly DemoUser[],
      { password, createdAt }: { password: string; createdAt: string },
    ): Promise<ReadonlyMap<string, number>> {
      const checked = newPassword.safeParse(password);
      if (!checked.success) throw new Error(`demo users: the password is refused: ${checked.error.issues[0]?.message}`);
      const hash = await hashPassword(checked.data);
      return repo.insertUsers(
        users.map((u) => ({
          account_id: u.accountId,
          username: checkedUsername(u.username),
          password_hash: hash,
          name: u.name,
          job_title: u.jobTitle,
          email: u.email,
          disabled: 0,
          created_at: createdAt,
          password_changed_at: createdAt,
          team_role: u.role ?? SUPPLIER_CREATED_ROLE,
          order_limit_minor: u.orderLimitMinor ?? null,
          monthly_budget_minor: u.monthlyBudgetMinor ?? null,
        })),
      );
    },

    /** Ends every session of the user (refresh tokens revoked, cached sessions forgotten); answers how many. */
    async endSessions(userId: number): Promise<number> {
      const u = await user(userId);
      const revoked = await repo.revokeUserSessions(u.id);
      deps.forgetSessions?.(u.id);
      return revoked;
    },
  };
}
export type CustomerUsersService = ReturnType<typeof customerUsersService>;
