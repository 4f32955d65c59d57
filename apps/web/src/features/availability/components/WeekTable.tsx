import { formatUsDate, type AvailabilityDay, type AvailabilityWeek } from '@lawn/shared';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

type WeekTableProps = {
  week: AvailabilityWeek;
  /** Null: the person may only read the week. */
  onEdit: ((week: AvailabilityWeek) => void) | null;
};

/** What the Lock column says of a day. */
function lockOf(day: AvailabilityDay): string {
  if (day.lock === 0) return '';
  if (day.lockDayHourly === '1')
    return `${day.lockStartHour ?? ''}–${day.lockEndHour ?? ''} ${day.timeZone ?? ''}`.trim();
  return 'All day';
}

/**
 * One week of a market: Monday to Friday with their max mows (blank: no limit) and the mows scheduled, Saturday and
 * Sunday as placeholders with 0, and Edit for whoever may change it.
 */
export function WeekTable({ week, onEdit }: WeekTableProps) {
  const titleId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={titleId} component="h2" variant="h6">
          Week {week.week}: {formatUsDate(week.start)} to {formatUsDate(week.end)}
        </Typography>
        {onEdit && (
          <Button variant="outlined" onClick={() => onEdit(week)} aria-label={`Edit week ${week.week}`}>
            Edit
          </Button>
        )}
      </Stack>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell align="right">Max mows</TableCell>
            <TableCell align="right">Scheduled</TableCell>
            <TableCell>Lock</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {week.weekdays.map((day) => (
            <TableRow key={day.date}>
              <TableCell>
                {day.name} {formatUsDate(day.date)}
              </TableCell>
              <TableCell align="right">{day.slots ?? 'No limit'}</TableCell>
              <TableCell align="right">{day.used}</TableCell>
              <TableCell>{lockOf(day)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
