import { BUSH_BED_STATUSES, formatUsDate, type BushBedStatus, type BushBedWeek } from '@lawn/shared';
import { ChevronLeftIcon as ChevronLeft, ChevronRightIcon as ChevronRight } from '../../../components/icons';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useBushBedCalendarQuery } from '../api/bush-bed-api';

/** 'Week 12, 03/22/2027 to 03/28/2027: Yes', what a week block says to a screen reader. */
function weekLabel(week: BushBedWeek, statusName: string | null): string {
  const dates = `${formatUsDate(week.start)} to ${formatUsDate(week.end)}`;
  return `Week ${week.week}, ${dates}: ${statusName ?? 'no bush-and-bed service'}`;
}

type BushBedCalendarProps = {
  customerId: number;
  year: number | null;
  onYearChange: (year: number) => void;
  /** A week was chosen: its service (by id) to edit, or the week and year of a new one. */
  onChooseWeek: (week: BushBedWeek) => void;
};

/**
 * The bush-and-bed calendar: the weeks of a mow year, each marked with its service in its status's colour. Choosing a
 * week opens its service, or a new one on it. The arrows move between the years the record offers; a failed load
 * shows the server's message in place of the calendar.
 */
export function BushBedCalendar({ customerId, year, onYearChange, onChooseWeek }: BushBedCalendarProps) {
  const calendar = useBushBedCalendarQuery(customerId, year);
  if (calendar.isError) {
    return <LoadErrorAlert error={calendar.error} onRetry={() => void calendar.refetch()} />;
  }
  if (!calendar.data) return <Skeleton variant="rectangular" height={160} aria-label="Loading the B&B calendar" />;
  const { years, data } = calendar.data;
  const shown = calendar.data.year;
  const index = years.indexOf(shown);
  const previous = years[index - 1];
  const next = years[index + 1];
  return (
    <Stack spacing={1} aria-busy={calendar.isFetching}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label="Previous year"
          disabled={previous === undefined}
          onClick={() => previous !== undefined && onYearChange(previous)}
        >
          <ChevronLeft />
        </IconButton>
        <Typography component="h4" variant="subtitle1">
          B&amp;B weeks {shown}
        </Typography>
        <IconButton
          aria-label="Next year"
          disabled={next === undefined}
          onClick={() => next !== undefined && onYearChange(next)}
        >
          <ChevronRight />
        </IconButton>
      </Stack>
      <Box
        role="list"
        aria-label={`B&B calendar ${shown}`}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))', gap: 1 }}
      >
        {data.map((week) => {
          const statusName =
            week.bbStatus === null ? null : (BUSH_BED_STATUSES[week.bbStatus as BushBedStatus] ?? null);
          return (
            <Box role="listitem" key={week.week}>
              <ButtonBase
                onClick={() => onChooseWeek(week)}
                aria-label={weekLabel(week, statusName)}
                sx={{
                  width: '100%',
                  display: 'block',
                  textAlign: 'left',
                  p: 0.75,
                  border: 1,
                  borderColor: week.current.active ? 'text.primary' : 'divider',
                  borderRadius: 1,
                }}
              >
                <Typography variant="caption" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  Week {week.week}
                </Typography>
                <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                  {formatUsDate(week.start).slice(0, 5)}–{formatUsDate(week.end).slice(0, 5)}
                </Typography>
                <Box aria-hidden sx={{ mt: 0.5, height: 6, borderRadius: 1, bgcolor: week.color ?? 'action.hover' }} />
                {statusName && (
                  <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                    {statusName}
                  </Typography>
                )}
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
