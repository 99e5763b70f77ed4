// The team area's schemas that no start-up code needs, loaded with the first answer that needs them
// (team-api.ts, lib/lazy-schema.ts): the Team and Approvals screens and Review Order's limits.
export {
  approvalOutcome,
  listTeamUsersResponse,
  orderLimits,
  reviewApprovalResponse,
  teamUser,
} from '@wholesale/contract';
