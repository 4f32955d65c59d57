import { SEASON_WEEK_COLORS, SEASON_WEEK_LABELS, SEASON_WEEK_TYPES, SERVICE_COLORS } from '@lawn/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const SERVICE_ENTRIES = [
  { label: 'Service', color: SERVICE_COLORS.service },
  { label: 'Skip', color: SERVICE_COLORS.skip },
  { label: 'Write in', color: SERVICE_COLORS.write },
  { label: 'Redo', color: SERVICE_COLORS.redo },
] as const;

function Swatch({ label, color }: { label: string; color: string }) {
  return (
    <Stack component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 14, height: 8, borderRadius: 4, bgcolor: color, border: 1, borderColor: 'rgba(0,0,0,0.15)' }} />
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}

/** What the bar colours mean: the property's services first, then the season's week types. */
export function CalendarLegend() {
  return (
    <Stack
      component="ul"
      aria-label="Legend"
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
    >
      {SERVICE_ENTRIES.map((entry) => (
        <Swatch key={entry.label} {...entry} />
      ))}
      {SEASON_WEEK_TYPES.map((type) => (
        <Swatch key={type} label={SEASON_WEEK_LABELS[type]} color={SEASON_WEEK_COLORS[type]} />
      ))}
      <Stack component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 14, height: 10, borderRadius: 0.5, border: 2, borderColor: SERVICE_COLORS.current }} />
        <Typography variant="caption">Current week</Typography>
      </Stack>
    </Stack>
  );
}
