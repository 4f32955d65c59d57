import { RECORD_SAVE_MESSAGES, type FieldConflict as Conflict } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type FieldConflictProps = {
  /** The field's label, which names the group for a screen reader. */
  label: string;
  /** The person's value, as the field shows it. */
  yours: string;
  conflict: Conflict;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
};

/**
 * Shown at a field someone else changed while the person was changing it: both values, who saved theirs, and the
 * person's choice. Keep mine saves the person's value over theirs; Take theirs shows theirs in the field.
 */
export function FieldConflict({ label, yours, conflict, onKeepMine, onTakeTheirs }: FieldConflictProps) {
  return (
    <Alert severity="warning" role="group" aria-label={`${label}: ${RECORD_SAVE_MESSAGES.fieldChanged}`} sx={{ mt: 1 }}>
      <Typography variant="body2">{RECORD_SAVE_MESSAGES.fieldChanged}.</Typography>
      <Typography variant="body2">
        <strong>Yours:</strong> {yours}
      </Typography>
      <Typography variant="body2">
        <strong>Saved by {conflict.by ?? 'someone else'}:</strong> {conflict.text}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" color="inherit" onClick={onKeepMine}>
          Keep mine
        </Button>
        <Button size="small" variant="outlined" color="inherit" onClick={onTakeTheirs}>
          Take theirs
        </Button>
      </Stack>
    </Alert>
  );
}
