import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { ORDERING_ROLES, type User } from '@wholesale/contract';
import { NavLink } from '../lib/router';
import { signOut } from '../lib/base-api';
import { cx } from '../lib/cx';
import { may } from '../lib/session';
import { useAppDispatch } from '../lib/store-types';
import { BasketLink } from './basket-link';
import { CloseIcon, UserIcon } from './icons';
import { useNavItems } from './nav-items';

/**
 * The mobile menu's slide-out panel (see mobile-menu.tsx). Its own chunk, loaded on the first
 * tap of the menu button, so Headless UI is not part of the initial JS.
 */
export function MobileMenuPanel({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navItems = useNavItems();
  const close = onClose;
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50 md:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          className="flex h-full w-full max-w-xs flex-col bg-white shadow-xl transition duration-200 ease-out data-closed:translate-x-full"
        >
          <div className="on-dark flex items-center justify-between border-b border-slate-200 bg-brand-900 px-4 py-4 text-white">
            <DialogTitle className="text-base font-semibold">Menu</DialogTitle>
            <button type="button" onClick={close} aria-label="Close menu" className="rounded-md p-1 hover:bg-white/10">
              <CloseIcon />
            </button>
          </div>
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-4">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <UserIcon />
            </span>
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{user.name}</p>
              {user.jobTitle && <p className="truncate text-sm text-slate-600">{user.jobTitle}</p>}
            </div>
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-2 py-3">
            <ul className="space-y-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    onClick={close}
                    className={({ isActive }) =>
                      cx(
                        'block rounded-md px-3 py-2.5 font-medium text-slate-900 hover:bg-slate-100',
                        isActive && 'bg-brand-50 text-brand-800 underline decoration-2 underline-offset-4',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
              {may(user, ORDERING_ROLES) && (
                <li>
                  <BasketLink withText onNavigate={close} />
                </li>
              )}
              <li>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    dispatch(signOut());
                  }}
                  className="block w-full rounded-md px-3 py-2.5 text-left font-medium text-red-700 hover:bg-red-50"
                >
                  Log Out
                </button>
              </li>
            </ul>
          </nav>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
