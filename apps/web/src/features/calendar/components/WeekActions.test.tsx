import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fake-fetch';
import { calendar, calendarWeek, customerDetail } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import {
  callsTo,
  CUSTOMER_ID,
  defaultScheduleState,
  findWeeks,
  installScheduleServer,
  SLOW,
  weekButton,
} from '../calendar-test-server';
import { CustomerSchedule } from './CustomerSchedule';

const attributes = `/customers/${CUSTOMER_ID}/attributes`;

function renderSchedule() {
  return renderRoutes([{ path: '/', element: <CustomerSchedule customer={customerDetail({ id: CUSTOMER_ID })} /> }]);
}

type User = ReturnType<typeof renderSchedule>['user'];

async function openWeekAction(user: User, week: number, action: string) {
  await findWeeks(2026);
  await user.click(weekButton(week));
  const menu = await screen.findByRole('menu', { name: `Week ${week}` }, SLOW);
  await user.click(within(menu).getByRole('menuitem', { name: action }));
  return screen.findByRole('dialog', { name: action }, SLOW);
}

/** Opens the date picker of the modal and answers its day buttons (March 2026 is the month it opens on). */
async function openPicker(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: /Choose date/ }));
  return screen.findByRole('grid', {}, SLOW);
}

/** A day button of the open picker (a plain lookup: name queries over 42 cells are slow in jsdom). */
function day(grid: HTMLElement, dayOfMonth: number): HTMLElement {
  const cells = Array.from(grid.querySelectorAll<HTMLElement>('button[role="gridcell"]'));
  const cell = cells.find((element) => element.textContent === String(dayOfMonth));
  if (!cell) throw new Error(`No day ${dayOfMonth} in the picker`);
  return cell;
}

// MUI dialogs and the date picker render slowly in jsdom; a busy machine multiplies that.
describe('changing a week of the schedule', { timeout: 40_000 }, () => {
  beforeEach(() => signIn());
  afterEach(() => vi.useRealTimers());

  /** Today, in the business's zone: week 1 of 2026 is 02/23 to 03/01, week 4 03/16 to 03/22. */
  const setToday = (instant: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  };

  it('creates the service of an inactive week to come with one click', async () => {
    setToday('2026-02-20T15:00:00Z');
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    await findWeeks(2026);
    await user.click(weekButton(2));

    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Week 2 updated');
    expect(callsTo(requests, 'PATCH', attributes).map((request) => request.body)).toEqual([
      { status: 'created', year: 2026, week: 2 },
    ]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('asks before adding a service to a week that has passed: Cancel and Escape add nothing', async () => {
    setToday('2026-03-18T15:00:00Z');
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    await findWeeks(2026);
    await user.click(weekButton(2));
    const question = await screen.findByRole('dialog', { name: 'Add a service to a past week' }, SLOW);
    expect(question).toHaveTextContent(
      'Week 2 (03/02/2026 to 03/08/2026) has already passed. Add a service to it anyway?',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);

    weekButton(2).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Add a service to a past week' }, SLOW);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    await waitFor(() => expect(weekButton(2)).toHaveFocus(), SLOW);
    expect(callsTo(requests, 'PATCH', attributes)).toHaveLength(0);
  });

  it('adds the service to a past week once the person confirms, from the keyboard too', async () => {
    setToday('2026-03-18T15:00:00Z');
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    await findWeeks(2026);
    weekButton(2).focus();
    await user.keyboard('{Enter}');
    const question = await screen.findByRole('dialog', { name: 'Add a service to a past week' }, SLOW);
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Add service' })).toHaveFocus(), SLOW);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Week 2 updated');
    expect(callsTo(requests, 'PATCH', attributes).map((request) => request.body)).toEqual([
      { status: 'created', year: 2026, week: 2 },
    ]);
  });

  it('does not ask for the current week, which has not passed', async () => {
    setToday('2026-03-18T15:00:00Z');
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    await findWeeks(2026);
    await user.click(weekButton(4));
    await waitFor(
      () =>
        expect(callsTo(requests, 'PATCH', attributes).map((request) => request.body)).toEqual([
          { status: 'created', year: 2026, week: 4 },
        ]),
      SLOW,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('removes an active week after confirmation', async () => {
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    await findWeeks(2026);
    await user.click(weekButton(3));
    await user.click(within(await screen.findByRole('menu', {}, SLOW)).getByRole('menuitem', { name: 'Remove' }));
    const question = await screen.findByRole('dialog', { name: 'Remove service' }, SLOW);
    expect(question).toHaveTextContent('Remove the service of week 3 (03/09/2026 to 03/15/2026)?');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(
      () =>
        expect(callsTo(requests, 'PATCH', attributes).map((request) => request.body)).toEqual([
          { status: 'removed', year: 2026, week: 3 },
        ]),
      SLOW,
    );
  });

  it('requires a skip reason of at most 200 characters', async () => {
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    const dialog = await openWeekAction(user, 1, 'Skip');
    expect(dialog).toHaveTextContent('Week 1: 02/23/2026 to 03/01/2026');

    await user.click(within(dialog).getByRole('button', { name: 'Skip week' }));
    expect(await within(dialog).findByText('Field is required', {}, SLOW)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('x'.repeat(201));
    expect(within(dialog).getByText('201/200')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Skip week' }));
    expect(await within(dialog).findByText('Max. 200 characters', {}, SLOW)).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', attributes)).toHaveLength(0);
  });

  it('sends the trimmed skip reason and closes the modal', async () => {
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    const dialog = await openWeekAction(user, 1, 'Skip');
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('  Rain all week ');
    await user.click(within(dialog).getByRole('button', { name: 'Skip week' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Skip' })).not.toBeInTheDocument(), SLOW);
    expect(callsTo(requests, 'PATCH', attributes).map((request) => request.body)).toEqual([
      { status: 'skip', year: 2026, week: 1, message: 'Rain all week' },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Week 1 updated');
  });

  it('offers only weekdays from the week start to the week end plus 7 days', async () => {
    installScheduleServer();
    const { user } = renderSchedule();
    const dialog = await openWeekAction(user, 3, 'Write in');
    expect(within(dialog).getByText('Weekdays from 03/09/2026 to 03/22/2026')).toBeInTheDocument();

    const grid = await openPicker(user, dialog);
    expect(day(grid, 8)).toBeDisabled(); // before the week
    expect(day(grid, 9)).toBeEnabled(); // the week's Monday
    expect(day(grid, 14)).toBeDisabled(); // Saturday
    expect(day(grid, 20)).toBeEnabled(); // Friday of the following week
    expect(day(grid, 23)).toBeDisabled(); // after week end + 7
  });

  it('requires a write-in date, then sends the chosen one with its message', async () => {
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    const dialog = await openWeekAction(user, 3, 'Write in');
    await user.click(within(dialog).getByRole('button', { name: 'Save write in' }));
    expect(await within(dialog).findByText('Date is required', {}, SLOW)).toBeInTheDocument();

    await user.click(day(await openPicker(user, dialog), 12));
    await user.click(within(dialog).getByRole('textbox', { name: 'Message' }));
    await user.paste('Gate was locked');
    await user.click(within(dialog).getByRole('button', { name: 'Save write in' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Write in' })).not.toBeInTheDocument(), SLOW);
    expect(callsTo(requests, 'PATCH', attributes).map((request) => request.body)).toEqual([
      { status: 'write', year: 2026, week: 3, date: '2026-03-12', message: 'Gate was locked' },
    ]);
  });

  it('keeps redo dates out of the past', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T15:00:00Z'));
    const { requests } = installScheduleServer();
    const { user } = renderSchedule();
    const dialog = await openWeekAction(user, 3, 'Redo');
    expect(within(dialog).getByText('Weekdays from 03/09/2026 to 03/22/2026, not in the past')).toBeInTheDocument();

    const grid = await openPicker(user, dialog);
    expect(day(grid, 10)).toBeDisabled();
    expect(day(grid, 11)).toBeEnabled();
    await user.click(day(grid, 16));
    await user.click(within(dialog).getByRole('button', { name: 'Save redo' }));
    await waitFor(
      () =>
        expect(callsTo(requests, 'PATCH', attributes).map((request) => request.body)).toEqual([
          { status: 'redo', year: 2026, week: 3, date: '2026-03-16' },
        ]),
      SLOW,
    );
  });

  it("puts the server's field errors under the fields and keeps the modal open", async () => {
    installScheduleServer((request) =>
      request.path === attributes
        ? jsonResponse(400, { message: 'Validation failed', errors: { message: ['Reason is not accepted'] } })
        : undefined,
    );
    const { user } = renderSchedule();
    const dialog = await openWeekAction(user, 1, 'Skip');
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Rain');
    await user.click(within(dialog).getByRole('button', { name: 'Skip week' }));

    expect(await within(dialog).findByText('Reason is not accepted', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Skip week' })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Rain');
  });

  it('shows a refusal that belongs to no field inside the modal', async () => {
    installScheduleServer((request) =>
      request.path === attributes
        ? jsonResponse(409, { message: 'This week already has a write-in', errors: { week: ['Taken'] } })
        : undefined,
    );
    const { user } = renderSchedule();
    const dialog = await openWeekAction(user, 3, 'Write in');
    await user.click(day(await openPicker(user, dialog), 10));
    await user.click(within(dialog).getByRole('button', { name: 'Save write in' }));
    expect(await within(dialog).findByText('This week already has a write-in', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Write in' })).toBeInTheDocument();
  });

  it('does not offer the kind of note a week already shows', async () => {
    const state = defaultScheduleState();
    state.calendarOf = (year) =>
      calendar({
        year,
        weeks: [
          calendarWeek(year, 3, true, { customer: { typeServiceNote: 'skip', message: 'Rain', color: '#f59e0b' } }),
        ],
      });
    installScheduleServer(undefined, state);
    const { user } = renderSchedule();
    await findWeeks(2026);
    expect(weekButton(3)).toHaveAccessibleName('Week 3, 03/09 to 03/15, Service Tue 03/10, Skip: Rain');
    await user.click(weekButton(3));
    const menu = await screen.findByRole('menu', {}, SLOW);
    expect(within(menu).getByRole('menuitem', { name: 'Skip' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Write in' })).not.toHaveAttribute('aria-disabled');
  });
});
