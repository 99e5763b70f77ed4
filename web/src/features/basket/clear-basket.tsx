import { BASKET_MSG } from '@wholesale/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useClearBasketMutation, useUndoClearBasketMutation } from './basket-api';

/** Clear basket: asks first, then empties the basket in one call. */
export function ClearBasketButton({ lines, onCleared }: { lines: number; onCleared: (lines: number) => void }) {
  const [open, setOpen] = useState(false);
  const [clear, { isLoading }] = useClearBasketMutation();
  const confirm = async () => {
    try {
      await clear().unwrap();
      setOpen(false);
      onCleared(lines);
    } catch {
      setOpen(false);
      toast.error(BASKET_MSG.clearBasketFailed, { toastId: 'clear-basket-failed' });
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {BASKET_MSG.clearBasket}
      </Button>
      <ConfirmDialog
        open={open}
        title={BASKET_MSG.clearBasketTitle}
        question={BASKET_MSG.clearBasketQuestion(lines)}
        busy={isLoading}
        busyLabel={BASKET_MSG.clearing}
        confirmLabel={BASKET_MSG.clearBasket}
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

/**
 * What a clear removed, with Undo: on the page rather than in a toast that closes by itself, so a
 * buyer at any pace (or on a keyboard) can reach it. Focus moves to Undo, as the button pressed is gone.
 */
export function ClearedNotice({ lines, onDone }: { lines: number; onDone: () => void }) {
  const [undo, { isLoading }] = useUndoClearBasketMutation();
  const [gone, setGone] = useState(false);
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // After the closing dialog has put focus back its way (its opener, Clear basket, has gone).
    const frame = requestAnimationFrame(() => undoButton.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const putBack = async () => {
    try {
      await undo().unwrap();
      onDone();
      toast.success(BASKET_MSG.basketRestored);
    } catch (e) {
      if ((e as { status?: unknown }).status === 409) setGone(true);
      else toast.error(BASKET_MSG.undoClearFailed, { toastId: 'undo-clear-failed' });
    }
  };
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      <p className="text-slate-800">{gone ? BASKET_MSG.cannotUndoClear : BASKET_MSG.basketCleared(lines)}</p>
      {!gone && (
        <Button ref={undoButton} variant="secondary" onClick={() => void putBack()} disabled={isLoading}>
          {BASKET_MSG.undo}
        </Button>
      )}
    </div>
  );
}
