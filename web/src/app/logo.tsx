import { Link } from '../lib/router';

/** Our own mark: stacked slats of a blind in a rounded square, with the portal name. */
export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-3 rounded-md text-white">
      <svg viewBox="0 0 40 40" className="size-9 shrink-0" aria-hidden="true">
        <rect width="40" height="40" rx="8" fill="#145365" />
        <rect x="8" y="10" width="24" height="4" rx="1" fill="#5eead4" />
        <rect x="10" y="17" width="20" height="4" rx="1" fill="#99f6e4" />
        <rect x="12" y="24" width="16" height="4" rx="1" fill="#ccfbf1" />
        <rect x="19" y="6" width="2" height="4" fill="#ccfbf1" />
      </svg>
      <span className="leading-tight">
        <span className="block whitespace-nowrap text-lg font-bold tracking-tight">Wholesale Portal</span>
        <span className="hidden text-xs font-medium uppercase tracking-widest text-accent-300 sm:block">
          Trade ordering
        </span>
      </span>
    </Link>
  );
}
