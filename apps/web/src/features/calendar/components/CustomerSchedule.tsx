import type { CalendarFilter, CustomerDetail } from '@lawn/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useActivitiesQuery, useCalendarQuery, useWinterOptionMutation } from '../api/calendar-api';
import { useShowScheduleYear } from '../schedule-year-context';
import { useWeekActions } from '../use-week-actions';
import { ActivityList } from './ActivityList';
import { ScheduleCalendar } from './ScheduleCalendar';
import { ScheduleDocumentsButtons } from './ScheduleDocumentsButtons';
import { SkipsCount } from './SkipsCount';
import { WeekActions } from './WeekActions';

/**
 * The schedule part of the customer record: calendar with its actions and the year's activity; it tells the record
 * which year it shows (the Service Notes tab lists that year's skips, write-ins and redos). The first call leaves the year to the server (the previous year in January and February, the
 * current one otherwise); once the person moves, their year is kept for as long as the record is open.
 */
export function CustomerSchedule({ customer }: { customer: CustomerDetail }) {
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const [filter, setFilter] = useState<CalendarFilter>('all');
  const calendar = useCalendarQuery(customer.id, chosenYear, filter);
  const year = chosenYear ?? calendar.data?.year;
  const activities = useActivitiesQuery(customer.id, year);
  const winter = useWinterOptionMutation(customer.id);
  const weekActions = useWeekActions(customer.id, year);
  const isRefreshing = calendar.isPlaceholderData;
  // Until some calendar has answered there is no year to list activity or notes for; its error shows a Retry.
  const isYearUnknown = year === undefined && calendar.isError;
  useShowScheduleYear(customer.id, year);

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={3}>
          <ScheduleCalendar
            calendar={calendar.data}
            year={year}
            filter={filter}
            isRefreshing={isRefreshing}
            error={calendar.isError ? calendar.error : null}
            onRetry={() => void calendar.refetch()}
            onYearChange={setChosenYear}
            onFilterChange={(next) => {
              // Pin the year on screen, so a new range never falls back to the server's default year.
              setChosenYear(year ?? null);
              setFilter(next);
            }}
            winter={{
              // Shows the new value while it saves; the checkbox is disabled until the calendar has reloaded.
              isChecked: winter.isPending ? winter.variables.hasWinter : (calendar.data?.hasWinter ?? false),
              isSaving: winter.isPending || isRefreshing,
              onChange: (hasWinter) => year !== undefined && winter.mutate({ year, hasWinter }),
            }}
            onWeekSelect={weekActions.selectWeek}
            busyWeeks={weekActions.busyWeeks}
            toolbar={
              <>
                <SkipsCount customerId={customer.id} year={year} />
                <ScheduleDocumentsButtons customer={customer} year={year} />
              </>
            }
          />
          {!isYearUnknown && (
            <>
              <Divider />
              <ActivityList
                year={year}
                activities={activities.data}
                error={activities.isError ? activities.error : null}
                onRetry={() => void activities.refetch()}
              />
            </>
          )}
        </Stack>
        <WeekActions {...weekActions} />
      </CardContent>
    </Card>
  );
}
