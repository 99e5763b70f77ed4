import { APPROVING_ROLES, ORDERING_ROLES, PAYING_ROLES, TEAM_ADMIN_ROLES } from './team-roles.js';

/**
 * The role lists by what they allow: the route table (routes.ts) gives each route one of these
 * lists, and the web app shows a link, a control or a screen only to the roles its route allows.
 * A module of its own, apart from team-roles.ts, so that the web's start-up code (which carries the
 * route table and so the lists) does not carry this map as well.
 */
export const TEAM_PERMISSIONS = {
  order: ORDERING_ROLES,
  approve: APPROVING_ROLES,
  pay: PAYING_ROLES,
  manageTeam: TEAM_ADMIN_ROLES,
} as const;
export type TeamPermission = keyof typeof TEAM_PERMISSIONS;
