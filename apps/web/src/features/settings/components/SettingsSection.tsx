import type { SettingsChange } from '@lawn/shared';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

const changedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Who changed a section last and when, as the section's foot says it. */
export function lastChangeText(change: SettingsChange | null): string {
  if (!change) return 'Not changed yet: the defaults apply.';
  return `Last changed ${changedAtFormat.format(new Date(change.changedAt))} by ${change.changedBy ?? 'a former user'}.`;
}

/** One section of the admin panel: its heading, its fields, and its last change. */
export function SettingsSection({
  title,
  lastChange,
  children,
}: {
  title: string;
  lastChange: SettingsChange | null;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
        <Typography variant="body2" color="text.secondary">
          {lastChangeText(lastChange)}
        </Typography>
      </Stack>
    </Paper>
  );
}
