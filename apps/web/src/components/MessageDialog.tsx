import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

type MessageDialogProps = {
  isOpen: boolean;
  title: string;
  message: ReactNode;
  onClose: () => void;
  /** Extra actions before the close button, e.g. a link onward. */
  actions?: ReactNode;
  closeText?: string;
};

/** A notice that needs only acknowledging ('Alert', 'Success'): a title, a message and Ok. */
export function MessageDialog({ isOpen, title, message, onClose, actions, closeText = 'Ok' }: MessageDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus={!actions}>
          {closeText}
        </Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}
