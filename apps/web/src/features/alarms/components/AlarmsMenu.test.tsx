import type { Alarm } from '@lawn/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { AlarmsMenu } from './AlarmsMenu';

// 09:29:10 in Chicago (UTC-6 in November) on 2026-11-27.
const NOW = new Date('2026-11-27T15:29:10Z');
const SLOW = { timeout: 60_000 };

function alarm(overrides: Partial<Alarm> = {}): Alarm {
  return {
    id: 1,
    alarmDate: '2026-11-27',
    alarmHour: '09:30',
    duration: 10,
    snooze: false,
    regarding: 'Call back Mrs. Baker',
    detail: 'About the fall clean-up',
    active: true,
    version: 1,
    createdAt: '2026-11-27T12:00:00Z',
    user: { id: 7, fullName: 'Ana Flores' },
    ...overrides,
  };
}

function fakeServer(alarms: Alarm[]) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/alarms/today') return jsonResponse(200, { today: '2026-11-27', data: alarms });
    if (request.path.endsWith('/status')) {
      return jsonResponse(200, { message: 'Your alarm has been updated.', data: { ...alarms[0], active: false } });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

/** Moves the clock (and the 40 s check) on, letting the page answer what it fired. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the top bar alarms', () => {
  beforeEach(() => {
    // setTimeout stays real: Testing Library waits with it.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it("lists today's alarms with their switches and counts the active ones", SLOW, async () => {
    fakeServer([alarm(), alarm({ id: 2, alarmHour: '14:00', regarding: 'Order mulch', active: false })]);
    const { user } = renderRoutes([{ path: '/', element: <AlarmsMenu /> }]);
    const button = screen.getByRole('button', { name: 'alarms' });
    await waitFor(() => expect(within(button).getByText('1')).toBeInTheDocument());
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: "Today's alarms" });
    expect(within(panel).getByRole('switch', { name: 'Active: 09:30 Call back Mrs. Baker' })).toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Active: 14:00 Order mulch' })).not.toBeChecked();
  });

  it('sets only the field of the switch turned', SLOW, async () => {
    const { requests } = fakeServer([alarm()]);
    const { user } = renderRoutes([{ path: '/', element: <AlarmsMenu /> }]);
    await user.click(screen.getByRole('button', { name: 'alarms' }));
    const panel = await screen.findByRole('dialog', { name: "Today's alarms" });
    await user.click(within(panel).getByRole('switch', { name: 'Snooze: 09:30 Call back Mrs. Baker' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/alarms/1/status')?.body).toEqual({ snooze: true }),
    );
  });

  it("says 'No alarms logged for today' when there are none", SLOW, async () => {
    fakeServer([]);
    const { user } = renderRoutes([{ path: '/', element: <AlarmsMenu /> }]);
    await user.click(screen.getByRole('button', { name: 'alarms' }));
    expect(await screen.findByText('No alarms logged for today')).toBeInTheDocument();
  });

  it('opens the alarm at its minute on the 40 s check, once, and Stop alarm stops it', SLOW, async () => {
    const { requests } = fakeServer([alarm(), alarm({ id: 2, regarding: 'Snoozed one', snooze: true })]);
    const { user } = renderRoutes([{ path: '/', element: <AlarmsMenu /> }]);
    await waitFor(() => expect(requests.some((request) => request.path === '/alarms/today')).toBe(true));
    await advance(40_000); // 09:29:50: not yet.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(40_000); // 09:30:30: due.
    const ringing = await screen.findByRole('dialog', { name: 'Alarm: Call back Mrs. Baker' });
    expect(within(ringing).getByText('About the fall clean-up')).toBeInTheDocument();
    // The snoozed alarm rings only its duration later.
    expect(screen.queryByRole('dialog', { name: 'Alarm: Snoozed one' })).not.toBeInTheDocument();
    await user.click(within(ringing).getByRole('button', { name: 'Stop alarm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Call back/ })).not.toBeInTheDocument());
    expect(requests.find((request) => request.path === '/alarms/1/status')?.body).toEqual({ active: false });
    await advance(40_000); // 09:31:10: the same alarm does not open twice.
    expect(screen.queryByRole('dialog', { name: /Call back/ })).not.toBeInTheDocument();
  });
});
