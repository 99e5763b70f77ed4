import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';

/**
 * Team accounts: the team (account admins), spending limits and order approval. Which roles may
 * call each route is its contract entry's `access.roles`, enforced by the customer guard.
 */
export const teamRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { team, approvals } = ctx.services;
  route(app, endpoints.listTeamUsers, (req) => team.listTeamUsers(req.auth));
  route(app, endpoints.inviteTeamUser, async (req, reply) => {
    const user = await team.inviteTeamUser(req.auth, req.body);
    return reply.status(201).send(user);
  });
  route(app, endpoints.updateTeamUser, (req) => team.updateTeamUser(req.auth, { ...req.body, ...req.params }));
  route(app, endpoints.getOrderLimits, (req) => team.getOrderLimits(req.auth));
  route(app, endpoints.listApprovals, (req) => approvals.listApprovals(req.auth));
  route(app, endpoints.reviewApproval, (req) => approvals.reviewApproval(req.auth, req.params));
  route(app, endpoints.approveOrder, (req) => approvals.approveOrder(req.auth, { ...req.body, ...req.params }));
  route(app, endpoints.declineOrder, (req) => approvals.declineOrder(req.auth, { ...req.body, ...req.params }));
  route(app, endpoints.withdrawOrder, (req) => approvals.withdrawOrder(req.auth, req.params));
};
