import { DASHBOARD_MESSAGES, type DashboardResponse, type MarketDashboard } from '@lawn/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

const WEEK = ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10'];

function market(overrides: Partial<MarketDashboard> = {}): MarketDashboard {
  return {
    id: 1,
    name: 'Dallas',
    timeZone: 'America/Chicago',
    today: '2026-05-06',
    depot: null,
    dayNewSignups: WEEK.map((date, index) => ({ date, count: index === 2 ? 4 : 0 })),
    weeklySignups: { week: 10, count: 6 },
    dailyRevenue: { date: '2026-05-06', amount: 77.99 },
    mowingCapacity: [
      { date: '2026-05-06', capacity: 20, schedule: 17, progress: 85, status: 'open' },
      { date: '2026-05-07', capacity: 13, schedule: 11, progress: 84, status: 'open' },
      { date: '2026-05-08', capacity: null, schedule: 3, progress: null, status: 'open' },
    ],
    overWeekRevenue: { currentWeek: 10, days: WEEK.map((date) => ({ date, amount: 0 })) },
    totalActiveCustomer: { count: 1234 },
    totalScheduleNow: { count: 17 },
    ...overrides,
  };
}

function serve(markets: MarketDashboard[], generatedAt = '2026-05-06T15:00:00Z') {
  return installFakeFetch((request) => {
    if (request.path === '/dashboard') {
      const body: DashboardResponse = { generatedAt, data: markets };
      return jsonResponse(200, body);
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const dashboardCalls = (requests: { path: string }[]) => requests.filter((request) => request.path === '/dashboard');

function renderDashboard() {
  signIn({ navigation: [] });
  return renderRoutes([{ path: '/dashboard', Component: DashboardPage }], ['/dashboard']);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DashboardPage', () => {
  it('shows the market’s figures and greets by the market’s clock, not the browser’s', async () => {
    serve([market()], '2026-05-06T22:30:00Z');
    renderDashboard();

    expect(await screen.findByRole('tab', { name: 'Dallas', selected: true })).toBeVisible();
    // 17:30 in Chicago, whatever zone the test runs in.
    expect(screen.getByRole('heading', { level: 2, name: 'Good afternoon, Ana' })).toBeVisible();
    expect(screen.getByText('1,234')).toBeVisible();
    expect(screen.getByText('$77.99')).toBeVisible();
    const signups = screen.getByRole('table', { name: 'New signups per day' });
    expect(within(signups).getByRole('row', { name: 'Wed 5/6 4' })).toBeInTheDocument();
    expect(screen.getByText(DASHBOARD_MESSAGES.noCoordinates)).toBeVisible();
  });

  it("says 'No data to display' for a chart with nothing in it", async () => {
    serve([market()]);
    renderDashboard();

    const revenue = (await screen.findByRole('heading', { name: 'Revenue over week 10' })).closest('div');
    if (!revenue) throw new Error('no revenue card');
    expect(within(revenue).getByText(DASHBOARD_MESSAGES.noData)).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Revenue over week 10' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'New signups per day' })).toBeInTheDocument();
  });

  it('turns a day booked at 85% or more red, and says so in words; 84% stays as it is', async () => {
    serve([market()]);
    renderDashboard();

    const full = await screen.findByRole('progressbar', { name: 'Wed 5/6: 17 of 20 mows scheduled (85%)' });
    expect(full).toHaveAttribute('data-warning', 'true');
    expect(full.className).toMatch(/colorError/);
    expect(screen.getByText(/17 of 20 mows scheduled \(85%\) · 85% or more booked/)).toBeVisible();

    const almost = screen.getByRole('progressbar', { name: 'Thu 5/7: 11 of 13 mows scheduled (84%)' });
    expect(almost).toHaveAttribute('data-warning', 'false');
    expect(almost.className).not.toMatch(/colorError/);
    expect(screen.getByText('3 scheduled, no limit set')).toBeVisible();
  });

  it('reads the figures again on Refresh', async () => {
    const { requests } = serve([market()]);
    const { user } = renderDashboard();
    await screen.findByRole('tab', { name: 'Dallas' });
    expect(dashboardCalls(requests)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await vi.waitFor(() => expect(dashboardCalls(requests)).toHaveLength(2));
  });

  it('reads the figures again when the clock reaches minute 0, checking every minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-05-06T14:58:30Z'));
    const { requests } = serve([market()]);
    renderDashboard();
    await screen.findByRole('tab', { name: 'Dallas' });

    await act(async () => vi.advanceTimersByTimeAsync(60_000)); // 14:59:30
    expect(dashboardCalls(requests)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(60_000)); // 15:00:30
    await vi.waitFor(() => expect(dashboardCalls(requests)).toHaveLength(2));
    await act(async () => vi.advanceTimersByTimeAsync(60_000)); // 15:01:30
    expect(dashboardCalls(requests)).toHaveLength(2);
  });

  it('shows a tab per market and the chosen one’s figures', async () => {
    serve([market(), market({ id: 2, name: 'Austin', totalActiveCustomer: { count: 42 } })]);
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('tab', { name: 'Austin' }));

    expect(screen.getByRole('tab', { name: 'Austin', selected: true })).toBeVisible();
    expect(screen.getByText('42')).toBeVisible();
  });

  it("says 'No markets available' when there are none", async () => {
    serve([]);
    renderDashboard();
    expect(await screen.findByText('No markets available')).toBeVisible();
  });
});
