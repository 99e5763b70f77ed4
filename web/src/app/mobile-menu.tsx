import type { User } from '@wholesale/contract';
import { lazy, Suspense, useState } from 'react';
import { importWhenConnected } from '../lib/connection';
import { MenuIcon } from './icons';

// Offline, the panel opens once the connection is back rather than failing.
const loadPanel = () => importWhenConnected(() => import('./mobile-menu-panel'));
const MobileMenuPanel = lazy(async () => ({ default: (await loadPanel()).MobileMenuPanel }));

/**
 * Below md: a slide-out menu with the four links, Log Out and the basket. It shows the real
 * user's name and job title and signs out for real (the original's sample text did nothing;
 * recorded in docs/spec-deviations.md). The panel (Headless UI's Dialog) is loaded on first use;
 * pointing at or focusing the button starts that load early.
 */
export function MobileMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const preload = () => void loadPanel();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        aria-label="Open menu"
        aria-expanded={open}
        className="rounded-md p-2 text-white hover:bg-white/10"
      >
        <MenuIcon />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuPanel user={user} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
