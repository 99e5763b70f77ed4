import { INVOICE_PAY_MSG, MSG } from '@wholesale/contract';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { useGetSettingsQuery } from '../../lib/settings-api';

/**
 * How the hosted payment page sent the customer back: ?confirminvoice=success|failure (the spec's),
 * with payment=declined or payment=cancelled on a failure and invoices=N after a
 * payment of more than one invoice.
 */
export type PaymentOutcome =
  { kind: 'success'; invoices: number } | { kind: 'declined' } | { kind: 'cancelled' } | { kind: 'failure' };

/** Reads the return parameters; null when there is no result to show. */
export function paymentOutcomeOf(params: URLSearchParams): PaymentOutcome | null {
  const confirm = params.get('confirminvoice');
  if (confirm === 'success') return { kind: 'success', invoices: Number(params.get('invoices')) || 1 };
  if (confirm !== 'failure') return null;
  const why = params.get('payment');
  return why === 'declined' || why === 'cancelled' ? { kind: why } : { kind: 'failure' };
}

/** The payment's outcome after the hosted page, once. A declined or cancelled payment offers Pay again. */
export function ResultDialog({
  outcome,
  onClose,
  onPayAgain,
}: {
  outcome: PaymentOutcome | null;
  onClose: () => void;
  onPayAgain?: () => void;
}) {
  const { data: settings } = useGetSettingsQuery();
  const email = settings?.supportEmail ?? 'customer services';
  const retry = outcome?.kind === 'declined' || outcome?.kind === 'cancelled';
  const title =
    outcome?.kind === 'success'
      ? MSG.thankYou
      : outcome?.kind === 'declined'
        ? INVOICE_PAY_MSG.declinedTitle
        : outcome?.kind === 'cancelled'
          ? INVOICE_PAY_MSG.cancelledTitle
          : 'Payment Unsuccessful';
  let text = '';
  if (outcome?.kind === 'success')
    text = outcome.invoices > 1 ? INVOICE_PAY_MSG.invoicesPaid(outcome.invoices) : MSG.invoicePaid;
  else if (outcome?.kind === 'declined') text = INVOICE_PAY_MSG.declined;
  else if (outcome?.kind === 'cancelled') text = INVOICE_PAY_MSG.cancelled;
  else if (outcome) text = MSG.paymentFailed(email);
  return (
    <Modal
      open={outcome !== null}
      onClose={onClose}
      title={title}
      size="sm"
      actions={retry && onPayAgain ? <Button onClick={onPayAgain}>{INVOICE_PAY_MSG.payAgain}</Button> : undefined}
    >
      <p>{text}</p>
    </Modal>
  );
}
