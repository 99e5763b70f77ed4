import { randomUUID } from 'node:crypto';
import { VIEW_AS_MAX_MINUTES } from '@wholesale/contract';
import { STAFF_MSG, type StartViewAsRequest, type ViewAsSession } from '@wholesale/contract/staff';
import type { Repos } from '../../db/repos.js';
import { HttpError, forbidden, notFound } from '../../lib/http-errors.js';
import { addSeconds, nowIso } from '../../lib/time.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AuditService } from './audit.service.js';
import { actorOf, type StaffCaller, type StaffService } from './staff.service.js';
import type { ViewAsRepository } from './view-as.repository.js';

/** A live view-as session as the customer guard sees it on each request. */
export interface ViewAsState {
  id: string;
  staffId: number;
  staffUsername: string;
  userUsername: string;
  accountId: number;
  canOrder: boolean;
}

/**
 * View as customer: a staff member (customer service or admin) opens a customer user's portal for
 * at most VIEW_AS_MAX_MINUTES, giving a reason. The start, every write and the end are audited.
 * Ordering on behalf is a per-staff flag (`can_order_on_behalf`, set by an admin) copied onto the
 * session when it starts.
 */
export function viewAsService(deps: {
  repos: Repos<ViewAsRepository>;
  auth: AuthService;
  staff: StaffService;
  audit: AuditService;
}) {
  const { auth, staff, audit } = deps;
  const repo = deps.repos.base;
  return {
    async startViewAs(caller: StaffCaller, input: StartViewAsRequest): Promise<ViewAsSession> {
      const user = await repo.findCustomerUser(input.userId);
      if (!user) throw notFound(STAFF_MSG.unknownCustomerUser);
      if (await staff.isStaffLogin(user.username, user.email)) {
        await audit.append(actorOf(caller), {
          action: 'view_as.refused_staff_login',
          targetKind: 'user',
          targetId: input.userId,
          accountId: Number(user.account_id),
        });
        throw forbidden(STAFF_MSG.cannotViewStaff);
      }
      if (user.disabled || user.account_disabled) throw new HttpError(409, STAFF_MSG.customerUserDisabled);
      const id = randomUUID();
      const startedAt = nowIso();
      const expiresAt = addSeconds(startedAt, VIEW_AS_MAX_MINUTES * 60);
      // The session and its audit row in one transaction; its token is issued once both are written
      // (a token for a session that was never recorded could not be checked anyway).
      await deps.repos.transaction(async (r, trx) => {
        await r.insert({
          id,
          staffId: caller.staffId,
          userId: Number(user.id),
          accountId: Number(user.account_id),
          reason: input.reason,
          canOrder: caller.canOrderOnBehalf,
          startedAt,
          expiresAt,
        });
        await audit.appendIn(trx, actorOf(caller), {
          action: 'view_as.started',
          targetKind: 'user',
          targetId: Number(user.id),
          accountId: Number(user.account_id),
          after: { reason: input.reason, username: user.username, expiresAt, canOrder: caller.canOrderOnBehalf },
          viewAsId: id,
        });
      });
      const accessToken = await auth.issueViewAsToken(Number(user.id), Number(user.account_id), id, expiresAt);
      return {
        id,
        accessToken,
        expiresAt,
        banner: STAFF_MSG.viewAsBanner(user.name || user.username, user.customer_number, caller.username),
        canOrder: caller.canOrderOnBehalf,
        userId: Number(user.id),
        customerNumber: user.customer_number,
      };
    },

    /** Ends a session at once (its token stops working); only its own staff member or an admin may. */
    async endViewAs(caller: StaffCaller, input: { id: string }): Promise<{ ok: true }> {
      const s = await repo.find(input.id);
      if (!s || (Number(s.staff_id) !== caller.staffId && caller.role !== 'admin'))
        throw notFound(STAFF_MSG.viewAsEnded);
      // Ended and audited together; the customer guard refuses an ended session's token at once
      // (`current`), and its refresh-token family is revoked after.
      const ended = await deps.repos.transaction(async (r, trx) => {
        if (!(await r.end(s.id, nowIso()))) return false;
        await audit.appendIn(trx, actorOf(caller), {
          action: 'view_as.ended',
          targetKind: 'user',
          targetId: Number(s.user_id),
          accountId: Number(s.account_id),
          viewAsId: s.id,
        });
        return true;
      });
      if (ended) await auth.endViewAsSession(s.id);
      return { ok: true };
    },

    /** The live session a view-as token names, or undefined once ended or expired. */
    async current(id: string): Promise<ViewAsState | undefined> {
      const s = await repo.find(id);
      if (!s || s.ended_at || s.expires_at <= nowIso()) return undefined;
      return {
        id: s.id,
        staffId: Number(s.staff_id),
        staffUsername: s.staff_username,
        userUsername: s.user_username,
        accountId: Number(s.account_id),
        canOrder: !!s.can_order,
      };
    },

    /** The customer's tab ended the session itself (its logout): as the staff member's End. */
    async endFromCustomerTab(state: ViewAsState, address: string): Promise<void> {
      const s = await repo.find(state.id);
      if (!s) return;
      const ended = await deps.repos.transaction(async (r, trx) => {
        if (!(await r.end(state.id, nowIso()))) return false;
        await audit.appendIn(
          trx,
          { staffId: state.staffId, username: state.staffUsername, address },
          {
            action: 'view_as.ended',
            targetKind: 'user',
            targetId: Number(s.user_id),
            accountId: state.accountId,
            viewAsId: state.id,
          },
        );
        return true;
      });
      if (ended) await auth.endViewAsSession(state.id);
    },

    /** An order placed while viewing as records who placed it for whom. */
    async markPlacedOnBehalf(state: ViewAsState, orderNumber: string): Promise<string> {
      const note = STAFF_MSG.placedOnBehalf(state.staffUsername, state.userUsername);
      await repo.markPlacedOnBehalf(orderNumber, state.accountId, state.staffId, note);
      return note;
    },

    /** Records a write made (or refused) while viewing as. */
    async recordWrite(
      state: ViewAsState,
      address: string,
      write: { endpoint: string; method: string; url: string; status: number; refused?: string; after?: unknown },
    ): Promise<void> {
      await audit.append(
        { staffId: state.staffId, username: state.staffUsername, address },
        {
          action: write.refused ? 'view_as.write_refused' : 'view_as.write',
          targetKind: 'endpoint',
          targetId: write.endpoint,
          accountId: state.accountId,
          after: {
            method: write.method,
            url: write.url,
            status: write.status,
            ...(write.refused ? { refused: write.refused } : {}),
            ...(write.after ? { result: write.after } : {}),
          },
          viewAsId: state.id,
        },
      );
    },
  };
}
export type ViewAsService = ReturnType<typeof viewAsService>;
