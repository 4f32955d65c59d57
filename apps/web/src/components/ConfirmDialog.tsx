import Button from '@mui/material/Button';
import { CONFIRM_DEFAULTS, type ConfirmOptions } from './confirm-context';
import { MessageDialog } from './MessageDialog';

type ConfirmDialogProps = ConfirmOptions & {
  isOpen: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The shared confirmation: the close button, then the confirming one, which takes the focus. */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmText = CONFIRM_DEFAULTS.confirmText,
  closeText = CONFIRM_DEFAULTS.closeText,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <MessageDialog
      isOpen={isOpen}
      title={title}
      message={message}
      onClose={onClose}
      closeText={closeText}
      actions={
        <Button onClick={onConfirm} variant="contained" color="secondary" autoFocus>
          {confirmText}
        </Button>
      }
    />
  );
}
