import { MSG } from '@wholesale/contract';
import { Modal } from '../../components/modal';
import { useGetSettingsQuery } from '../../lib/settings-api';

/** How the hosted payment page sent the customer back (?confirminvoice=success|failure). */
export type PaymentOutcome = 'success' | 'failure';

/** The payment's outcome after the hosted page, once. */
export function ResultDialog({ outcome, onClose }: { outcome: PaymentOutcome | null; onClose: () => void }) {
  const { data: settings } = useGetSettingsQuery();
  const email = settings?.supportEmail ?? 'customer services';
  return (
    <Modal
      open={outcome !== null}
      onClose={onClose}
      title={outcome === 'success' ? MSG.thankYou : 'Payment Unsuccessful'}
      size="sm"
    >
      {outcome === 'success' ? <p>{MSG.invoicePaid}</p> : <p>{MSG.paymentFailed(email)}</p>}
    </Modal>
  );
}
