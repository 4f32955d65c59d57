import {
  AVAILABILITY_MESSAGES,
  type AvailabilityDay,
  type AvailabilityWeek,
  type Market,
  type Role,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { MowAvailabilityPage } from './MowAvailabilityPage';

const markets: Market[] = [
  { id: 1, name: 'Austin', taxRate: 8.25, timeZone: 'America/Chicago', phone: null },
  { id: 2, name: 'Dallas', taxRate: 8.25, timeZone: 'America/Chicago', phone: null },
];

const DATES = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
const NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function day(index: number, overrides: Partial<AvailabilityDay> = {}): AvailabilityDay {
  const isWorkday = index < 5;
  return {
    date: DATES[index] ?? '',
    name: NAMES[index] ?? '',
    smallName: (NAMES[index] ?? '').slice(0, 3),
    workday: index + 1,
    slots: isWorkday ? null : 0,
    used: 0,
    lock: 0,
    lockDayHourly: '',
    lockStartHour: null,
    lockEndHour: null,
    timeZone: null,
    status: isWorkday ? 'open' : 'weekend',
    ...overrides,
  };
}

const week: AvailabilityWeek = {
  start: '2026-11-30',
  end: '2026-12-06',
  week: 44,
  year: 2026,
  version: 3,
  weekdays: DATES.map((_, index) => day(index, index === 1 ? { slots: 12, used: 7 } : {})),
};

function fakeServer(save: (request: FakeRequest) => Response = () => jsonResponse(200, { data: week })) {
  return installFakeFetch((request) => {
    const { method, path } = request;
    if (path === '/markets') return jsonResponse(200, { data: markets });
    if (path === '/mow-availabilities/markets/1/slots') {
      return jsonResponse(200, { weeksFilter: [{ start: week.start, end: week.end, week: week.week }], data: [week] });
    }
    if (path === '/mow-availabilities/markets/1/week' && method === 'PUT') return save(request);
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderPage(role: Role = 'Manager') {
  signIn({ role, roles: [role] });
  return renderRoutes([{ path: '/mow-availabilities', element: <MowAvailabilityPage /> }], ['/mow-availabilities']);
}

const SLOW = { timeout: 5000 };

describe('the mow availability screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a week’s weekdays with max mows and scheduled mows, Saturday and Sunday as 0', async () => {
    fakeServer();
    renderPage();
    const table = await screen.findByRole('table', { name: /Week 44/ }, SLOW);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateMax mowsScheduledLock',
      'Monday 11/30/2026No limit0',
      'Tuesday 12/01/2026127',
      'Wednesday 12/02/2026No limit0',
      'Thursday 12/03/2026No limit0',
      'Friday 12/04/2026No limit0',
      'Saturday 12/05/202600',
      'Sunday 12/06/202600',
    ]);
  });

  it('offers Edit to Admin and Manager only', async () => {
    fakeServer();
    renderPage('Representative');
    await screen.findByRole('table', { name: /Week 44/ }, SLOW);
    expect(screen.queryByRole('button', { name: 'Edit week 44' })).not.toBeInTheDocument();
  });

  it('checks the dialog’s rules, then sends 40 mows for Tuesday and a Friday afternoon lock', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    fakeServer((request) => {
      sent.push(request.body);
      return jsonResponse(200, { data: week });
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit week 44' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Max mows/), '4o');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(AVAILABILITY_MESSAGES.slotsNumber)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Max mows/));
    await user.type(within(dialog).getByLabelText(/Max mows/), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(AVAILABILITY_MESSAGES.daysRequired)).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText(/Tue 12\/01/));
    await user.click(within(dialog).getByLabelText(/Fri 12\/04/));
    await user.click(within(dialog).getByLabelText('Lock the selected days'));
    await user.click(within(dialog).getByLabelText('Hour range'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(AVAILABILITY_MESSAGES.startRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(AVAILABILITY_MESSAGES.endRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/From/), '12:00');
    await user.type(within(dialog).getByLabelText(/To/), '18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      version: 3,
      slots: '40',
      isLock: 1,
      lockDayHourly: '1',
      lockHoursRange: { start: '12:00', end: '18:00' },
      timeZone: 'America/Chicago',
      week: { start: '2026-11-30', end: '2026-12-06', week: 44, weekdays: ['2026-12-01', '2026-12-04'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it('says so when someone else changed the week', async () => {
    const user = userEvent.setup();
    fakeServer(() => jsonResponse(409, { message: AVAILABILITY_MESSAGES.weekChanged }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit week 44' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Max mows/), '5');
    await user.click(within(dialog).getByLabelText(/Mon 11\/30/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(AVAILABILITY_MESSAGES.weekChanged)).toBeInTheDocument();
  }, 30_000);
});
