import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { CONFIRM_DEFAULTS, type ConfirmOptions } from './confirm-context';

type ConfirmDialogProps = ConfirmOptions & {
  isOpen: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmText = CONFIRM_DEFAULTS.confirmText,
  closeText = CONFIRM_DEFAULTS.closeText,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={title ? titleId : undefined}
      aria-describedby={message ? messageId : undefined}
      maxWidth="xs"
      fullWidth
    >
      {title && <DialogTitle id={titleId}>{title}</DialogTitle>}
      {message && (
        <DialogContent>
          <DialogContentText id={messageId} component="div">
            {message}
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{closeText}</Button>
        <Button onClick={onConfirm} variant="contained" color="secondary" autoFocus>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
