import {
  TEAM_MSG,
  type InviteTeamUserRequest,
  type ListTeamUsersResponse,
  type OrderLimits,
  type TeamUser,
  type UpdateTeamUserRequest,
} from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { amountToMinor, minorToAmount } from '../../domain/money.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import type { BasketService } from '../basket/basket.service.js';
import type { Caller } from '../../domain/caller.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Repos } from '../../db/repos.js';
import { createPasswordLink, NO_PASSWORD } from '../auth/password-links.js';
import { recordApprovalRequested, recordPasswordLinkMail } from '../mail/mail-outbox.js';
import type { OrderApprovalPort } from '../checkout/checkout.service.js';
import { budgetMonth, checkLimits } from './limits.js';
import { recordUserUpdated } from '../events/outbox.js';
import type { TeamRepository, TeamUserPatch } from './team.repository.js';

type UserRow = NonNullable<Awaited<ReturnType<TeamRepository['findUser']>>>;

/** A limit as the contract parsed it (decimal text, or null for none) in minor units. */
const limitMinor = (v: string | null): number | null => (v === null ? null : amountToMinor(v));
const amountOrNull = (minor: number | string | null): number | null =>
  minor === null ? null : minorToAmount(Number(minor));

function toTeamUser(u: UserRow, callerId: number): TeamUser {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    role: u.team_role,
    orderLimit: amountOrNull(u.order_limit_minor),
    monthlyBudget: amountOrNull(u.monthly_budget_minor),
    lastLoginAt: u.last_login_at,
    // A user invited (or created by the ERP) has no password until the set-password link is used.
    status: u.disabled ? 'Disabled' : u.password_hash.startsWith('scrypt$') ? 'Active' : 'Invited',
    isYou: u.id === callerId,
  };
}

export interface TeamDeps {
  team: Repos<TeamRepository>;
  basket: BasketService;
  /** Seals invitation links in the mail outbox (lib/secret-box.ts). */
  box: SecretBox;
  /** The portal's public origin, for the set-password link. */
  baseUrl: string;
  /** A user's role or status changed: this process forgets their cached sessions at once. */
  onUserChanged: (userId: number) => void;
  now?: () => Date;
}

/**
 * The team of a customer account (account admins manage it), and the spending limits checkout
 * applies through `approvalPort` (an order over a buyer's limit or budget waits for approval).
 */
export function teamService({ team, basket, box, baseUrl, onUserChanged, now = () => new Date() }: TeamDeps) {
  async function limitsFor(repo: TeamRepository, caller: Caller, orderMinor: number) {
    const l = await repo.limitsOf(caller.userId);
    if (!l) throw notFound();
    const month = budgetMonth(now());
    const spent = await repo.spentBetween(caller.accountId, caller.userId, month.from, month.to);
    const limits = {
      role: l.team_role,
      orderLimitMinor: l.order_limit_minor === null ? null : Number(l.order_limit_minor),
      monthlyBudgetMinor: l.monthly_budget_minor === null ? null : Number(l.monthly_budget_minor),
    };
    return { limits, spent, check: checkLimits(limits, spent, orderMinor) };
  }

  /** user.updated to the ERP (outbox), last in the transaction. */
  async function announceUser(
    repo: TeamRepository,
    trx: Db,
    accountId: number,
    userId: number,
    change: 'created' | 'updated',
  ) {
    const u = await repo.userForEvent(userId);
    if (!u) return;
    await recordUserUpdated(
      trx,
      accountId,
      {
        customerNumber: u.customer_number,
        username: u.username,
        name: u.name,
        email: u.email,
        jobTitle: u.job_title,
        enabled: !u.disabled,
      },
      change,
      'portal-team',
    );
  }

  const approvalPort: OrderApprovalPort = {
    async needsApproval(caller, totalMinor, trx) {
      return (await limitsFor(trx ? team.over(trx) : team.base, caller, totalMinor)).check.needsApproval;
    },
    async submitted(trx, orderNumber) {
      const repo = team.over(trx);
      const o = await repo.findOrderForMail(orderNumber);
      if (!o) return;
      const approvers = await repo.approvers(o.account_id);
      const others = approvers.filter((a) => a.id !== o.user_id);
      await recordApprovalRequested(
        trx,
        { accountId: o.account_id, orderNumber },
        (others.length ? others : approvers).map((a) => a.email),
      );
    },
  };

  return {
    approvalPort,

    async listTeamUsers(caller: Caller): Promise<ListTeamUsersResponse> {
      const [users, currencyCode] = await Promise.all([
        team.base.listUsers(caller.accountId),
        team.base.accountCurrency(caller.accountId),
      ]);
      if (!currencyCode) throw notFound();
      return { users: users.map((u) => toTeamUser(u, caller.userId)), currencyCode };
    },

    /**
     * Adds a user with no password and emails them a set-password link (the invitation of the mail
     * module), in one transaction: the user, the link and the email commit together.
     */
    async inviteTeamUser(
      caller: Caller,
      body: InviteTeamUserRequest & { orderLimit?: string | null; monthlyBudget?: string | null },
    ): Promise<TeamUser> {
      const created = await team.transaction(async (repo, trx) => {
        if (await repo.usernameTaken(body.username)) throw conflict(TEAM_MSG.usernameTaken);
        const id = await repo.insertUser({
          accountId: caller.accountId,
          username: body.username,
          name: body.name,
          email: body.email,
          role: body.role,
          orderLimitMinor: limitMinor(body.orderLimit ?? null),
          monthlyBudgetMinor: limitMinor(body.monthlyBudget ?? null),
          passwordHash: NO_PASSWORD,
        });
        const link = await createPasswordLink(trx, id, baseUrl);
        await recordPasswordLinkMail(trx, box, 'password.invitation', id, link);
        await announceUser(repo, trx, caller.accountId, id, 'created');
        return repo.findUser(caller.accountId, id);
      });
      if (!created) throw notFound(TEAM_MSG.userNotFound);
      return toTeamUser(created, caller.userId);
    },

    /**
     * Changes a user's role, limits or status. The account keeps at least one active account admin:
     * demoting or disabling the last one is refused (409), checked with the account's users locked.
     */
    async updateTeamUser(
      caller: Caller,
      input: UpdateTeamUserRequest & { userId: number; orderLimit?: string | null; monthlyBudget?: string | null },
    ): Promise<TeamUser> {
      const patch: TeamUserPatch = {};
      if (input.role !== undefined) patch.team_role = input.role;
      if (input.orderLimit !== undefined) patch.order_limit_minor = limitMinor(input.orderLimit);
      if (input.monthlyBudget !== undefined) patch.monthly_budget_minor = limitMinor(input.monthlyBudget);
      if (input.disabled !== undefined) patch.disabled = input.disabled ? 1 : 0;
      if (Object.keys(patch).length === 0) throw conflict(TEAM_MSG.nothingToChange);
      const updated = await team.transaction(async (repo, trx) => {
        await repo.lockUsers(caller.accountId);
        const user = await repo.findUser(caller.accountId, input.userId);
        if (!user) throw notFound(TEAM_MSG.userNotFound);
        const staysAdmin = (patch.team_role ?? user.team_role) === 'admin' && !(patch.disabled ?? user.disabled);
        if (user.team_role === 'admin' && !user.disabled && !staysAdmin) {
          const admins = await repo.activeAdmins(caller.accountId);
          if (admins.filter((id) => id !== user.id).length === 0) throw conflict(TEAM_MSG.lastAdmin);
        }
        await repo.updateUser(caller.accountId, user.id, patch);
        // The ERP hears of a user enabled or disabled here, as of one the admin CLI changes.
        if (patch.disabled !== undefined && patch.disabled !== user.disabled)
          await announceUser(repo, trx, caller.accountId, user.id, 'updated');
        return repo.findUser(caller.accountId, user.id);
      });
      if (!updated) throw notFound(TEAM_MSG.userNotFound);
      if (patch.team_role !== undefined || patch.disabled !== undefined) onUserChanged(updated.id);
      return toTeamUser(updated, caller.userId);
    },

    /** Review Order: the caller's limits against the basket as priced now. */
    async getOrderLimits(caller: Caller): Promise<OrderLimits> {
      const priced = await basket.price(caller);
      const { limits, spent, check } = await limitsFor(team.base, caller, priced.totals.totalMinor);
      return {
        role: limits.role,
        currencyCode: priced.terms.currencyCode,
        orderLimit: amountOrNull(limits.orderLimitMinor),
        monthlyBudget: amountOrNull(limits.monthlyBudgetMinor),
        spentThisMonth: minorToAmount(spent),
        budgetRemaining: amountOrNull(check.budgetRemainingMinor),
        orderTotal: minorToAmount(priced.totals.totalMinor),
        needsApproval: check.needsApproval,
        reason: check.reason,
      };
    },
  };
}
