import { TEAM_MSG, APPROVING_ROLES } from '@wholesale/contract';
import { NavLink } from '../lib/router';
import { useListApprovalsQuery } from '../features/team/team-api';
import { cx } from '../lib/cx';
import { may, selectUser } from '../lib/session';
import { useAppSelector } from '../lib/store-types';

/** "Approvals, 2 awaiting": the accessible name of the header's link to the queue. */
export const approvalsLinkName = (n: number) => `${TEAM_MSG.approvalsLink}, ${n} awaiting`;

/**
 * The header's link to the approvals queue with its count, for approvers and account admins only
 * (decided here, so the roles' list stays out of every buyer's start-up code). No count is shown
 * while it loads or when the queue is empty.
 */
export function ApprovalsLink() {
  const user = useAppSelector(selectUser);
  return may(user, APPROVING_ROLES) ? <QueueLink /> : null;
}

function QueueLink() {
  const { data } = useListApprovalsQuery();
  const count = data?.approvals.length ?? 0;
  return (
    <NavLink
      to="/approvals"
      end
      className={({ isActive }) =>
        cx(
          'relative inline-flex items-center gap-2 rounded-md text-sm font-medium',
          'p-2 text-white hover:bg-white/10 sm:px-2 sm:py-1.5',
          isActive && 'underline decoration-2 underline-offset-8',
        )
      }
    >
      {/* Named by its text: "Approvals" shown, ", N awaiting" read (the badge shows the number). */}
      {/* A phone's header has room for the icon and the count; the word shows from sm up. */}
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5 sm:hidden">
        <path d="M7 2a1 1 0 0 0-1 1H5a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2h-1a1 1 0 0 0-1-1H7Zm0 2h6v1H7V4Zm6.7 5.7-4 4a1 1 0 0 1-1.4 0l-2-2 1.4-1.4 1.3 1.3 3.3-3.3 1.4 1.4Z" />
      </svg>
      <span className="max-sm:sr-only">
        {TEAM_MSG.approvalsLink}
        <span className="sr-only">{approvalsLinkName(count).slice(TEAM_MSG.approvalsLink.length)}</span>
      </span>
      {count > 0 && (
        // On a phone the count sits on the icon's corner, as the basket's marker does.
        <span
          aria-hidden="true"
          data-testid="approvals-count"
          className="flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-accent-300 px-1 text-[11px] font-bold text-brand-900 max-sm:absolute max-sm:top-0 max-sm:right-0 sm:h-5 sm:min-w-5 sm:px-1.5 sm:text-xs"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
