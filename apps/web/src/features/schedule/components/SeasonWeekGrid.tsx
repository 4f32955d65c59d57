import {
  SEASON_WEEK_COLORS,
  SEASON_WEEK_LABELS,
  type SeasonWeek,
  type SeasonWeekType,
  type SeasonWeekTypes,
} from '@lawn/shared';
import Box from '@mui/material/Box';
import { styled, useTheme } from '@mui/material/styles';
import { memo, type CSSProperties } from 'react';
import { CURRENT_WEEK_OUTLINE, PENDING_OUTLINE } from './week-marks';

/** `2026-03-02` -> `03/02` (a calendar date, never shifted through a time zone). */
export function monthDay(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}`;
}

type SeasonWeekGridProps = {
  /** The weeks to list (all of them, or the winter ones). */
  weeks: readonly SeasonWeek[];
  /** The type of every week of the year as it will be after the pending updates. */
  types: SeasonWeekTypes;
  savedTypes: SeasonWeekTypes;
  /** While a Process is being sent nothing can change. */
  isLocked: boolean;
  onChooseWeek: (week: SeasonWeek, anchor: HTMLElement) => void;
};

function weekLabel(week: SeasonWeek, type: SeasonWeekType, isPending: boolean): string {
  const parts = [`Week ${week.week}`, `${monthDay(week.start)} - ${monthDay(week.end)}`, SEASON_WEEK_LABELS[type]];
  if (isPending) parts.push('pending update');
  if (week.current) parts.push('current week');
  if (week.disabled) parts.push('ended');
  if (week.holidays.length > 0) parts.push(week.holidays.map((holiday) => holiday.name).join(', '));
  return parts.join(', ');
}

type WeekCellProps = {
  week: SeasonWeek;
  type: SeasonWeekType;
  isPending: boolean;
  isLocked: boolean;
  onChooseWeek: (week: SeasonWeek, anchor: HTMLElement) => void;
};

// A plain styled button with static styles: 53 MUI buttons with per-cell `sx` made the grid slow to draw.
const WeekButton = styled('button')(({ theme }) => ({
  ...theme.typography.caption,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: theme.spacing(0.25),
  width: '100%',
  height: '100%',
  minHeight: 76,
  padding: theme.spacing(1),
  textAlign: 'left',
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  cursor: 'pointer',
  outline: 'var(--week-outline, none)',
  outlineOffset: -3,
  '&:disabled': { opacity: 0.55, cursor: 'default' },
  '&:focus-visible': { outline: `3px solid ${theme.palette.secondary.main}`, outlineOffset: 1 },
  '& .week-title': theme.typography.subtitle2,
  '& .week-holiday': { fontWeight: 500 },
}));

// Memoised: opening a menu or adding an update re-renders only the weeks it changes, not all 53.
const WeekCell = memo(function WeekCell({ week, type, isPending, isLocked, onChooseWeek }: WeekCellProps) {
  const theme = useTheme();
  const color = SEASON_WEEK_COLORS[type];
  const outline = isPending ? PENDING_OUTLINE : week.current ? CURRENT_WEEK_OUTLINE : undefined;
  const style = { backgroundColor: color, color: theme.palette.getContrastText(color), '--week-outline': outline };
  return (
    <li>
      <WeekButton
        type="button"
        aria-label={weekLabel(week, type, isPending)}
        aria-haspopup="menu"
        disabled={week.disabled || isLocked}
        onClick={(event) => onChooseWeek(week, event.currentTarget)}
        style={style as CSSProperties}
      >
        <span className="week-title">
          Week {week.week}
          {week.current && ' · now'}
          {isPending && ' · pending'}
        </span>
        <span>
          {monthDay(week.start)} - {monthDay(week.end)}
        </span>
        {week.holidays.map((holiday) => (
          <span key={holiday.date} className="week-holiday">
            {holiday.name}
          </span>
        ))}
      </WeekButton>
    </li>
  );
});

/** The year's weeks coloured by type. An ended week can no longer change. */
export function SeasonWeekGrid({ weeks, types, savedTypes, isLocked, onChooseWeek }: SeasonWeekGridProps) {
  return (
    <Box
      component="ul"
      aria-label="Weeks"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
        gap: 1,
        listStyle: 'none',
        m: 0,
        p: 0,
      }}
    >
      {weeks.map((week) => {
        const type = types[week.week - 1] ?? week.type;
        return (
          <WeekCell
            key={week.week}
            week={week}
            type={type}
            isPending={type !== savedTypes[week.week - 1]}
            isLocked={isLocked}
            onChooseWeek={onChooseWeek}
          />
        );
      })}
    </Box>
  );
}
