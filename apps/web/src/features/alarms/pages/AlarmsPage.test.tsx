import type { Alarm } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { AlarmsPage } from './AlarmsPage';

const NOW = new Date('2026-11-27T15:29:10Z');
// The grid and the dialogs render slowly on a shared machine.
const SLOW = { timeout: 60_000 };

const stored: Alarm = {
  id: 4,
  alarmDate: '2026-11-27',
  alarmHour: '09:30',
  duration: 10,
  snooze: false,
  regarding: 'Call back Mrs. Baker',
  detail: 'About the fall clean-up',
  active: true,
  version: 2,
  createdAt: '2026-11-27T12:00:00Z',
  user: { id: 7, fullName: 'Ana Flores' },
};

const page = (data: Alarm[]) => ({
  data,
  total: data.length,
  perPage: 50,
  currentPage: 1,
  firstPageUrl: '/api/alarms?page=1',
  lastPage: 1,
});

function fakeServer(alarms: Alarm[]) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/alarms' && request.method === 'GET') return jsonResponse(200, page(alarms));
    if (request.path === '/alarms' && request.method === 'POST') {
      return jsonResponse(201, { message: 'Your alarm has been created.', data: stored });
    }
    if (request.path === '/alarms' && request.method === 'DELETE') {
      return jsonResponse(200, { message: 'The alarm(s) have been deleted.', deleted: 1 });
    }
    if (request.path === '/alarms/4' && request.method === 'PATCH') {
      return jsonResponse(200, { message: 'Your alarm has been updated.', data: stored });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = () => renderRoutes([{ path: '/', element: <AlarmsPage /> }]);

describe('the alarms page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it("says 'No alarms available', and asks for a selection before Reschedule and Delete", SLOW, async () => {
    const { requests } = fakeServer([]);
    const { user } = renderPage();
    expect(await screen.findByText('No alarms available')).toBeInTheDocument();
    expect(requests[0]?.query.toString()).toBe('render=paginate&include=users&sort=-id&limit=50&page=1');
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText('Please select only one alarm.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Please select at least one alarm.')).toBeInTheDocument();
  });

  it('sets a new alarm typed key by key, with each field required', SLOW, async () => {
    const { requests } = fakeServer([]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New alarm' }));
    const form = await screen.findByRole('dialog', { name: 'New alarm' });
    expect(within(form).getByLabelText('Date')).toHaveValue('2026-11-27');
    expect(within(form).getByLabelText('Hour')).toHaveValue('09:30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Field is required')).toHaveLength(4);
    await user.type(within(form).getByRole('textbox', { name: 'Duration (minutes)' }), '2000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a duration from 1 to 1440 minutes')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: 'Duration (minutes)' }));
    await user.type(within(form).getByRole('textbox', { name: 'Duration (minutes)' }), '15');
    await user.click(within(form).getByRole('radio', { name: 'No' }));
    await user.type(within(form).getByRole('textbox', { name: 'Regarding' }), 'Call back');
    await user.type(within(form).getByRole('textbox', { name: 'Detail' }), 'Fall clean-up');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New alarm' })).not.toBeInTheDocument());
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      alarmDate: '2026-11-27',
      alarmHour: '09:30',
      duration: 15,
      snooze: false,
      regarding: 'Call back',
      detail: 'Fall clean-up',
    });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reschedules the one selected alarm from its version, and deletes after a confirmation', SLOW, async () => {
    const { requests } = fakeServer([stored]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    const form = await screen.findByRole('dialog', { name: 'Reschedule alarm' });
    const hour = within(form).getByLabelText('Hour');
    await user.clear(hour);
    await user.type(hour, '10:15');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({
      alarmHour: '10:15',
      duration: 10,
      version: 2,
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete alarms' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
    expect(requests.find((request) => request.method === 'DELETE')?.body).toEqual({ ids: [4] });
  });
});
