import { SEASON_WEEK_LABELS, type SeasonWeekUpdate } from '@lawn/shared';
import { CloseIcon as Close } from '../../../components/icons';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

type PendingUpdatesProps = {
  updates: readonly SeasonWeekUpdate[];
  isDisabled: boolean;
  onRemove: (index: number) => void;
  onClear: () => void;
};

/** The choices made since the last Process, in the order they will be applied. */
export function PendingUpdates({ updates, isDisabled, onRemove, onClear }: PendingUpdatesProps) {
  const headingId = useId();
  if (updates.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No pending updates: choose a week to change its type, or Process to plan the year as it is.
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h2" sx={{ flexGrow: 1 }}>
          Pending updates ({updates.length})
        </Typography>
        <Button size="small" color="inherit" onClick={onClear} disabled={isDisabled}>
          Clear all
        </Button>
      </Stack>
      <Stack
        component="ol"
        aria-labelledby={headingId}
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
      >
        {updates.map((update, index) => {
          const text = `Week ${update.week} to ${SEASON_WEEK_LABELS[update.type]}`;
          return (
            <li key={`${index}-${update.week}-${update.type}`}>
              <Stack
                direction="row"
                sx={{ alignItems: 'center', pl: 1.5, border: 1, borderColor: 'divider', borderRadius: 4 }}
              >
                <Typography variant="body2">{text}</Typography>
                <IconButton
                  size="small"
                  aria-label={`Remove ${text}`}
                  onClick={() => onRemove(index)}
                  disabled={isDisabled}
                >
                  <Close fontSize="small" />
                </IconButton>
              </Stack>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
