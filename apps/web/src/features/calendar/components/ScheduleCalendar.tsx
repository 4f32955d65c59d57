import {
  CALENDAR_FILTER_LABELS,
  CALENDAR_FILTERS,
  type Calendar,
  type CalendarFilter,
  type CalendarWeek,
} from '@lawn/shared';
import { ChevronLeftIcon as ChevronLeft, ChevronRightIcon as ChevronRight } from '../../../components/icons';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { CalendarLegend } from './CalendarLegend';
import { CalendarWeekBlock } from './CalendarWeekBlock';

export type CalendarVariant = 'staff' | 'external';

/** The 'Opt. winter' checkbox, saved by the caller. */
export type CalendarWinterControl = { isChecked: boolean; isSaving: boolean; onChange: (hasWinter: boolean) => void };

export type ScheduleCalendarProps = {
  /** The weeks to show; undefined while the first answer is on its way. */
  calendar: Calendar | undefined;
  /** The year on screen: the server's default until the person moves (undefined before the first answer). */
  year: number | undefined;
  filter: CalendarFilter;
  /** Another year or range is loading while the previous weeks stay on screen. */
  isRefreshing?: boolean;
  /** The load failed: the server's message replaces the weeks. */
  error?: unknown;
  onRetry?: () => void;
  onYearChange: (year: number) => void;
  /** Without it the range selector is not shown (a data source that cannot filter). */
  onFilterChange?: (filter: CalendarFilter) => void;
  /** 'external' is read-only: no clicks, no menus, no winter option, no toolbar. */
  variant?: CalendarVariant;
  winter?: CalendarWinterControl;
  onWeekSelect?: (week: CalendarWeek, anchor: HTMLElement) => void;
  /** Weeks whose change is being saved. */
  busyWeeks?: readonly number[];
  /** Extra staff content on the heading row (skips count, schedule documents). */
  toolbar?: ReactNode;
};

const gridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
  gap: 1,
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

function CalendarSkeleton() {
  return (
    <Box role="status" aria-busy="true" aria-label="Loading the calendar" sx={gridSx}>
      {Array.from({ length: 16 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={92} />
      ))}
    </Box>
  );
}

function YearNavigator({
  year,
  years,
  filter,
  onYearChange,
}: {
  year?: number;
  years: number[];
  filter: CalendarFilter;
  onYearChange: (year: number) => void;
}) {
  const canGo = (step: number) => year !== undefined && years.includes(year + step);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton aria-label="Previous year" disabled={!canGo(-1)} onClick={() => year && onYearChange(year - 1)}>
        <ChevronLeft />
      </IconButton>
      <Typography variant="h6" component="h2" sx={{ whiteSpace: 'nowrap' }}>
        {/* The title names the range chosen: 'Only winter 2026' while Only winter is chosen. */}
        {CALENDAR_FILTER_LABELS[filter]} {year ?? ''}
      </Typography>
      <IconButton aria-label="Next year" disabled={!canGo(1)} onClick={() => year && onYearChange(year + 1)}>
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}

function WeekGrid({
  calendar,
  year,
  isRefreshing,
  onWeekSelect,
  busyWeeks,
}: Pick<ScheduleCalendarProps, 'onWeekSelect' | 'busyWeeks' | 'isRefreshing'> & { calendar: Calendar; year?: number }) {
  if (calendar.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No weeks of {year} in this range.
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={`Weeks of ${year}`}
      aria-busy={isRefreshing || undefined}
      sx={{ ...gridSx, opacity: isRefreshing ? 0.55 : 1, transition: 'opacity 150ms' }}
    >
      {calendar.data.map((week) => (
        // Flex, so every block fills its grid row even when a neighbour wraps onto another line.
        <Box component="li" key={week.week} sx={{ display: 'flex' }}>
          <CalendarWeekBlock week={week} onSelect={onWeekSelect} isBusy={busyWeeks?.includes(week.week)} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * The property's year of weeks: year arrows, range, and a block per week with its dates, number and coloured bar
 *. It only shows what it is given and reports
 * what the person asks for, so the staff record and the external calendar can feed it from different calls.
 */
export function ScheduleCalendar(props: ScheduleCalendarProps) {
  const { calendar, year, filter, isRefreshing = false, error, onRetry, variant = 'staff', winter } = props;
  const isStaff = variant === 'staff';
  const hasError = error !== undefined && error !== null;

  let body: ReactNode;
  if (hasError) {
    body = <LoadErrorAlert error={error} onRetry={onRetry} />;
  } else if (!calendar) {
    body = <CalendarSkeleton />;
  } else {
    body = (
      <WeekGrid
        calendar={calendar}
        year={year}
        isRefreshing={isRefreshing}
        onWeekSelect={isStaff ? props.onWeekSelect : undefined}
        busyWeeks={props.busyWeeks}
      />
    );
  }

  return (
    <Stack spacing={2} component="section" aria-label="Schedule calendar">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        useFlexGap
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', md: 'center' }, flexWrap: 'wrap' }}
      >
        <YearNavigator year={year} years={calendar?.years ?? []} filter={filter} onYearChange={props.onYearChange} />
        {props.onFilterChange && (
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Range"
            value={filter}
            onChange={(_event, next: CalendarFilter | null) => next && props.onFilterChange?.(next)}
          >
            {CALENDAR_FILTERS.map((option) => (
              <ToggleButton key={option} value={option}>
                {CALENDAR_FILTER_LABELS[option]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {isStaff && winter && (
          <FormControlLabel
            label="Opt. winter"
            control={
              <Checkbox
                color="secondary"
                checked={winter.isChecked}
                disabled={winter.isSaving || !calendar || hasError}
                onChange={(event) => winter.onChange(event.target.checked)}
              />
            }
          />
        )}
        {isStaff && props.toolbar && (
          <Stack
            direction="row"
            useFlexGap
            spacing={2}
            sx={{ ml: { md: 'auto' }, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {props.toolbar}
          </Stack>
        )}
      </Stack>
      {isRefreshing && !hasError && <LinearProgress color="secondary" aria-label="Loading the weeks" />}
      {body}
      {calendar && !hasError && <CalendarLegend />}
    </Stack>
  );
}
