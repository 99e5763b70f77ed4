import { TEAM_MSG } from '@wholesale/contract';
import { NavLink } from '../lib/router';
import { useListApprovalsQuery } from '../lib/approvals-api';
import { cx } from '../lib/cx';

/** "Approvals, 2 awaiting": the accessible name of the header's link to the queue. */
export const approvalsLinkName = (n: number) => `${TEAM_MSG.approvalsLink}, ${n} awaiting`;

/**
 * The header's link to the approvals queue with its count (approvers and account admins only; the
 * caller renders it for them). No count is shown while it loads or when the queue is empty.
 */
export function ApprovalsLink({ onNavigate, withText = false }: { onNavigate?: () => void; withText?: boolean }) {
  const { data } = useListApprovalsQuery();
  const count = data?.approvals.length ?? 0;
  return (
    <NavLink
      to="/approvals"
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        cx(
          'inline-flex items-center gap-2 rounded-md text-sm font-medium',
          withText ? 'w-full px-3 py-2.5 text-slate-900 hover:bg-slate-100' : 'px-2 py-1.5 text-white hover:bg-white/10',
          isActive && 'underline decoration-2 underline-offset-8',
        )
      }
    >
      {/* Named by its text: "Approvals" shown, ", N awaiting" read (the badge shows the number). */}
      <span>
        {TEAM_MSG.approvalsLink}
        <span className="sr-only">{approvalsLinkName(count).slice(TEAM_MSG.approvalsLink.length)}</span>
      </span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="approvals-count"
          className="flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-300 px-1.5 text-xs font-bold text-brand-900"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
