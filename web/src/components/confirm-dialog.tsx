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
  /** The buttons' words, default 'Cancel' and 'Confirm'; say what each does where 'Cancel' could mislead. */
  cancelLabel?: string;
  confirmLabel?: string;
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
  cancelLabel = 'Cancel',
  confirmLabel = 'Confirm',
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
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <p>{question}</p>
    </Modal>
  );
}
