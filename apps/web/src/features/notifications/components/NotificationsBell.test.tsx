import type { Notification } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../lib/app-store';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { LocationProbe, renderRoutes, signIn } from '../../../test/render';
import { NotificationsBell } from './NotificationsBell';

// Noon in Chicago on 2026-11-21; only Date is faked so timers and promises run normally.
const NOW = new Date('2026-11-21T18:00:00Z');

function item(overrides: Partial<Notification>): Notification {
  return {
    id: 1,
    typeId: 4,
    status: 1,
    name: 'Reminder',
    date: '2026-11-21T16:00:00Z',
    duration: 1440,
    available: true,
    customerAttributeId: null,
    customerName: null,
    ...overrides,
  };
}

const page = (data: Notification[]) => ({
  data,
  total: data.length,
  perPage: 50,
  currentPage: 1,
  firstPageUrl: '/api/notifications?page=1',
  lastPage: 1,
});

function fakeServer(list: Notification[], unread = () => 2) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/notifications' && request.method === 'GET') {
      if (request.query.get('render') === 'count') return jsonResponse(200, { total: unread() });
      const isOnlyUnread = request.query.get('filter[status]') === '1';
      return jsonResponse(200, page(isOnlyUnread ? list.filter((entry) => entry.status === 1) : list));
    }
    if (request.path === '/notifications' && request.method === 'PATCH') return jsonResponse(200, { updated: 2 });
    if (request.path.startsWith('/notifications/')) return jsonResponse(200, { data: {} });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const list = [
  item({ id: 1, name: 'Customer asked for a skip', typeId: 3, customerName: 'Jo Ray', customerAttributeId: 5 }),
  item({ id: 2, name: 'Deletion request', typeId: 3, customerName: null, customerAttributeId: 6 }),
  item({ id: 3, name: 'Crew 12 finished early', status: 0, date: '2026-11-18T15:00:00Z' }),
];

async function openPanel() {
  const rendered = renderRoutes([{ path: '/', element: <NotificationsBell /> }]);
  await rendered.user.click(screen.getByRole('button', { name: 'notifications' }));
  return { ...rendered, panel: await screen.findByRole('dialog', { name: 'Notifications' }) };
}

describe('notifications bell and panel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the unread count on the badge', async () => {
    const { requests } = fakeServer(list);
    renderRoutes([{ path: '/', element: <NotificationsBell /> }]);
    const bell = screen.getByRole('button', { name: 'notifications' });
    await waitFor(() => expect(within(bell).getByText('2')).toBeInTheDocument());
    expect(requests[0]?.query.toString()).toBe('filter%5Bstatus%5D=1&render=count');
  });

  it("groups items under TODAY and OLDER, with 'Name not registered' for an unnamed customer", async () => {
    fakeServer(list);
    const { panel } = await openPanel();
    const today = await within(panel).findByRole('list', { name: 'TODAY' });
    const older = within(panel).getByRole('list', { name: 'OLDER' });
    expect(within(today).getByText('Customer asked for a skip')).toBeInTheDocument();
    expect(within(today).getByText('Jo Ray')).toBeInTheDocument();
    expect(within(today).getByText('Name not registered')).toBeInTheDocument();
    expect(within(older).getByText('Crew 12 finished early')).toBeInTheDocument();
    expect(within(today).getAllByText('10:00 AM')).toHaveLength(2);
  });

  it('marks an unread item as read when it is chosen', async () => {
    const { requests } = fakeServer(list);
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: /Customer asked for a skip/ }));
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/notifications/1', body: { status: 0 } }),
      ),
    );
  });

  it('opens the customer record a customer-activity notification is about, marks it read and closes', async () => {
    const { requests } = fakeServer(list);
    const rendered = renderRoutes([
      { path: '/', element: <NotificationsBell /> },
      { path: '/edit-customer', element: <LocationProbe name="Customer record" /> },
    ]);
    await rendered.user.click(screen.getByRole('button', { name: 'notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await rendered.user.click(
      await within(panel).findByRole('link', { name: 'Open the customer of: Customer asked for a skip' }),
    );
    expect(await screen.findByRole('heading', { name: 'Customer record' })).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/edit-customer?id=5');
    expect(requests).toContainEqual(expect.objectContaining({ method: 'PATCH', path: '/notifications/1' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    // A notification of another kind opens nothing.
    expect(screen.queryByRole('link', { name: /Crew 12 finished early/ })).not.toBeInTheDocument();
  });

  it('marks a read item unread again', async () => {
    const { requests } = fakeServer(list);
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Mark as unread: Crew 12 finished early' }));
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/notifications/3', body: { status: 1 } }),
      ),
    );
  });

  it('raises the badge as soon as a notification arrives over the socket, without a reload', async () => {
    let unread = 2;
    fakeServer(list, () => unread);
    renderRoutes([{ path: '/', element: <NotificationsBell /> }]);
    const bell = screen.getByRole('button', { name: 'notifications' });
    await waitFor(() => expect(within(bell).getByText('2')).toBeInTheDocument());
    const socket = FakeWebSocket.latest();
    socket?.open();
    expect(socket?.sent).toEqual([{ type: 'hello', token: 'access-1' }]);
    unread = 3;
    socket?.receive({ type: 'notification', data: item({ id: 9, name: 'Deletion requested', typeId: 3 }) });
    await waitFor(() => expect(within(bell).getByText('3')).toBeInTheDocument());
  });

  it("'Mark all as read' sends the unread ids", async () => {
    const { requests } = fakeServer(list);
    const { user, panel } = await openPanel();
    await within(panel).findByRole('list', { name: 'TODAY' });
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/notifications', body: { ids: [1, 2] } }),
      ),
    );
  });

  it("'Show only unread' asks the server for unread ones and is remembered", async () => {
    const { requests } = fakeServer(list);
    const { user, panel } = await openPanel();
    await within(panel).findByRole('list', { name: 'OLDER' });
    await user.click(within(panel).getByRole('switch', { name: 'Show only unread' }));
    await waitFor(() => expect(within(panel).queryByRole('list', { name: 'OLDER' })).not.toBeInTheDocument());
    const lastList = requests.filter((request) => request.query.get('sort') === '-date').at(-1);
    expect(lastList?.query.get('filter[status]')).toBe('1');
    expect(lastList?.query.get('limit')).toBe('50');
    expect(appStore.getState().notifications.isOnlyUnread).toBe(true);
  });

  it('says so when there is nothing', async () => {
    fakeServer([]);
    const { panel } = await openPanel();
    expect(await within(panel).findByText('There are no pending notifications')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows the error and a retry when the list fails', async () => {
    installFakeFetch((request) =>
      request.query.get('render') === 'count'
        ? jsonResponse(200, { total: 0 })
        : jsonResponse(503, { message: 'Service unavailable' }),
    );
    const { panel } = await openPanel();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
