import { SERVICE_COLORS, SERVICE_NOTE_LABELS, type CalendarWeek } from '@lawn/shared';
import { AssignmentLateIcon as AssignmentLate, EventBusyIcon as EventBusy } from '../../../components/icons';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { memo, type ReactElement } from 'react';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { formatMonthDay, formatWorkday, weekBarColor, weekDetails, weekLabel } from '../calendar-week';

type CalendarWeekBlockProps = {
  week: CalendarWeek;
  /** Absent in the read-only (external) calendar: the block is then plain content, not a button. */
  onSelect?: (week: CalendarWeek, anchor: HTMLElement) => void;
  /** A change of this week is being saved. */
  isBusy?: boolean;
};

function blockSx(week: CalendarWeek) {
  return {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    justifyContent: 'flex-start',
    gap: 0.5,
    width: '100%',
    minHeight: 92,
    p: 1,
    textAlign: 'left',
    borderRadius: 1,
    border: 2,
    // The current week is marked by its outline (plus the 'Now' label), the rest by a hairline.
    borderColor: week.current.active ? week.current.color : 'divider',
    bgcolor: 'background.paper',
    color: 'text.primary',
  } as const;
}

const interactiveSx = {
  cursor: 'pointer',
  '&:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.secondary.main, 0.06) },
  '&.Mui-focusVisible': { boxShadow: (theme: Theme) => `0 0 0 3px ${alpha(theme.palette.secondary.main, 0.5)}` },
  '&[aria-busy="true"]': { cursor: 'progress', opacity: 0.7 },
} as const;

function NoteMark({ week }: { week: CalendarWeek }) {
  const type = week.customer.typeServiceNote;
  if (!type) return null;
  return (
    <Box
      component="span"
      sx={{
        px: 0.5,
        borderRadius: 0.5,
        fontSize: 11,
        lineHeight: '16px',
        color: '#fff',
        bgcolor: SERVICE_COLORS[type],
        whiteSpace: 'nowrap',
      }}
    >
      {SERVICE_NOTE_LABELS[type]}
    </Box>
  );
}

/** What a sighted user sees; the block's accessible name carries the same facts in words. */
function WeekFace({ week }: { week: CalendarWeek }) {
  const { customer } = week;
  return (
    <Box aria-hidden sx={{ display: 'contents' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="subtitle2" component="span" sx={{ flexGrow: 1 }}>
          Wk {week.week}
        </Typography>
        {week.current.active && (
          <Typography variant="caption" component="span" sx={{ fontWeight: 700 }}>
            Now
          </Typography>
        )}
        {week.todo.active && <AssignmentLate sx={{ fontSize: 16, color: 'warning.dark' }} />}
        {week.holidays.length > 0 && <EventBusy sx={{ fontSize: 16, color: 'error.main' }} />}
      </Box>
      <Typography variant="caption" component="span" color="text.secondary">
        {formatMonthDay(week.start)} – {formatMonthDay(week.end)}
      </Typography>
      <Box
        sx={{ height: 8, borderRadius: 4, bgcolor: weekBarColor(week), border: 1, borderColor: 'rgba(0,0,0,0.08)' }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 16, flexWrap: 'wrap' }}>
        {customer.active && customer.workday && (
          <Typography variant="caption" component="span">
            {formatWorkday(customer.workday)}
          </Typography>
        )}
        <NoteMark week={week} />
      </Box>
    </Box>
  );
}

function WeekTooltip({ week, children }: { week: CalendarWeek; children: ReactElement }) {
  const title = (
    <>
      <strong>
        Week {week.week}: {formatMonthDay(week.start)} – {formatMonthDay(week.end)}
      </strong>
      {weekDetails(week).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
  // describeChild: the tooltip describes the block; it must not replace the block's name while it is open.
  return (
    <Tooltip title={title} describeChild enterDelay={400} enterNextDelay={200}>
      {children}
    </Tooltip>
  );
}

/**
 * One week of the property's calendar: dates, number, coloured bar, service day and any skip/write-in/redo.
 * Memoised: a year has 52 or 53 blocks, and opening a menu or a modal should not re-render them all.
 */
export const CalendarWeekBlock = memo(function CalendarWeekBlock({
  week,
  onSelect,
  isBusy = false,
}: CalendarWeekBlockProps) {
  if (!onSelect) {
    return (
      <WeekTooltip week={week}>
        <Box sx={blockSx(week)}>
          <Box component="span" sx={visuallyHiddenSx}>
            {weekLabel(week)}
          </Box>
          <WeekFace week={week} />
        </Box>
      </WeekTooltip>
    );
  }
  return (
    <WeekTooltip week={week}>
      <ButtonBase
        aria-label={weekLabel(week)}
        aria-haspopup={week.customer.active ? 'menu' : undefined}
        aria-busy={isBusy || undefined}
        // Not `disabled`: a disabled button inside a tooltip loses its hover and focus, so it only ignores clicks.
        aria-disabled={isBusy || undefined}
        onClick={(event) => {
          if (!isBusy) onSelect(week, event.currentTarget);
        }}
        sx={{ ...blockSx(week), ...interactiveSx }}
      >
        <WeekFace week={week} />
        {isBusy && (
          <CircularProgress
            size={18}
            color="secondary"
            sx={{ position: 'absolute', right: 6, bottom: 6 }}
            aria-hidden
          />
        )}
      </ButtonBase>
    </WeekTooltip>
  );
});
