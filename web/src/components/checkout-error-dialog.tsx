import { MSG } from '@wholesale/contract';
import { Modal } from './modal';

/**
 * The checkout error dialog (spec sections 4 and 8): when placing an order fails, checkout goes to
 * /basket with this in the navigation state and the basket screen opens the dialog.
 */
export type CheckoutErrorKind = 'failed' | 'updated';
export interface CheckoutError {
  kind: CheckoutErrorKind;
  /** The server's explanation when it gave one worth showing (e.g. the account is on stop). */
  detail?: string;
}
export interface CheckoutErrorState {
  checkoutError: CheckoutError;
}

export function checkoutErrorState(kind: CheckoutErrorKind, detail?: string): CheckoutErrorState {
  return { checkoutError: detail ? { kind, detail } : { kind } };
}

export function readCheckoutError(state: unknown): CheckoutError | null {
  const e = (state as Partial<CheckoutErrorState> | null | undefined)?.checkoutError;
  if (!e || (e.kind !== 'failed' && e.kind !== 'updated')) return null;
  return typeof e.detail === 'string' && e.detail ? { kind: e.kind, detail: e.detail } : { kind: e.kind };
}

export function CheckoutErrorDialog({ error, onClose }: { error: CheckoutError | null; onClose: () => void }) {
  return (
    <Modal open={error !== null} onClose={onClose} title={MSG.checkoutIssueTitle} size="sm">
      {error && (
        <div className="space-y-2">
          <p className="font-medium">
            {error.kind === 'updated' ? MSG.basketUpdatedDuringCheckout : MSG.orderCannotBeProcessed}
          </p>
          {error.detail && <p className="text-sm text-slate-700">{error.detail}</p>}
        </div>
      )}
    </Modal>
  );
}
