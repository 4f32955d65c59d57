import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { SubmitButton } from './PendingButton';

type FormDialogProps = {
  isOpen: boolean;
  title: string;
  /** What the form acts on, under the title (e.g. the week a skip is for). */
  description?: ReactNode;
  /** A refusal that belongs to no field: a warning inside the dialog, above the fields. */
  error?: string | null;
  submitLabel: string;
  /**
   * The form is being sent: both buttons wait, and the dialog does not close on Escape or a click outside, because
   * closing would hide the answer.
   */
  isPending: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  maxWidth?: 'xs' | 'sm';
  /** The fields. */
  children: ReactNode;
};

/**
 * A dialog that holds a form: title, optional description, the fields, Cancel and a submit button. The caller owns
 * the form state; mount the dialog anew for each opening (a key, or useOpeningCount) so the form starts empty.
 */
export function FormDialog({
  isOpen,
  title,
  description,
  error,
  submitLabel,
  isPending,
  onClose,
  onSubmit,
  maxWidth = 'xs',
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {description ? <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText> : null}
          {/* Without a description the first field's floating label needs room under the title. */}
          <Stack spacing={2} sx={description ? undefined : { pt: 1 }}>
            {error && <Alert severity="warning">{error}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <SubmitButton color="secondary" isPending={isPending}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
