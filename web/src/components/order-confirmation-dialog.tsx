import { MSG } from '@wholesale/contract';
import { useEffect, useState } from 'react';
import { useGetOrderConfirmationQuery } from '../features/checkout/checkout-api';
import { useSearchParams } from '../lib/router';
import { useGetSettingsQuery } from '../lib/settings-api';
import { Modal } from './modal';
import { Spinner } from './spinner';

export const CONFIRM_ORDER_PARAM = 'confirmorder';

/**
 * The order-placed dialog (spec sections 2, 4 and 8). Mounted on /open-orders: it opens when the
 * URL carries ?confirmorder=success (after Place Order, or back from a paid proforma order), removes
 * the parameter, shows 'We are processing your order' while it fetches the confirmation, then the
 * placed text, or the failure text with the support email.
 */
export function OrderConfirmationDialog() {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const requested = params.get(CONFIRM_ORDER_PARAM) === 'success';

  // Opening follows the URL (state adjusted while rendering); the effect then tidies the URL.
  if (requested && !open) setOpen(true);
  useEffect(() => {
    if (!requested) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(CONFIRM_ORDER_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requested, setParams]);

  const confirmation = useGetOrderConfirmationQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const { data: settings } = useGetSettingsQuery();
  const email = settings?.supportEmail ?? '';

  let body;
  if (confirmation.isError) {
    body = <p role="alert">{MSG.orderFailed(email)}</p>;
  } else if (confirmation.data && !confirmation.isFetching) {
    body = (
      <div className="space-y-2" role="status">
        <p className="text-lg font-semibold text-emerald-800">{MSG.orderPlaced}</p>
        <p>{MSG.checkOpenOrders}</p>
        <p className="text-sm text-slate-700">
          Order number <span className="font-semibold">{confirmation.data.orderNumber}</span>
          {confirmation.data.reference && (
            <>
              {' '}
              (purchase order <span className="font-semibold">{confirmation.data.reference}</span>)
            </>
          )}
        </p>
      </div>
    );
  } else {
    body = (
      <p className="flex items-center gap-3" role="status">
        <Spinner decorative size="sm" />
        {MSG.processingOrder}
      </p>
    );
  }

  return (
    <Modal open={open} onClose={() => setOpen(false)} title="Order confirmation" size="sm">
      {body}
    </Modal>
  );
}
