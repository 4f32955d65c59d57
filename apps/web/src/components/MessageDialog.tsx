import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

type MessageDialogProps = {
  isOpen: boolean;
  title?: string;
  message?: ReactNode;
  onClose: () => void;
  /** Actions after the close button, e.g. a link onward or a confirmation; the first of them takes the focus. */
  actions?: ReactNode;
  closeText?: string;
};

/**
 * A short dialog: a title, a message, the close button and any actions. On its own it is a notice that needs only
 * acknowledging ('Alert', 'Success'); ConfirmDialog adds the button that confirms.
 */
export function MessageDialog({ isOpen, title, message, onClose, actions, closeText = 'Ok' }: MessageDialogProps) {
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
        <Button onClick={onClose} autoFocus={!actions}>
          {closeText}
        </Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}
