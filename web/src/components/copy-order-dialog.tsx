import { MSG, ORDER_MSG, type CopyOrderMode } from '@wholesale/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useGetBasketQuery } from '../features/basket/basket-api';
import { useCopyOrderMutation } from '../features/orders/orders-api';
import { useNavigate } from '../lib/router';
import { Button } from './button';
import { Modal } from './modal';

export interface CopyOrderDialogProps {
  open: boolean;
  /** While true the buttons are disabled and the pressed one reads 'Copying...'. */
  busy: boolean;
  onCopy: (mode: CopyOrderMode) => void;
  onCancel: () => void;
}

/**
 * Copy Order's question (Open Order Enquiry, View Transaction). With an empty basket, the spec's
 * dialog: 'Do you want to clear your basket...' with Cancel and Confirm. With lines in it, the buyer
 * chooses: add the order to them, or replace them with it (the spec's copy).
 */
export function CopyOrderDialog({ open, busy, onCopy, onCancel }: CopyOrderDialogProps) {
  // The header's basket query: already loaded, so the question is right as the dialog opens.
  const { data } = useGetBasketQuery();
  const lines = data?.basketLines.filter((l) => l.additionalCharge !== 'True').length ?? 0;
  const [pressed, setPressed] = useState<CopyOrderMode>('replace');
  const copy = (mode: CopyOrderMode) => {
    setPressed(mode);
    onCopy(mode);
  };
  const label = (mode: CopyOrderMode, text: string) => (busy && pressed === mode ? MSG.copying : text);
  return (
    <Modal
      open={open}
      onClose={() => !busy && onCancel()}
      title="Copy Order"
      showCloseButton={false}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {lines > 0 ? (
            <>
              <Button variant="secondary" onClick={() => copy('add')} disabled={busy}>
                {label('add', ORDER_MSG.addToBasket)}
              </Button>
              <Button variant="primary" onClick={() => copy('replace')} disabled={busy}>
                {label('replace', ORDER_MSG.replaceBasket)}
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={() => copy('replace')} disabled={busy}>
              {label('replace', 'Confirm')}
            </Button>
          )}
        </>
      }
    >
      <p>{lines > 0 ? ORDER_MSG.copyOrderChoice(lines) : MSG.copyOrderQuestion}</p>
    </Modal>
  );
}

/**
 * Copy Order's action (Open Order Enquiry, View Transaction): copy an order into the basket with the
 * spec's toasts, then go to /basket (spec section 4). Resolves true when the copy succeeded.
 */
export function useCopyOrderToBasket() {
  const navigate = useNavigate();
  const [copyOrder, state] = useCopyOrderMutation();
  const copyToBasket = async (orderNumber: string, mode: CopyOrderMode = 'replace'): Promise<boolean> => {
    try {
      const result = await copyOrder({ orderNumber, mode }).unwrap();
      toast.success(MSG.orderCopied(result.orderNumber));
      if (result.skippedItems.length > 0) toast.warning(MSG.copySkipped(result.skippedItems));
      await navigate('/basket');
      return true;
    } catch {
      toast.error(MSG.copyOrderFailed);
      return false;
    }
  };
  return [copyToBasket, state] as const;
}
