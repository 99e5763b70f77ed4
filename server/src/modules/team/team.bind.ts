import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

/**
 * The team (account admins), spending limits and order approval. Which roles may call each route is
 * its contract entry's `access.roles`, enforced by the customer guard before the service runs.
 */
export const teamBindings = (ctx: AppContext) => {
  const team = { service: ctx.services.team };
  const approvals = { service: ctx.services.approvals };
  return bindings('team', endpoints, {
    listTeamUsers: team,
    inviteTeamUser: team,
    updateTeamUser: team,
    getOrderLimits: team,
    listApprovals: approvals,
    reviewApproval: approvals,
    approveOrder: approvals,
    declineOrder: approvals,
    withdrawOrder: approvals,
  });
};
