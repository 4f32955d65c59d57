import Backdrop from '@mui/material/Backdrop';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const OVERLAY_SUCCESS_TITLE = 'Great!';

type BlockingOverlayProps = {
  isOpen: boolean;
  message?: string;
  onClose: () => void;
};

/** Spec 1 section 8: a spinner while work runs, or a 'Great!' dialog carrying the outcome. */
export function BlockingOverlay({ isOpen, message, onClose }: BlockingOverlayProps) {
  if (message) {
    return (
      <Dialog open={isOpen} onClose={onClose} aria-labelledby="blocking-overlay-title" maxWidth="xs" fullWidth>
        <DialogTitle id="blocking-overlay-title">{OVERLAY_SUCCESS_TITLE}</DialogTitle>
        <DialogContent>
          <DialogContentText>{message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} variant="contained" color="secondary" autoFocus>
            Ok
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Backdrop open={isOpen} sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#fff' })}>
      <CircularProgress color="inherit" aria-label="Working, please wait" />
    </Backdrop>
  );
}
