import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { NavLink } from '../lib/router';
import { signOut } from '../lib/base-api';
import { cx } from '../lib/cx';
import { ORDERING_ROLES } from '@wholesale/contract';
import { may, selectIsLoggedIn, selectUser } from '../lib/session';
import { useGetSettingsQuery } from '../lib/settings-api';
import { useAppDispatch, useAppSelector } from '../lib/store-types';
import { BasketLink } from './basket-link';
import { UserIcon } from './icons';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { useNavItems } from './nav-items';

// Only approvers and account admins see the queue's link (approvals-link.tsx decides): its code and
// the team area's RTK module load after start-up, not in every buyer's initial JavaScript.
const ApprovalsLink = lazy(() => import('./approvals-link').then((m) => ({ default: m.ApprovalsLink })));

// On a phone the two links stack and the company's link usually wraps: three lines, reserved from the start.
const externalLinks =
  'flex min-h-15 flex-col items-end justify-center gap-1 text-right sm:min-h-0 sm:flex-row sm:items-center sm:gap-4';
const link =
  'rounded-md px-1 py-0.5 text-xs font-medium text-white underline-offset-4 hover:underline sm:px-2 sm:text-sm';

function LoggedOutLinks() {
  const { data: settings } = useGetSettingsQuery();
  // Until the settings arrive, invisible lines hold the links' place: on a phone they stack and make
  // the header taller, which would push the page down (a layout shift) when they appear.
  if (!settings)
    return (
      <div aria-hidden="true" className={`invisible ${externalLinks}`}>
        <span className={link}>&nbsp;</span>
        <span className={link}>&nbsp;</span>
      </div>
    );
  return (
    <nav aria-label="External" className={externalLinks}>
      <a href={settings.companySiteUrl} className={link}>
        {settings.companyName} website
      </a>
      <a href={settings.customerLoginUrl} className={link}>
        Customer Login
      </a>
    </nav>
  );
}

/**
 * Publishes the header's height as --header-height on <html>: the page's scroll-padding-top (see
 * index.css), so a control brought into view by focus or a scroll lands below the sticky header,
 * not under it.
 */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--header-height', `${el.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
  return ref;
}

/**
 * The site header. It stays at the top while the page scrolls (on a phone a long
 * list would otherwise scroll the basket out of reach).
 */
export function Header() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const navItems = useNavItems();
  const dispatch = useAppDispatch();
  const session = loggedIn && user;
  const ref = useHeaderHeight();

  return (
    <header ref={ref} className="sticky top-0 z-40 bg-brand-900 text-white shadow-sm">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <Logo />
        {session ? (
          <div className="flex items-center gap-2 sm:gap-4">
            <p className="hidden items-center gap-2 text-sm text-brand-100 md:flex">
              <UserIcon />
              <span className="sr-only">Signed in as</span>
              <span className="font-medium text-white">{user.name}</span>
            </p>
            <Suspense fallback={null}>
              <ApprovalsLink />
            </Suspense>
            {may(user, ORDERING_ROLES) && <BasketLink />}
            <div className="md:hidden">
              <MobileMenu user={user} />
            </div>
          </div>
        ) : (
          <LoggedOutLinks />
        )}
      </div>
      {session && (
        <div className="hidden bg-brand-800 md:block">
          <nav
            aria-label="Main"
            className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
          >
            <ul className="flex items-center gap-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      cx(
                        'block rounded-md px-3 py-3 text-sm font-medium text-brand-50 hover:bg-white/10 hover:text-white',
                        isActive && 'text-white underline decoration-accent-300 decoration-2 underline-offset-8',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => dispatch(signOut())}
              className="rounded-md px-3 py-2 text-sm font-medium text-brand-50 hover:bg-white/10 hover:text-white"
            >
              Log Out
            </button>
          </nav>
        </div>
      )}
    </header>
  );
}
