import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { dialogOpen, focusElement, screenHeading } from '../lib/focus';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom right, before the Close button. */
  actions?: ReactNode;
  /** Set false for dialogs whose own actions close them (Cancel / Confirm). */
  showCloseButton?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

/**
 * When the dialog closes, focus goes back to the control that opened it (what had focus when it
 * opened), or, when that is gone or disabled (the order-placed dialog opens after the Place Order
 * button has left with its screen), to the screen's heading: never to <body>. Headless UI's own
 * restore picks the last focused element still on the page, which can be an unrelated one.
 */
function useReturnFocus(open: boolean) {
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      // After the dialog has gone and the library has restored focus its own way.
      requestAnimationFrame(() => {
        if (dialogOpen()) return;
        if (opener?.isConnected && !opener.matches(':disabled')) {
          if (document.activeElement !== opener) opener.focus();
          return;
        }
        const heading = screenHeading();
        if (heading) focusElement(heading);
      });
    };
  }, [open]);
}

/**
 * A titled dialog: focus is trapped inside, Escape and a click outside close it, the page behind
 * does not scroll while it is open (Headless UI Dialog), and focus returns to its opener on close.
 */
export function Modal({ open, onClose, title, children, actions, showCloseButton = true, size = 'md' }: ModalProps) {
  useReturnFocus(open);
  // The root is fixed and full-size so the dialog element itself has a box (tools see it as visible).
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className={cx('w-full rounded-xl bg-white shadow-xl', widths[size])}>
            <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
              <DialogTitle className="text-lg font-semibold text-brand-900">{title}</DialogTitle>
            </div>
            <div className="px-5 py-4 text-slate-800">{children}</div>
            {(actions || showCloseButton) && (
              <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-3">
                {actions}
                {showCloseButton && (
                  <button
                    type="button"
                    onClick={onClose}
                    className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
                  >
                    Close
                  </button>
                )}
              </div>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
