import 'fake-indexeddb/auto';
import { VISIT_MESSAGES, type CrewDay, type CrewStop } from '@lawn/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { flushVisits } from '../visit-queue';
import { CrewTodayPage } from './CrewTodayPage';

const stop = (overrides: Partial<CrewStop> = {}): CrewStop => ({
  propertyId: 11,
  serviceAddress: '12 Elm Street',
  city: 'Dallas',
  zipcode: '75201',
  gateCode: '4321',
  communityCode: null,
  hazards: ['Pets in the backyard'],
  specialRequests: ['Leave the side gate open'],
  state: 'pending',
  checkedInAt: null,
  checkedOutAt: null,
  ...overrides,
});

const day = (stops: CrewStop[]): CrewDay => ({ workday: '2026-06-10', crewNumber: 101, data: stops });
const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'yard.png', { type: 'image/png' });

/** The crew's day on the server: a check-in or check-out moves the stop on, as the API does. */
function installCrewServer(stops: CrewStop[], options: { isOnline: () => boolean } = { isOnline: () => true }) {
  const current = new Map(stops.map((item) => [item.propertyId, item]));
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/crew/today') return jsonResponse(200, day([...current.values()]));
    const match = /^\/crew\/stops\/(\d+)\/(check-in|check-out)$/.exec(request.path);
    if (request.method === 'POST' && match) {
      if (!options.isOnline()) return Promise.reject(new TypeError('Failed to fetch'));
      const id = Number(match[1]);
      const found = current.get(id);
      if (!found) return jsonResponse(409, { message: VISIT_MESSAGES.notOnRoute });
      const next: CrewStop = { ...found, state: match[2] === 'check-in' ? 'checked-in' : 'checked-out' };
      current.set(id, next);
      return jsonResponse(201, { message: 'ok', data: next });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderPage() {
  signIn({ role: 'crew', roles: ['crew'] });
  return renderRoutes([{ path: '/crew/today', element: <CrewTodayPage /> }], ['/crew/today']);
}

const visitPosts = (requests: readonly FakeRequest[]) => requests.filter((request) => request.method === 'POST');

afterEach(async () => {
  // Nothing a test left waiting reaches the next one.
  await flushVisits(async () => {});
});

describe('CrewTodayPage', () => {
  it('shows each stop with a maps link, its codes, hazards and special requests', async () => {
    installCrewServer([stop()]);
    renderPage();
    const card = await screen.findByRole('article', { name: '12 Elm Street' });
    const link = within(card).getByRole('link', { name: '12 Elm Street' });
    expect(link).toHaveAttribute('href', expect.stringContaining('google.com/maps/search/'));
    expect(link.getAttribute('href')).toContain(encodeURIComponent('12 Elm Street, Dallas 75201'));
    expect(within(card).getByText('Gate code: 4321')).toBeInTheDocument();
    expect(within(card).getByText('Pets in the backyard')).toBeInTheDocument();
    expect(within(card).getByText('Leave the side gate open')).toBeInTheDocument();
    const camera = within(card).getByLabelText('Check in at 12 Elm Street');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
  });

  it('says so when there are no stops', async () => {
    installCrewServer([]);
    renderPage();
    expect(await screen.findByText(VISIT_MESSAGES.noStops)).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    installFakeFetch(() => jsonResponse(500, { message: 'Server Error' }));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('checks a stop in with a photo, under an Idempotency-Key', async () => {
    const { requests } = installCrewServer([stop()]);
    const { user } = renderPage();
    await user.upload(await screen.findByLabelText('Check in at 12 Elm Street'), photo());

    const card = screen.getByRole('article', { name: '12 Elm Street' });
    expect(await within(card).findByRole('button', { name: 'Check out' })).toBeInTheDocument();
    await waitFor(() => expect(visitPosts(requests)).toHaveLength(1));
    const [post] = visitPosts(requests);
    expect(post?.path).toBe('/crew/stops/11/check-in');
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((post?.body as FormData).get('photo')).toBeInstanceOf(File);
    // The day it was taken travels with it, for a send that comes late.
    expect((post?.body as FormData).get('workday')).toBe('2026-06-10');
  });

  it('checks out with a note typed key by key and a photo', async () => {
    const { requests } = installCrewServer([stop({ state: 'checked-in' })]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out' });
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));
    expect(await within(dialog).findByText(VISIT_MESSAGES.photoRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Dog was out');
    await user.upload(within(dialog).getByLabelText('Photo of 12 Elm Street'), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(visitPosts(requests)).toHaveLength(1));
    const [post] = visitPosts(requests);
    expect(post?.path).toBe('/crew/stops/11/check-out');
    expect((post?.body as FormData).get('note')).toBe('Dog was out');
    expect(await screen.findByText('Done')).toBeInTheDocument();
  });

  it('keeps a check-in taken offline, shows it waiting, and sends it once when the connection returns', async () => {
    let isOnline = false;
    const { requests } = installCrewServer([stop()], { isOnline: () => isOnline });
    const { user } = renderPage();
    await user.upload(await screen.findByLabelText('Check in at 12 Elm Street'), photo());

    const card = screen.getByRole('article', { name: '12 Elm Street' });
    expect(await within(card).findByText(VISIT_MESSAGES.waitingToSend)).toBeInTheDocument();
    // The crew can go on: the stop shows checked in already.
    expect(within(card).getByRole('button', { name: 'Check out' })).toBeInTheDocument();
    await waitFor(() => expect(visitPosts(requests)).toHaveLength(1));
    const [offlineTry] = visitPosts(requests);

    isOnline = true;
    fireEvent(window, new Event('online'));

    await waitFor(() => expect(within(card).queryByText(VISIT_MESSAGES.waitingToSend)).not.toBeInTheDocument());
    const posts = visitPosts(requests);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.idempotencyKey).toBe(offlineTry?.idempotencyKey);
  });
});
