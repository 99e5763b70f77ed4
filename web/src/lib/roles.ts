import { APPROVING_ROLES, TEAM_ADMIN_ROLES, type TeamRole, type User } from '@wholesale/contract';

/** The signed-in user's role; a session stored before roles existed is an account admin's, as the server made them. */
export const roleOf = (user: User | null | undefined): TeamRole => user?.role ?? 'admin';
const has = (roles: readonly TeamRole[], user: User | null | undefined) => roles.includes(roleOf(user));
/** What the screens offer by role; the server refuses the rest whatever a screen shows. */
export const mayApprove = (user: User | null | undefined) => has(APPROVING_ROLES, user);
export const mayManageTeam = (user: User | null | undefined) => has(TEAM_ADMIN_ROLES, user);
