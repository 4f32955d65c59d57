import { SEASON_WEEK_COLORS, SEASON_WEEK_LABELS, SEASON_WEEK_TYPES } from '@lawn/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CURRENT_WEEK_OUTLINE, PENDING_OUTLINE } from './week-marks';

function LegendItem({ label, swatch }: { label: string; swatch: object }) {
  return (
    <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box aria-hidden sx={{ width: 18, height: 18, borderRadius: 0.5, flexShrink: 0, ...swatch }} />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}

/** The four week colours of the mow year and the two marks the grid adds. */
export function SeasonLegend() {
  return (
    <Stack
      component="ul"
      aria-label="Legend"
      direction="row"
      sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1, listStyle: 'none', m: 0, p: 0 }}
    >
      {SEASON_WEEK_TYPES.map((type) => (
        <LegendItem
          key={type}
          label={SEASON_WEEK_LABELS[type]}
          swatch={{ bgcolor: SEASON_WEEK_COLORS[type], border: 1, borderColor: 'divider' }}
        />
      ))}
      <LegendItem label="Current week" swatch={{ outline: CURRENT_WEEK_OUTLINE, outlineOffset: -3 }} />
      <LegendItem label="Pending update" swatch={{ outline: PENDING_OUTLINE, outlineOffset: -3 }} />
    </Stack>
  );
}
