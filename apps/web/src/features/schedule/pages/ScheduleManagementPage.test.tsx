import {
  SEASON_MESSAGES,
  SEASON_WEEK_COLORS,
  defaultSeasonWeeks,
  holidaysInWeek,
  mowYearWeeks,
  type ScheduleStatus,
  type SeasonStartSummary,
  type SeasonWeek,
  type SeasonWeekType,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { SCHEDULE_POLL_MS } from '../api/schedule-api';
import { switchedMowYearStore } from '../mow-year-setting';
import { ScheduleManagementPage } from './ScheduleManagementPage';

/** The weeks as the API answers them; before the year starts nothing has ended. */
function seasonWeeks(year: number, today = `${year}-02-01`, types: SeasonWeekType[] = defaultSeasonWeeks(year)) {
  return mowYearWeeks(year).map(({ week, start, end }): SeasonWeek => {
    const type = types[week - 1] ?? 'winter';
    return {
      week,
      start,
      end,
      type,
      color: SEASON_WEEK_COLORS[type],
      winter: type === 'winter',
      holidays: holidaysInWeek(year, week),
      current: start <= today && today <= end,
      disabled: end < today,
    };
  });
}

function runStatus(overrides: Partial<ScheduleStatus> = {}): ScheduleStatus {
  return {
    year: 2026,
    total: 0,
    progress: 0,
    percentage: 0,
    isProgress: false,
    status: 'none',
    name: 'Schedule 2026',
    failureReason: null,
    completedAt: null,
    ...overrides,
  };
}

const summary: SeasonStartSummary[] = [1, 2, 3, 4].map((week) => ({
  week,
  start: mowYearWeeks(2026)[week - 1]?.start ?? '',
  end: mowYearWeeks(2026)[week - 1]?.end ?? '',
  markets: [
    {
      name: 'Austin',
      isWarning: week === 2,
      frecuency: [
        { name: 'Weekly', amount: week === 2 ? 120 : 40 },
        { name: 'Bi-Weekly', amount: 7 },
        { name: '3-Weekly', amount: 0 },
        { name: 'Drought Schedule', amount: 3 },
      ],
    },
  ],
}));

type ServerOptions = {
  today?: string;
  status?: () => ScheduleStatus;
  put?: (request: FakeRequest) => Response;
  summary?: SeasonStartSummary[];
  /** The admin panel's saved mow year (null: the current one); 'fails' when the settings cannot be read. */
  savedMowYear?: number | null | 'fails';
};

const settingsOf = (mowYear: number | null) => ({
  values: {
    officePhone: null,
    officeHours: '',
    mowYear,
    billingCharges: 'check-out',
    billingRetryDays: [3, 5, 7],
    priceChangeEmails: true,
  },
  version: 1,
  markets: [],
  lastChanges: { season: null, billing: null, publicPages: null, markets: null },
});

function fakeServer({
  today,
  status = () => runStatus(),
  put,
  summary: summaryData = summary,
  savedMowYear = 2026,
}: ServerOptions = {}) {
  return installFakeFetch((request) => {
    if (request.path === '/settings') {
      return savedMowYear === 'fails'
        ? jsonResponse(500, { message: 'Internal Server Error' })
        : jsonResponse(200, { data: settingsOf(savedMowYear) });
    }
    const year = Number(request.query.get('year'));
    if (request.path === '/schedule' && request.method === 'GET') {
      const weeks = seasonWeeks(year, today);
      const isWinter = request.query.get('range') === 'winter';
      return jsonResponse(200, { year, isSaved: false, data: isWinter ? weeks.filter((week) => week.winter) : weeks });
    }
    if (request.path === '/schedule' && request.method === 'PUT') {
      return (
        put?.(request) ??
        jsonResponse(202, {
          message: SEASON_MESSAGES.processing,
          data: runStatus({ status: 'requested', isProgress: true }),
        })
      );
    }
    if (request.path === '/schedule/status') return jsonResponse(200, { data: { ...status(), year } });
    if (request.path === '/schedule/season-start-summary') return jsonResponse(200, { data: summaryData });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = () =>
  renderRoutes([{ path: '/schedule-management', element: <ScheduleManagementPage /> }], ['/schedule-management']);

// By aria-label rather than by role: computing the role and name of 52 buttons is slow in jsdom.
const weekLabel = (week: number) => new RegExp(`^Week ${week},`);
const weekButton = (week: number) => screen.getByLabelText(weekLabel(week));
const findWeek = (week: number) => screen.findByLabelText(weekLabel(week), {}, { timeout: 5000 });
const listedWeeks = () =>
  screen
    .getAllByLabelText(/^Week \d+,/)
    .map((button) => Number(/^Week (\d+)/.exec(button.getAttribute('aria-label') ?? '')?.[1]));

async function openWeekMenu(user: ReturnType<typeof renderPage>['user'], week: number) {
  await user.click(await findWeek(week));
  return screen.findByRole('menu', { name: `Change week ${week}` });
}

async function choose(user: ReturnType<typeof renderPage>['user'], week: number, label: string) {
  const menu = await openWeekMenu(user, week);
  await user.click(within(menu).getByRole('menuitem', { name: label }));
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
}

// Scoped to the toolbar so the 52 week buttons are not searched each time.
const action = (name: string) =>
  within(screen.getByRole('group', { name: 'Schedule actions' })).getByRole('button', { name });
/** The actions once the saved mow year is read and the screen is open on it. */
const openedAction = async (name: string) =>
  within(await screen.findByRole('group', { name: 'Schedule actions' })).getByRole('button', { name });

const puts = (requests: FakeRequest[]) => requests.filter((request) => request.method === 'PUT');

describe('global schedule management', () => {
  beforeEach(() => {
    signIn();
    switchedMowYearStore.reset();
  });
  afterEach(() => vi.useRealTimers());

  it("shows the year's weeks in their colours, with dates, holidays and the legend", async () => {
    const { requests } = fakeServer();
    renderPage();
    expect(await findWeek(1)).toHaveAccessibleName('Week 1, 02/23 - 03/01, Winter');
    expect(weekButton(2)).toHaveAccessibleName('Week 2, 03/02 - 03/08, Season Start');
    expect(weekButton(40)).toHaveAccessibleName('Week 40, 11/23 - 11/29, Regular, Thanksgiving Day');
    expect(weekButton(40)).toHaveTextContent('Thanksgiving Day');
    expect(weekButton(44)).toHaveStyle({ backgroundColor: 'rgb(251, 15, 28)' });
    expect(weekButton(2)).toHaveStyle({ backgroundColor: 'rgb(120, 187, 66)' });
    expect(weekButton(3)).toHaveStyle({ backgroundColor: 'rgb(232, 232, 232)' });
    expect(weekButton(50)).toHaveStyle({ backgroundColor: 'rgb(202, 255, 254)' });
    expect(listedWeeks()).toEqual(Array.from({ length: 52 }, (_, index) => index + 1));

    const legend = screen.getByRole('list', { name: 'Legend' });
    for (const label of ['Season Start', 'Regular', 'Winter', 'Holiday']) {
      expect(within(legend).getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('The default season: nobody has changed the weeks of 2026 yet.')).toBeInTheDocument();
    const weeksCall = requests.find((request) => request.path === '/schedule');
    expect([weeksCall?.query.get('year'), weeksCall?.query.get('range')]).toEqual(['2026', 'all']);
  });

  it('marks the current week and does not let an ended week change', async () => {
    fakeServer({ today: '2026-03-18' });
    renderPage();
    expect(await findWeek(4)).toHaveAccessibleName('Week 4, 03/16 - 03/22, Regular, current week');
    expect(weekButton(4)).toBeEnabled();
    expect(weekButton(3)).toHaveAccessibleName('Week 3, 03/09 - 03/15, Regular, ended');
    expect(weekButton(3)).toBeDisabled();
  });

  it('offers Season Start only on weeks 1-4 and Regular only right after the last regular week', async () => {
    fakeServer();
    const { user } = renderPage();

    let menu = await openWeekMenu(user, 3);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Season Start']);
    await user.keyboard('{Escape}');

    menu = await openWeekMenu(user, 20);
    expect(within(menu).getByRole('menuitem')).toHaveTextContent('No other type can be chosen for this week');
    expect(within(menu).getByRole('menuitem')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');

    menu = await openWeekMenu(user, 42);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Regular', 'Holiday']);
    await user.keyboard('{Escape}');

    menu = await openWeekMenu(user, 43);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Holiday']);
  });

  it('shows a choice at once as pending, then Process asks and sends the updates in order', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();

    await choose(user, 42, 'Regular');
    expect(weekButton(42)).toHaveAccessibleName('Week 42, 12/07 - 12/13, Regular, pending update');
    expect(weekButton(42)).toHaveStyle({ backgroundColor: 'rgb(232, 232, 232)' });
    // The season now ends a week later, so the menu of the next week follows it.
    await choose(user, 43, 'Regular');
    const pending = screen.getByRole('list', { name: 'Pending updates (2)' });
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Week 42 to Regular', 'Week 43 to Regular']);

    await user.click(action('Process'));
    const dialog = await screen.findByRole('dialog', { name: SEASON_MESSAGES.processConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SEASON_MESSAGES.processing);
    const [put] = puts(requests);
    expect(put?.query.get('year')).toBe('2026');
    expect(put?.body).toEqual({
      weeks: [
        { week: 42, type: 'regular' },
        { week: 43, type: 'regular' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: /Pending updates/ })).not.toBeInTheDocument());
    // The answer is the new run: Process waits for it.
    expect(action('Process')).toBeDisabled();
  });

  it('does not send anything when the question is closed', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await choose(user, 42, 'Holiday');
    await user.click(action('Process'));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(requests)).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Pending updates (1)' })).toBeInTheDocument();
  });

  it('moves the season start and re-types the weeks before it', async () => {
    fakeServer();
    const { user } = renderPage();
    await choose(user, 4, 'Season Start');
    expect(weekButton(2)).toHaveAccessibleName('Week 2, 03/02 - 03/08, Winter, pending update');
    expect(weekButton(3)).toHaveAccessibleName('Week 3, 03/09 - 03/15, Winter, pending update');
    expect(weekButton(4)).toHaveAccessibleName('Week 4, 03/16 - 03/22, Season Start, pending update');
    expect(weekButton(5)).toHaveAccessibleName('Week 5, 03/23 - 03/29, Regular');
  });

  it('removes one update (and the ones that depended on it) or all of them', async () => {
    fakeServer();
    const { user } = renderPage();
    await choose(user, 42, 'Regular');
    await choose(user, 43, 'Regular');
    await choose(user, 50, 'Holiday');

    await user.click(screen.getByRole('button', { name: 'Remove Week 42 to Regular' }));
    // Week 43 could only become regular after week 42 did.
    expect(await screen.findByRole('alert')).toHaveTextContent('1 later update no longer applied and removed too');
    const pending = screen.getByRole('list', { name: 'Pending updates (1)' });
    expect(within(pending).getByRole('listitem')).toHaveTextContent('Week 50 to Holiday');
    expect(weekButton(42)).toHaveAccessibleName('Week 42, 12/07 - 12/13, Winter');
    expect(weekButton(43)).toHaveAccessibleName('Week 43, 12/14 - 12/20, Winter');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('list', { name: /Pending updates/ })).not.toBeInTheDocument();
    expect(weekButton(50)).toHaveAccessibleName('Week 50, 02/01 - 02/07, Winter');
  });

  it('processes the saved season without asking when nothing is pending', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await findWeek(1);
    await user.click(action('Process'));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toEqual({ weeks: [] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(SEASON_MESSAGES.processing);
  });

  it("keeps the pending updates and shows the server's message when Process is refused", async () => {
    fakeServer({ put: () => jsonResponse(409, { message: SEASON_MESSAGES.alreadyRunning }) });
    const { user } = renderPage();
    await choose(user, 42, 'Holiday');
    await user.click(action('Process'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SEASON_MESSAGES.alreadyRunning);
    expect(screen.getByRole('list', { name: 'Pending updates (1)' })).toBeInTheDocument();
    expect(weekButton(42)).toHaveAccessibleName('Week 42, 12/07 - 12/13, Holiday, pending update');
  });

  it('disables Process while a run is under way and follows it until it ends', async () => {
    // The page's own clock, moved on by the test: it polls every SCHEDULE_POLL_MS, and stops once the run has ended.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    let calls = 0;
    const { requests } = fakeServer({
      status: () => {
        calls += 1;
        return calls < 2
          ? runStatus({ status: 'in_progress', isProgress: true, total: 1200, progress: 480, percentage: 40 })
          : runStatus({ status: 'completed', total: 1200, progress: 1200, percentage: 100, completedAt: null });
      },
    });
    renderPage();
    const bar = await screen.findByRole('region', { name: 'Schedule status' });
    expect(await within(bar).findByText('480 of 1,200 properties · 40%')).toBeInTheDocument();
    expect(within(bar).getByText('Schedule 2026')).toBeInTheDocument();
    expect(within(bar).getByText('In progress')).toBeInTheDocument();
    expect(within(bar).getByRole('progressbar', { name: 'Schedule 2026 progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await findWeek(1);
    expect(action('Process')).toBeDisabled();

    await vi.advanceTimersByTimeAsync(SCHEDULE_POLL_MS);
    expect(await within(bar).findByText('Completed')).toBeInTheDocument();
    expect(within(bar).getByText('1,200 of 1,200 properties · 100%')).toBeInTheDocument();
    expect(action('Process')).toBeEnabled();
    const statusCalls = () => requests.filter((request) => request.path === '/schedule/status').length;
    const afterEnd = statusCalls();
    await vi.advanceTimersByTimeAsync(SCHEDULE_POLL_MS * 2);
    expect(statusCalls()).toBe(afterEnd);
  });

  it('says when the year was never processed, and why a run failed', async () => {
    let status = runStatus();
    fakeServer({ status: () => status });
    const { user } = renderPage();
    const bar = await screen.findByRole('region', { name: 'Schedule status' });
    expect(await within(bar).findByText(SEASON_MESSAGES.nothingRun)).toBeInTheDocument();
    expect(within(bar).queryByRole('progressbar')).not.toBeInTheDocument();

    status = runStatus({ status: 'failed', total: 10, progress: 4, percentage: 40, failureReason: 'Database gone' });
    await user.click(action('Reload'));
    expect(await within(bar).findByText('Database gone')).toBeInTheDocument();
    expect(within(bar).getByText('Failed')).toBeInTheDocument();
  });

  it('shows the season-start summary per week and market, with warnings', async () => {
    fakeServer();
    const { user } = renderPage();
    await user.click(await openedAction('Summary Season Start'));
    const dialog = await screen.findByRole('dialog', { name: 'Summary Season Start 2026' });
    const table = await within(dialog).findByRole('table', { name: 'Summary Season Start' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Week',
      'Market',
      'Weekly',
      'Bi-Weekly',
      '3-Weekly',
      'Drought Schedule',
      'Total',
      'Warning',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Week 102/23 - 03/01Austin4070350');
    expect(rows[1]).toHaveTextContent('Austin120703130');
    expect(within(rows[1] as HTMLElement).getByTitle(/More services than usual/)).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByTitle(/More services than usual/)).not.toBeInTheDocument();
  });

  it('says so when no market has services in the season-start weeks', async () => {
    fakeServer({ summary: [1, 2, 3, 4].map((week) => ({ week, start: '', end: '', markets: [] })) });
    const { user } = renderPage();
    await user.click(await openedAction('Summary Season Start'));
    const dialog = await screen.findByRole('dialog', { name: 'Summary Season Start 2026' });
    expect(await within(dialog).findByText('No markets available')).toBeInTheDocument();
  });

  it('asks before a reload discards pending updates, then loads weeks and status again', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await choose(user, 42, 'Holiday');
    const loads = () => requests.filter((request) => request.method === 'GET').length;
    const before = loads();

    await user.click(action('Reload'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard the pending updates?' })).getByRole('button', {
        name: 'Ok',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(loads()).toBe(before);
    expect(screen.getByRole('list', { name: 'Pending updates (1)' })).toBeInTheDocument();

    await user.click(action('Reload'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests.filter((request) => request.path === '/schedule/status')).toHaveLength(2));
    expect(requests.filter((request) => request.path === '/schedule')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: /Pending updates/ })).not.toBeInTheDocument();
  });

  it('moves to the next and previous year and keeps the choice for the session', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await findWeek(1);
    await user.click(action('Next year'));
    expect(await screen.findByRole('heading', { name: 'Mow year 2027' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/schedule' && request.query.get('year') === '2027')).toBe(
        true,
      ),
    );
    expect(await findWeek(1)).toHaveAccessibleName('Week 1, 02/22 - 02/28, Winter');
    expect(
      requests.some((request) => request.path === '/schedule/status' && request.query.get('year') === '2027'),
    ).toBe(true);
    expect(switchedMowYearStore.getState()).toBe(2027);

    await user.click(action('Previous year'));
    await user.click(action('Previous year'));
    expect(await screen.findByRole('heading', { name: 'Mow year 2025' })).toBeInTheDocument();
  });

  it("opens on the admin panel's saved mow year; a year switched to lasts until the session ends", async () => {
    fakeServer({ savedMowYear: 2028 });
    const first = renderPage();
    expect(await screen.findByRole('heading', { name: 'Mow year 2028' })).toBeInTheDocument();
    await first.user.click(action('Previous year'));
    expect(await screen.findByRole('heading', { name: 'Mow year 2027' })).toBeInTheDocument();
    first.unmount();

    // Back on the screen in the same session: the year switched to.
    const second = renderPage();
    expect(await screen.findByRole('heading', { name: 'Mow year 2027' })).toBeInTheDocument();
    second.unmount();

    // A new session opens on the saved year again.
    switchedMowYearStore.reset();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Mow year 2028' })).toBeInTheDocument();
  });

  it('opens on the current mow year when none is saved or the settings cannot be read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // January belongs to the mow year that started the February before.
    vi.setSystemTime(new Date('2027-01-15T18:00:00Z'));
    fakeServer({ savedMowYear: null });
    const first = renderPage();
    expect(await screen.findByRole('heading', { name: 'Mow year 2026' })).toBeInTheDocument();
    first.unmount();

    fakeServer({ savedMowYear: 'fails' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Mow year 2026' })).toBeInTheDocument();
  });

  it('stops at the last year offered', async () => {
    fakeServer();
    renderPage();
    switchedMowYearStore.setState(() => 2040);
    expect(await screen.findByRole('heading', { name: 'Mow year 2040' })).toBeInTheDocument();
    expect(action('Next year')).toBeDisabled();
  });

  it("lists the server's winter weeks and keeps the whole year for the menu", async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await findWeek(1);
    await user.click(action('Winter'));
    await waitFor(() => expect(requests.some((request) => request.query.get('range') === 'winter')).toBe(true));
    await waitFor(() => expect(listedWeeks()).toEqual([1, 42, 43, 46, 47, 48, 49, 50, 51, 52]));

    const menu = await openWeekMenu(user, 42);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Regular', 'Holiday']);
  });

  it("shows the server's message when the weeks cannot be loaded", async () => {
    installFakeFetch(() => jsonResponse(403, { message: 'This action is unauthorized.' }));
    renderPage();
    expect(await screen.findByText(/The weeks could not be loaded: This action is unauthorized\./)).toBeInTheDocument();
    expect(action('Process')).toBeDisabled();
  });
});
