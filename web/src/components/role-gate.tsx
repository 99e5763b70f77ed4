import { TEAM_MSG, TEAM_PERMISSIONS, type TeamPermission } from '@wholesale/contract';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { may, roleOf, selectUser } from '../lib/session';
import { useAppSelector } from '../lib/store-types';
import { PageHeading } from './page-heading';

/**
 * A screen only some team roles may use (`needs`, the contract's role lists that its routes
 * have): its content, or, for any other role (reached by its address: a bookmark, a colleague's
 * link), a page saying the role does not allow it, instead of the screen and the server's 403s.
 * The screens' own chunks carry it, not the start-up code.
 */
export function RoleGate({ needs, children }: { needs: TeamPermission; children: ReactNode }) {
  const user = useAppSelector(selectUser);
  if (may(user, TEAM_PERMISSIONS[needs])) return children;
  return (
    <div>
      <PageHeading title={TEAM_MSG.screenNotAllowedHeading} />
      <p className="max-w-2xl text-slate-700">
        {TEAM_MSG.screenNotAllowed(roleOf(user), needs, TEAM_PERMISSIONS[needs])}
      </p>
      <p className="mt-4">
        <Link to="/" className="font-medium text-brand-700 underline">
          {TEAM_MSG.screenNotAllowedHome}
        </Link>
      </p>
    </div>
  );
}
