import { LIABILITY_QUESTIONS, NEW_CUSTOMER_MESSAGES, type LiabilityQuestion } from '@lawn/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type LiabilityDialogProps = { question: LiabilityQuestion | null; onAccept: () => void; onDecline: () => void };

/**
 * The consent a Yes to a liability question asks for, one per question; declining cancels the application ('the
 * information will be lost'). It closes only by its two buttons: Escape or a click beside it must neither accept a
 * release nor throw the application away.
 */
export function LiabilityDialog({ question, onAccept, onDecline }: LiabilityDialogProps) {
  return (
    <Dialog open={question !== null} aria-labelledby="liability-title">
      <DialogTitle id="liability-title">Release of liability</DialogTitle>
      <DialogContent>
        <DialogContentText>{question ? LIABILITY_QUESTIONS[question] : ''}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{NEW_CUSTOMER_MESSAGES.liabilityRefused}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>
          Declining cancels the application: {NEW_CUSTOMER_MESSAGES.liabilityCancelled}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDecline}>Decline</Button>
        <Button onClick={onAccept} variant="contained">
          Accept liability
        </Button>
      </DialogActions>
    </Dialog>
  );
}
