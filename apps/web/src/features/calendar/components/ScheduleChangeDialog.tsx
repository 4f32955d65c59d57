import type { CalendarWeek } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { SubmitButton } from '../../../components/PendingButton';
import { formatPlainDate } from '../../../lib/dates';

type ScheduleChangeDialogProps = {
  isOpen: boolean;
  isSaving: boolean;
  title: string;
  /** The week changed, shown under the title (absent when editing a note, whose title names its week). */
  week?: CalendarWeek;
  /** A refusal that belongs to no field (spec 2 section 8: a warning alert inside the dialog). */
  serverError: string | null;
  submitLabel: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
};

/** The frame the Skip, Write in, Redo and note-edit modals share: week heading, fields, error, Cancel and Save. */
export function ScheduleChangeDialog({
  isOpen,
  isSaving,
  title,
  week,
  serverError,
  submitLabel,
  onClose,
  onSubmit,
  children,
}: ScheduleChangeDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      // Closing mid-save would hide the answer; the person waits for it instead.
      onClose={isSaving ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {week ? (
            <DialogContentText sx={{ mb: 2 }}>
              Week {week.week}: {formatPlainDate(week.start)} to {formatPlainDate(week.end)}
            </DialogContentText>
          ) : null}
          <Stack spacing={2} sx={week ? undefined : { pt: 1 }}>
            {serverError && <Alert severity="warning">{serverError}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <SubmitButton color="secondary" isPending={isSaving}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
