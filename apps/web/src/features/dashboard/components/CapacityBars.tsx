import { CAPACITY_WARNING_PERCENT, isCapacityWarning, type CapacityDay } from '@lawn/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dayLabel } from '../day-label';

/** What a day's bar says in words: its scheduled mows against its max mows. */
function capacityText(day: CapacityDay): string {
  if (day.capacity === null) return `${day.schedule} scheduled, no limit set`;
  return `${day.schedule} of ${day.capacity} mows scheduled (${day.progress ?? 0}%)`;
}

/**
 * Mowing capacity: a bar per day of the mows scheduled against the day's max mows. A day at or above the warning share
 * is red and says so in words too, so the warning never rests on colour alone.
 */
export function CapacityBars({ days }: { days: CapacityDay[] }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          Mowing capacity
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {days.map((day) => {
            const isWarning = isCapacityWarning(day.schedule, day.capacity);
            const label = dayLabel(day.date);
            const text = capacityText(day);
            return (
              <li key={day.date}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {label}
                  </Typography>
                  <Typography variant="body2" color={isWarning ? 'error' : 'text.secondary'}>
                    {text}
                    {isWarning && ` · ${CAPACITY_WARNING_PERCENT}% or more booked`}
                  </Typography>
                </Stack>
                {day.capacity !== null && (
                  <LinearProgress
                    variant="determinate"
                    value={day.progress ?? 0}
                    color={isWarning ? 'error' : 'secondary'}
                    aria-label={`${label}: ${text}`}
                    data-warning={isWarning}
                    sx={{ height: 8, borderRadius: 1, mt: 0.5 }}
                  />
                )}
              </li>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}
