import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calendar, calendarWeek } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { ScheduleCalendar, type ScheduleCalendarProps } from './ScheduleCalendar';

const data = calendar({
  year: 2026,
  weekCount: 4,
  weeks: [
    calendarWeek(2026, 2, false, {
      current: { active: true, color: '#242323' },
      holidays: [{ date: '2026-03-04', name: 'Test Day' }],
    }),
  ],
});

function renderCalendar(props: Partial<ScheduleCalendarProps> = {}) {
  const callbacks = {
    onYearChange: vi.fn(),
    onFilterChange: vi.fn(),
    onWeekSelect: vi.fn(),
    winter: { isChecked: false, isSaving: false, onChange: vi.fn() },
  };
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <ScheduleCalendar
          calendar={data}
          year={2026}
          filter="all"
          toolbar={<button type="button">Download schedule</button>}
          {...callbacks}
          {...props}
        />
      ),
    },
  ]);
  return { ...view, callbacks };
}

describe('schedule calendar', () => {
  it('marks the current week and names holidays', () => {
    renderCalendar();
    expect(screen.getByRole('button', { name: /^Week 2,/ })).toHaveAccessibleName(
      'Week 2, 03/02 to 03/08, No service (Regular), Test Day (03/04), Current week',
    );
  });

  it('reports the week and the block it was clicked on; Enter works as a click', async () => {
    const { user, callbacks } = renderCalendar();
    const week = screen.getByRole('button', { name: /^Week 3,/ });
    week.focus();
    await user.keyboard('{Enter}');
    expect(callbacks.onWeekSelect).toHaveBeenCalledWith(expect.objectContaining({ week: 3 }), week);
  });

  it('is read-only in the external variant: no week actions, winter option or toolbar', async () => {
    const { user, callbacks } = renderCalendar({ variant: 'external' });
    const weeks = screen.getByRole('list', { name: 'Weeks of 2026' });
    expect(within(weeks).queryAllByRole('button')).toHaveLength(0);
    expect(within(weeks).getByText('Week 1, 02/23 to 03/01, Service Tue 02/24')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Opt. winter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download schedule' })).not.toBeInTheDocument();

    await user.click(within(weeks).getByText('Week 1, 02/23 to 03/01, Service Tue 02/24').parentElement!);
    expect(callbacks.onWeekSelect).not.toHaveBeenCalled();
    // Looking at another year is not an edit: the external calendar can still move.
    await user.click(screen.getByRole('button', { name: 'Next year' }));
    expect(callbacks.onYearChange).toHaveBeenCalledWith(2027);
  });

  it('leaves out the range selector for a data source that cannot filter', () => {
    renderCalendar({ variant: 'external', onFilterChange: undefined });
    expect(screen.queryByRole('group', { name: 'Range' })).not.toBeInTheDocument();
  });

  it('says so when a range has no weeks', () => {
    renderCalendar({ calendar: { ...data, filter: 'winter', data: [] }, filter: 'winter' });
    expect(screen.getByText('No weeks of 2026 in this range.')).toBeInTheDocument();
  });

  it('shows skeletons until the first answer', () => {
    renderCalendar({ calendar: undefined, year: undefined });
    expect(screen.getByLabelText('Loading the calendar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All weeks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous year' })).toBeDisabled();
  });
});
