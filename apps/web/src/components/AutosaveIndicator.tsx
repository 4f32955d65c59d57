import { AUTOSAVE_MESSAGES, RECORD_SAVE_MESSAGES } from '@lawn/shared';
import {
  CheckCircleOutlineOutlinedIcon as CheckCircleOutline,
  ErrorOutlineOutlinedIcon as ErrorOutline,
} from './icons';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../lib/error-message';
import type { AutosaveStatus } from '../lib/use-autosave';

/**
 * An autosave's status, or a save that waits for the person: a field someone else changed meanwhile (`conflict`), a
 * question only the person can answer (`choice`), or a field that breaks a rule and is marked (`invalid`).
 */
export type AutosaveIndicatorStatus = AutosaveStatus | 'conflict' | 'choice' | 'invalid';

type AutosaveIndicatorProps = { status: AutosaveIndicatorStatus; error?: unknown };

function wordsOf(status: AutosaveIndicatorStatus, error: unknown): string {
  if (status === 'saving') return AUTOSAVE_MESSAGES.saving;
  if (status === 'saved') return AUTOSAVE_MESSAGES.saved;
  if (status === 'conflict') return RECORD_SAVE_MESSAGES.fieldsChanged;
  if (status === 'choice') return RECORD_SAVE_MESSAGES.choosePrice;
  if (status === 'invalid') return AUTOSAVE_MESSAGES.invalid;
  if (status === 'failed')
    return error ? `${AUTOSAVE_MESSAGES.failed} ${errorMessage(error)}` : AUTOSAVE_MESSAGES.failed;
  return '';
}

/**
 * The line under an autosaved form that says whether its edits are saving, saved or failed, wait for the person's
 * choice, or cannot be saved until the marked fields are fixed. A status region, so a screen reader hears it without moving the focus.
 */
export function AutosaveIndicator({ status, error }: AutosaveIndicatorProps) {
  const isProblem = status !== 'idle' && status !== 'saving' && status !== 'saved';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 24, mt: 2 }} role="status">
      {status === 'saving' && <CircularProgress size={16} aria-hidden />}
      {status === 'saved' && <CheckCircleOutline fontSize="small" color="success" aria-hidden />}
      {isProblem && <ErrorOutline fontSize="small" color="error" aria-hidden />}
      <Typography variant="body2" color={isProblem ? 'error' : 'text.secondary'}>
        {wordsOf(status, error)}
      </Typography>
    </Stack>
  );
}
