import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  question: string;
  /** While true the buttons are disabled and Confirm reads `busyLabel` (e.g. 'Copying...'). */
  busy: boolean;
  busyLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}

/** A question with Cancel and Confirm, as the copy and cancel order dialogs of spec section 2. */
export function ConfirmDialog({
  open,
  title,
  question,
  busy,
  busyLabel,
  onConfirm,
  onCancel,
  danger,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={() => !busy && onCancel()}
      title={title}
      showCloseButton={false}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : 'Confirm'}
          </Button>
        </>
      }
    >
      <p>{question}</p>
    </Modal>
  );
}
